import { describe, expect, it } from "vitest";
import type { AlertEvent } from "./alert-event";
import { breachEventsOf, breachKeyOf, breachesOf, breachesToTell, orderAlertOf, worstFirst } from "./order-alert";

const AT = new Date("2026-11-28T10:00:00Z");

function breach(rule: string, severity: AlertEvent["severity"], overLimitCents: number) {
  return {
    eventKey: `gid://shopify/Order/1|${rule}|fp`,
    breachKey: `rule|${rule}`,
    event: {
      severity,
      message: `Order #1001 broke ${rule}`,
      orderId: "gid://shopify/Order/1",
      orderName: "#1001",
      discountCodes: ["SAVE50"],
      discountPercent: 50,
      totalDiscountCents: 5_000,
      overLimitCents,
      currency: "USD",
      ruleName: rule,
      threshold: 20,
      createdAt: AT,
    },
  };
}

describe("an order's one alert", () => {
  it("keys a breach by what stays the same after an edit: the rule, or the block a gap got past", () => {
    expect(breachKeyOf({ eventType: "rule_triggered", ruleId: "r1" })).toBe("rule|r1");
    expect(
      breachKeyOf({ eventType: "protection_gap", ruleKey: "code_rules", details: { blocked_by: "checkout" } }),
    ).toBe("protection_gap|checkout");
    expect(breachKeyOf({ eventType: "admin_override", ruleKey: "checkout_validation" })).toBe(
      "admin_override|checkout_validation",
    );
  });

  it("puts the worst breach first: the higher severity, then the larger overage", () => {
    const order = worstFirst([
      breach("a", "low", 9_000),
      breach("b", "critical", 1_000),
      breach("c", "critical", 3_000),
    ]);
    expect(order.map((entry) => entry.event.ruleName)).toEqual(["c", "b", "a"]);
  });

  it("tells the breaches recorded now that the order was not alerted about", () => {
    const planned = [breach("a", "critical", 1), breach("b", "low", 1), breach("c", "low", 1)];
    const recorded = new Map([
      [planned[0].eventKey, "e-a"],
      [planned[1].eventKey, "e-b"],
    ]);
    const telling = breachesToTell(planned, recorded, new Set(["rule|a"]));
    expect(telling.map((entry) => [entry.id, entry.breachKey])).toEqual([["e-b", "rule|b"]]);
    expect(breachesToTell(planned, new Map(), new Set())).toEqual([]);
  });

  it("heads the alert with the worst breach and lists each, and a digest unfolds it into its breaches", () => {
    const alert = orderAlertOf([
      { ...breach("a", "critical", 3_000), id: "e-a" },
      { ...breach("b", "low", 500), id: "e-b" },
    ]);
    expect(alert).toMatchObject({ id: "e-a", ruleName: "a", severity: "critical", overLimitCents: 3_000 });
    expect(alert.breaches?.map((entry) => [entry.id, entry.key, entry.ruleName, entry.severity])).toEqual([
      ["e-a", "rule|a", "a", "critical"],
      ["e-b", "rule|b", "b", "low"],
    ]);
    const unfolded = breachEventsOf(alert);
    expect(unfolded.map((event) => [event.id, event.ruleName, event.severity, event.orderName])).toEqual([
      ["e-a", "a", "critical", "#1001"],
      ["e-b", "b", "low", "#1001"],
    ]);
    expect(unfolded[1]).not.toHaveProperty("breaches");
    expect(() => orderAlertOf([])).toThrow();
  });

  it("reads an alert queued before alerts listed their breaches as its one breach", () => {
    const single: AlertEvent = { ...breach("a", "high", 100).event, id: "e-1" };
    expect(breachesOf(single)).toEqual([
      expect.objectContaining({ id: "e-1", ruleName: "a", severity: "high", overLimitCents: 100 }),
    ]);
    expect(breachEventsOf(single)).toEqual([single]);
  });
});
