import { describe, expect, it } from "vitest";
import {
  DEFAULT_CUSTOMER_MESSAGE,
  checkoutDecision,
  parseCheckoutConfig,
  serializeCheckoutConfig,
  testCheckout,
  toCents,
  type CheckoutCart,
  type CheckoutConfig,
} from "./checkout-blocking";

const config = (overrides: Partial<CheckoutConfig> = {}): CheckoutConfig => ({
  thresholdPercent: 40,
  maxDiscountCents: null,
  maxStackedDiscounts: null,
  staffOverride: true,
  instantBlocking: true,
  message: "Not with these codes",
  ...overrides,
});
const cart = (overrides: Partial<CheckoutCart> = {}): CheckoutCart => ({
  subtotalCents: 10_000,
  discountCents: 0,
  stackedDiscounts: 1,
  step: "CHECKOUT_COMPLETION",
  overrideTagged: false,
  currencyRate: 1,
  ...overrides,
});

describe("the checkout configuration in the metafield", () => {
  it("reads what the app writes", () => {
    const stored = serializeCheckoutConfig(config({ maxDiscountCents: 5_000, maxStackedDiscounts: 1 }));
    expect(parseCheckoutConfig(stored)).toEqual(config({ maxDiscountCents: 5_000, maxStackedDiscounts: 1 }));
  });

  it("is absent or unreadable: no configuration, so nothing is blocked", () => {
    for (const value of [
      null,
      undefined,
      "",
      "{",
      "[]",
      "null",
      "42",
      '{"thresholdPercent":"40"}',
      '{"thresholdPercent":140}',
      '{"thresholdPercent":-1}',
    ]) {
      expect(parseCheckoutConfig(value)).toBeNull();
    }
    expect(checkoutDecision(cart({ discountCents: 9_000 }), parseCheckoutConfig("{"))).toMatchObject({
      blocked: false,
    });
  });

  it("falls back to the default message and staff override on; ignores nonsense caps", () => {
    expect(parseCheckoutConfig('{"thresholdPercent":25,"maxDiscountCents":-5,"maxStackedDiscounts":0}')).toEqual({
      thresholdPercent: 25,
      maxDiscountCents: null,
      maxStackedDiscounts: null,
      staffOverride: true,
      instantBlocking: true,
      message: DEFAULT_CUSTOMER_MESSAGE,
    });
  });
});

describe("the decision", () => {
  it("blocks above the percent, not at it", () => {
    expect(checkoutDecision(cart({ discountCents: 4_000 }), config())).toMatchObject({
      blocked: false,
      discountPercent: 40,
    });
    expect(checkoutDecision(cart({ discountCents: 3_999 }), config()).blocked).toBe(false);
    expect(checkoutDecision(cart({ discountCents: 4_001 }), config())).toEqual({
      blocked: true,
      reason: "percent",
      discountPercent: 40.01,
      overLimitCents: 1,
      message: "Not with these codes",
    });
  });

  it("never blocks while the buyer edits the cart, nor a tagged customer with staff override on", () => {
    const big = cart({ discountCents: 9_000 });
    expect(checkoutDecision({ ...big, step: "CART_INTERACTION" }, config()).blocked).toBe(false);
    expect(checkoutDecision({ ...big, step: "CHECKOUT_INTERACTION" }, config()).blocked).toBe(true);
    expect(checkoutDecision({ ...big, step: null }, config()).blocked).toBe(true);
    expect(checkoutDecision({ ...big, overrideTagged: true }, config()).blocked).toBe(false);
    expect(checkoutDecision({ ...big, overrideTagged: true }, config({ staffOverride: false })).blocked).toBe(true);
  });

  it("with instant blocking off, lets the buyer through the checkout and stops them when paying", () => {
    const big = cart({ discountCents: 9_000 });
    const atPayment = config({ instantBlocking: false });
    expect(checkoutDecision({ ...big, step: "CHECKOUT_INTERACTION" }, atPayment).blocked).toBe(false);
    expect(checkoutDecision({ ...big, step: "CHECKOUT_COMPLETION" }, atPayment).blocked).toBe(true);
    // a webhook's checkout (step unknown) is decided as at payment: it could not be paid for
    expect(checkoutDecision({ ...big, step: null }, atPayment).blocked).toBe(true);
    expect(parseCheckoutConfig(serializeCheckoutConfig(atPayment))).toEqual(atPayment);
  });

  it("caps the amount in the shop's currency, converted at the checkout's rate", () => {
    const capped = config({ thresholdPercent: 100, maxDiscountCents: 2_000 });
    expect(checkoutDecision(cart({ discountCents: 2_000 }), capped).blocked).toBe(false);
    expect(checkoutDecision(cart({ discountCents: 2_500 }), capped)).toMatchObject({
      reason: "amount",
      overLimitCents: 500,
    });
    // EUR at 0.9 per USD: a $20 cap is €18
    expect(checkoutDecision(cart({ discountCents: 1_900, currencyRate: 0.9 }), capped)).toMatchObject({
      reason: "amount",
      overLimitCents: 100,
    });
  });

  it("limits stacked discounts when the stacking settings ask for it", () => {
    const one = config({ maxStackedDiscounts: 1 });
    expect(checkoutDecision(cart({ discountCents: 1_000, stackedDiscounts: 1 }), one).blocked).toBe(false);
    expect(checkoutDecision(cart({ discountCents: 1_000, stackedDiscounts: 2 }), one).reason).toBe("stacking");
    expect(checkoutDecision(cart({ discountCents: 1_000, stackedDiscounts: 2 }), config()).blocked).toBe(false);
  });

  it("lets an empty or undiscounted cart through; a discount on nothing is above any limit under 100 %", () => {
    expect(checkoutDecision(cart({ subtotalCents: 0 }), config()).blocked).toBe(false);
    expect(checkoutDecision(cart({ discountCents: 0 }), config({ thresholdPercent: 0 })).blocked).toBe(false);
    expect(checkoutDecision(cart({ subtotalCents: 0, discountCents: 100 }), config()).blocked).toBe(true);
    expect(checkoutDecision(cart({ discountCents: 1 }), config({ thresholdPercent: 0 })).blocked).toBe(true);
  });

  it("reads Shopify's decimal amounts in cents", () => {
    expect(toCents("12.99")).toBe(1_299);
    expect(toCents("0.1")).toBe(10);
    expect(toCents(40.005)).toBe(4_001);
    expect(toCents("nonsense")).toBe(0);
  });
});

describe("the Integration Center's test", () => {
  it("blocks subtotal 100 with the threshold + 5 off, with the customer message, and allows the threshold", () => {
    expect(testCheckout({ subtotal: 100, discount: 45, thresholdPercent: 40 }, "Nope")).toEqual({
      blocked: true,
      discountPercent: 45,
      message: "Nope",
    });
    expect(testCheckout({ subtotal: 100, discount: 40, thresholdPercent: 40 }, "Nope")).toEqual({
      blocked: false,
      discountPercent: 40,
      message: "Checkout allowed: 40% off is within the 40% limit.",
    });
  });
});
