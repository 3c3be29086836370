/**
 * The audit events of checkout blocking (docs/product.md#checkout-blocking):
 * `checkout_blocked` for a checkout the deployed validation stops, `admin_override` for an
 * order the validation would have stopped but for the staff-override tag. Both are decided
 * by checkoutDecision, the Function's own code. Pure.
 */
import type { NewAuditEvent } from "../audit/audit-events";
import { checkoutDecision, type CheckoutCart, type CheckoutConfig, type CheckoutDecision } from "./checkout-blocking";
import type { CheckoutFacts } from "./checkout-payload";
import { formatCents } from "../money";
import type { OrderFacts } from "../monitoring/order-facts";
import { severityFor, stackingSeverity } from "../severity";

const REASONS = {
  percent: (config: CheckoutConfig) => `above the ${config.thresholdPercent}% limit`,
  amount: (config: CheckoutConfig, currency: string) =>
    `above the ${formatCents(config.maxDiscountCents, currency)} cap`,
  stacking: (config: CheckoutConfig) => `more than ${config.maxStackedDiscounts} discounts stacked`,
};

function reasonText(decision: CheckoutDecision, config: CheckoutConfig, currency: string): string {
  return decision.reason ? REASONS[decision.reason](config, currency) : "";
}

function severityOf(decision: CheckoutDecision, cart: CheckoutCart, config: CheckoutConfig) {
  if (decision.reason === "stacking") return stackingSeverity(cart.stackedDiscounts);
  if (decision.reason === "amount") return severityFor(cart.discountCents, config.maxDiscountCents ?? 0);
  return severityFor(decision.discountPercent, config.thresholdPercent);
}

function amounts(cart: CheckoutCart, decision: CheckoutDecision) {
  return {
    discountPercent: decision.discountPercent,
    totalDiscountCents: cart.discountCents,
    preDiscountSubtotalCents: cart.subtotalCents,
    subtotalAfterDiscountCents: Math.max(0, cart.subtotalCents - cart.discountCents),
    ruleKey: decision.reason === "stacking" ? "stacking_prevention" : "checkout_validation",
    ruleName: "Checkout blocking",
  };
}

/** The event of a checkout the deployed validation blocks, or null when it lets it through. */
export function checkoutBlockedEvent(
  checkout: CheckoutFacts,
  config: CheckoutConfig,
  at: Date,
): { event: NewAuditEvent; decision: CheckoutDecision } | { event: null; decision: CheckoutDecision } {
  const decision = checkoutDecision(checkout.cart, config);
  if (!decision.blocked) return { event: null, decision };
  const label = checkout.name ?? `checkout ${checkout.token.slice(0, 8)}`;
  return {
    decision,
    event: {
      eventType: "checkout_blocked",
      severity: severityOf(decision, checkout.cart, config),
      message: `Checkout blocked: ${label} had ${decision.discountPercent}% off, ${reasonText(decision, config, checkout.currency)}`,
      orderName: checkout.name,
      customerId: checkout.customerId,
      discountCodes: checkout.discountCodes,
      ...amounts(checkout.cart, decision),
      // the discount above the limit that the block kept in the store
      marginSavedCents: decision.overLimitCents,
      currency: checkout.currency,
      threshold: config.thresholdPercent,
      details: { rule_name: "Checkout blocking", threshold_amount: config.thresholdPercent, reason: decision.reason },
      dedupeKey: `checkout:${checkout.token}`,
      createdAt: at,
    },
  };
}

/** The cart of an order as the Function saw it at checkout: line discounts against the lines. */
export function orderCart(facts: OrderFacts): CheckoutCart {
  return {
    subtotalCents: facts.preDiscountSubtotalCents,
    discountCents: facts.lineDiscountCents,
    stackedDiscounts: facts.applications.filter((item) => item.target === "line_item" && item.amountCents > 0).length,
    step: null,
    overrideTagged: false,
    currencyRate: 1,
  };
}

/**
 * The event of an order placed past the validation with the override tag: the order the
 * configuration would have blocked, with who placed it and why when Shopify says.
 */
export function adminOverrideEvent(
  facts: OrderFacts,
  customerId: string | null,
  config: CheckoutConfig,
  at: Date,
): NewAuditEvent | null {
  if (!facts.override || !config.staffOverride) return null;
  const cart = orderCart(facts);
  const decision = checkoutDecision(cart, config);
  if (!decision.blocked) return null;
  return {
    eventType: "admin_override",
    severity: severityOf(decision, cart, config),
    message: `Staff override: ${facts.orderName} went through with ${decision.discountPercent}% off, ${reasonText(decision, config, facts.currency)}`,
    orderId: facts.orderId,
    orderName: facts.orderName,
    customerId,
    discountCodes: facts.discountCodes,
    ...amounts(cart, decision),
    currency: facts.currency,
    threshold: config.thresholdPercent,
    details: { rule_name: "Checkout blocking", threshold_amount: config.thresholdPercent, reason: decision.reason },
    overrideBy: facts.override.by ?? "Not given by Shopify",
    overrideReason: facts.override.reason ?? "No note on the order",
    dedupeKey: `override:${facts.orderId}`,
    createdAt: at,
  };
}
