import { describe, expect, it } from "vitest";
import { breachEvent } from "./breach-event";
import { evaluateRule, type RuleOutcome } from "./evaluate";
import type { OrderFacts } from "./order-facts";

const facts: OrderFacts = {
  orderId: "gid://shopify/Order/9",
  orderName: "#9",
  currency: "USD",
  preDiscountSubtotalCents: 10_000,
  lineDiscountCents: 4_000,
  shippingDiscountCents: 0,
  totalDiscountCents: 4_000,
  discountCodes: ["BIG40"],
  applications: [],
  lines: [
    {
      lineId: "1",
      variantId: null,
      productId: null,
      collectionIds: [],
      quantity: 1,
      unitPriceCents: 10_000,
      discountCents: 4_000,
      unitCostCents: null,
    },
  ],
};
const rule = {
  id: "r1",
  name: "Max 30%",
  ruleType: "max_discount",
  thresholdUnit: "PERCENT",
  thresholdPercent: 30,
  thresholdAmountCents: null,
};

describe("the audit event of a breach", () => {
  const outcome = evaluateRule(facts, rule) as Extract<RuleOutcome, { breached: true }>;
  const at = new Date("2026-11-22T06:00:00Z");

  it("records the numbers behind the breach, once per order state", () => {
    const event = breachEvent(outcome, facts, {
      customerId: null,
      topic: "orders/create",
      changed: false,
      fingerprintHash: "abc",
      at,
    });
    expect(event).toMatchObject({
      eventType: "rule_triggered",
      orderName: "#9",
      discountCodes: ["BIG40"],
      discountPercent: 40,
      totalDiscountCents: 4_000,
      preDiscountSubtotalCents: 10_000,
      subtotalAfterDiscountCents: 6_000,
      ruleKey: "max_discount",
      threshold: 30,
      dedupeKey: "gid://shopify/Order/9|r1|abc",
      createdAt: at,
    });
  });

  it("says when an edited order's discounts changed", () => {
    const event = breachEvent(outcome, facts, {
      customerId: null,
      topic: "orders/updated",
      changed: true,
      fingerprintHash: "def",
      at,
    });
    expect(event.message).toMatch(/\(order edited: its discounts changed\)$/);
    expect(event.details).toMatchObject({ topic: "orders/updated", order_edited: true });
  });
});
