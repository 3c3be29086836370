/**
 * The one decision about blocking a checkout (docs/product.md#decisions, 7): the checkout
 * Function (extensions/margin-guardrail-checkout, which bundles this module), the server's
 * function test and the `checkout_blocked` events all call `checkoutDecision`, so the three
 * cannot disagree. Pure and dependency-free: it runs inside Shopify's Function runtime.
 *
 * A cart is blocked when its discount is above the configured percent of its pre-discount
 * subtotal (at the threshold exactly it passes), or above the amount cap, or when it stacks
 * more discount applications than allowed. It is never blocked while the buyer edits the
 * cart, nor for a customer with the override tag while staff override is on, nor without a
 * readable configuration. With instant blocking on, the buyer is stopped as soon as the
 * checkout shows the discounts (CHECKOUT_INTERACTION); with it off, only when paying
 * (CHECKOUT_COMPLETION), so the buyer can still change the cart in the checkout without an
 * error on every edit (docs/product.md#checkout-blocking).
 */
import { dollarsToCents, percentToFraction, roundToHundredths } from "../money";

/** The customer tag that lets staff place an order the rules would block (staff override). */
export const OVERRIDE_TAG = "margin-guardrail-override";
/** The validation's `$app` metafield that holds the configuration. */
export const CONFIG_METAFIELD = { namespace: "$app", key: "checkout-config" } as const;
export const DEFAULT_THRESHOLD_PERCENT = 40;
export const DEFAULT_CUSTOMER_MESSAGE =
  "This discount combination isn't allowed. Please contact support for assistance.";
/** The longest customer message the configuration keeps. */
export const MAX_MESSAGE_LENGTH = 255;

export interface CheckoutConfig {
  /** 0-100: the largest share of the pre-discount subtotal a discount may take */
  thresholdPercent: number;
  /** the largest discount in the shop's currency, in cents; null: no cap */
  maxDiscountCents: number | null;
  /** the most discount applications a cart may stack; null: no limit */
  maxStackedDiscounts: number | null;
  /** a customer tagged OVERRIDE_TAG is let through */
  staffOverride: boolean;
  /** block while the buyer is in the checkout, not only when paying */
  instantBlocking: boolean;
  /** what the buyer reads when the checkout is blocked */
  message: string;
}

export type BuyerJourneyStep = "CART_INTERACTION" | "CHECKOUT_INTERACTION" | "CHECKOUT_COMPLETION";

/** A cart as the decision sees it; amounts in cents of the buyer's (presentment) currency. */
export interface CheckoutCart {
  subtotalCents: number;
  discountCents: number;
  /** discount applications with an amount */
  stackedDiscounts: number;
  /** null when unknown (a webhook's checkout): decided as at checkout */
  step: BuyerJourneyStep | null;
  overrideTagged: boolean;
  /** presentment currency units per shop currency unit (1 when they are the same) */
  currencyRate: number;
}

export type BlockReason = "percent" | "amount" | "stacking";

export interface CheckoutDecision {
  blocked: boolean;
  reason: BlockReason | null;
  /** the discount's share of the pre-discount subtotal, 0-100 (2 decimals) */
  discountPercent: number;
  /** how far the discount goes above the limit that blocked it, in cents (0 when allowed) */
  overLimitCents: number;
  message: string;
}

const isFiniteNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

/** The configuration stored in the metafield, or null when absent or unreadable (then nothing is blocked). */
export function parseCheckoutConfig(value: string | null | undefined): CheckoutConfig | null {
  if (typeof value !== "string" || value.length === 0) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(value);
  } catch {
    return null;
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return null;
  const data = raw as Record<string, unknown>;
  const threshold = data.thresholdPercent;
  if (!isFiniteNumber(threshold) || threshold < 0 || threshold > 100) return null;
  const cap = data.maxDiscountCents;
  const stacked = data.maxStackedDiscounts;
  const message = typeof data.message === "string" && data.message.trim() !== "" ? data.message.trim() : null;
  return {
    thresholdPercent: threshold,
    maxDiscountCents: isFiniteNumber(cap) && cap >= 0 ? Math.round(cap) : null,
    maxStackedDiscounts: isFiniteNumber(stacked) && stacked >= 1 ? Math.floor(stacked) : null,
    staffOverride: data.staffOverride !== false,
    instantBlocking: data.instantBlocking !== false,
    message: (message ?? DEFAULT_CUSTOMER_MESSAGE).slice(0, MAX_MESSAGE_LENGTH),
  };
}

