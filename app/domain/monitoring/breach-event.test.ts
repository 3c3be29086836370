import { describe, expect, it } from "vitest";
import { breachEvent } from "./breach-event";
import { evaluateRule, type RuleOutcome } from "./evaluate";
import type { OrderFacts } from "./order-facts";
import { oneLineOrder } from "../../../tests/fixtures/orders";

// one $100 line with $40 off, by the code BIG40
const facts: OrderFacts = { ...oneLineOrder(9, 40), discountCodes: ["BIG40"] };
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

describe("the audit event of a delivered alert", async () => {
  const { alertSentEvent } = await import("./breach-event");
  it("is one per breach, says the channel, and marks samples", () => {
    const breach = {
      severity: "high" as const,
      orderId: "gid://shopify/Order/9",
      orderName: "#9",
      discountCodes: ["BIG40"],
      discountPercent: 40,
      totalDiscountCents: 4_000,
      currency: "USD",
      ruleName: "Max 30%",
      threshold: 30,
    };
    const event = alertSentEvent("breach-1", breach, { channel: "webhook", detail: "1 webhook" });
    expect(event).toMatchObject({
      eventType: "alert_sent",
      message: "Alert about order #9 sent (1 webhook)",
      dedupeKey: "alert_sent|breach-1",
      details: { channel: "webhook", breach_event_id: "breach-1" },
    });
    expect(event.createdAt).toBeUndefined();
    const sample = alertSentEvent("breach-1", breach, {
      channel: "email",
      detail: "email, sample",
      sample: true,
      at: new Date(0),
    });
    expect(sample.details).toMatchObject({ sample: true });
    expect(sample.createdAt).toEqual(new Date(0));
  });
});