/** The configuration as the metafield stores it. */
export function serializeCheckoutConfig(config: CheckoutConfig): string {
  return JSON.stringify({
    thresholdPercent: config.thresholdPercent,
    maxDiscountCents: config.maxDiscountCents,
    maxStackedDiscounts: config.maxStackedDiscounts,
    staffOverride: config.staffOverride,
    instantBlocking: config.instantBlocking,
    message: config.message,
  });
}

/** A decimal amount ("12.99", 12.99) in cents; anything unreadable counts as 0. */
export function toCents(amount: string | number | null | undefined): number {
  const value = typeof amount === "number" ? amount : Number.parseFloat(amount ?? "");
  return Number.isFinite(value) ? dollarsToCents(value) : 0;
}

function allowed(discountPercent: number): CheckoutDecision {
  return { blocked: false, reason: null, discountPercent, overLimitCents: 0, message: "" };
}

export function checkoutDecision(cart: CheckoutCart, config: CheckoutConfig | null): CheckoutDecision {
  const subtotal = Math.max(0, cart.subtotalCents);
  const discount = Math.max(0, cart.discountCents);
  const discountPercent = subtotal > 0 ? roundToHundredths((discount / subtotal) * 100) : 0;
  if (!config || cart.step === "CART_INTERACTION") return allowed(discountPercent);
  if (!config.instantBlocking && cart.step === "CHECKOUT_INTERACTION") return allowed(discountPercent);
  if (config.staffOverride && cart.overrideTagged) return allowed(discountPercent);
  if (discount === 0) return allowed(discountPercent);

  const blocked = (reason: BlockReason, overLimitCents: number): CheckoutDecision => ({
    blocked: true,
    reason,
    discountPercent,
    overLimitCents: Math.max(0, Math.round(overLimitCents)),
    message: config.message,
  });
  // above the percent: discount / subtotal > threshold, compared without rounding
  if (subtotal > 0 ? discount * 100 > config.thresholdPercent * subtotal : config.thresholdPercent < 100) {
    return blocked("percent", discount - percentToFraction(config.thresholdPercent) * subtotal);
  }
  if (config.maxDiscountCents !== null) {
    const cap = config.maxDiscountCents * (cart.currencyRate > 0 ? cart.currencyRate : 1);
    if (discount > cap) return blocked("amount", discount - cap);
  }
  if (config.maxStackedDiscounts !== null && cart.stackedDiscounts > config.maxStackedDiscounts) {
    return blocked("stacking", 0);
  }
  return allowed(discountPercent);
}

/** The server's function test: a subtotal and a discount in the shop's currency against a threshold. */
export function testCheckout(input: { subtotal: number; discount: number; thresholdPercent: number }, message: string) {
  const decision = checkoutDecision(
    {
      subtotalCents: toCents(input.subtotal),
      discountCents: toCents(input.discount),
      stackedDiscounts: 1,
      step: "CHECKOUT_COMPLETION",
      overrideTagged: false,
      currencyRate: 1,
    },
    {
      thresholdPercent: input.thresholdPercent,
      maxDiscountCents: null,
      maxStackedDiscounts: null,
      staffOverride: true,
      instantBlocking: true,
      message,
    },
  );
  return {
    blocked: decision.blocked,
    discountPercent: decision.discountPercent,
    message: decision.blocked
      ? decision.message
      : `Checkout allowed: ${decision.discountPercent}% off is within the ${input.thresholdPercent}% limit.`,
  };
}
