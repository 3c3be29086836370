import { describe, expect, it } from "vitest";
import {
  actionEvent,
  actionKey,
  actionOfChannel,
  breachTags,
  flowPayload,
  holdHandle,
  holdReasonNotes,
  plannedActions,
  recordedHold,
  ruleTag,
  actionScopes,
  type ActionEvent,
} from "./order-actions";
import { missingScopes } from "../shops/scopes";

const breach: ActionEvent = {
  id: "evt_1",
  severity: "high",
  message: "Discount 45.0% exceeds 40%",
  orderId: "gid://shopify/Order/5551234",
  orderName: "#1042",
  discountCodes: ["VIP20", "SPRING25"],
  discountPercent: 45,
  totalDiscountCents: 4500,
  overLimitCents: 500,
  currency: "USD",
  ruleName: "Max discount 40%",
  threshold: 40,
  createdAt: new Date("2026-11-24T10:00:00Z"),
  ruleId: "rule_abc",
  ruleType: "max_discount",
};

describe("order actions", () => {
  it("tags an order with the breach tag and the rule's short name, within Shopify's 40 characters", () => {
    expect(breachTags("Max discount 40%")).toEqual(["margin-guardrail-breach", "mg-max-discount-40"]);
    expect(ruleTag("Été: marge  brute!!")).toBe("mg-ete-marge-brute");
    expect(ruleTag("%%%")).toBe("mg-rule");
    const long = ruleTag("A very long rule name that goes on and on past forty characters");
    expect(long.length).toBeLessThanOrEqual(40);
    expect(long.endsWith("-")).toBe(false);
  });

  it("holds with one handle per rule, at most 64 characters, and the figures in the notes", () => {
    expect(holdHandle("rule_abc")).toBe("margin-guardrail-rule_abc");
    expect(holdHandle("x".repeat(80)).length).toBe(64);
    const notes = holdReasonNotes(breach);
    expect(notes).toContain('rule "Max discount 40%" breached');
    expect(notes).toContain("45.0% off");
    expect(notes).toContain("$45.00 discount");
    expect(notes).toContain("$5.00 over the limit");
    expect(notes).toContain("codes VIP20, SPRING25");
  });

  it("sends Flow the order reference and the breach fields", () => {
    expect(flowPayload(breach)).toEqual({
      order_id: 5551234,
      "Rule name": "Max discount 40%",
      "Rule type": "max_discount",
      Severity: "high",
      "Discount percent": 45,
      "Discount amount": 45,
      "Amount over limit": 5,
      "Discount codes": "VIP20, SPRING25",
    });
  });

  it("acts once per shop, order, rule and action", () => {
    expect(actionKey("shop1", breach.orderId as string, "rule_abc", "hold")).toBe(
      "shop1|gid://shopify/Order/5551234|rule_abc|order_hold",
    );
    expect(actionOfChannel("order_tag")).toBe("tag");
    expect(actionOfChannel("flow_trigger")).toBe("flow");
    expect(actionOfChannel("email")).toBeNull();
  });

  it("queues only what the rule turns on and the plan allows; Flow only once a workflow uses the trigger", () => {
    const rule = { orderActions: { tag: true, hold: true, flow: true } };
    expect(plannedActions(rule, { plan: "free", flowTriggerEnabled: true })).toEqual([]);
    expect(plannedActions(rule, { plan: "core", flowTriggerEnabled: false })).toEqual(["tag", "hold"]);
    expect(plannedActions(rule, { plan: "plus", flowTriggerEnabled: true })).toEqual(["tag", "hold", "flow"]);
    expect(plannedActions({}, { plan: "core", flowTriggerEnabled: true })).toEqual([]);
  });

  it("names the scopes an action still needs (a write scope covers its read)", () => {
    expect(missingScopes(actionScopes({ tag: true, hold: true, flow: true }), ["read_orders"])).toEqual([
      "write_orders",
      "read_merchant_managed_fulfillment_orders",
      "write_merchant_managed_fulfillment_orders",
    ]);
    expect(
      missingScopes(actionScopes({ tag: false, hold: true, flow: false }), [
        "write_merchant_managed_fulfillment_orders",
      ]),
    ).toEqual([]);
  });

  it("records a hold so that it can be released, and reads it back", () => {
    const event = actionEvent(
      "out_1",
      "evt_1",
      breach,
      {
        action: "hold",
        handle: "margin-guardrail-rule_abc",
        holds: [{ fulfillmentOrderId: "gid://shopify/FulfillmentOrder/1", holdId: "gid://shopify/FulfillmentHold/9" }],
      },
      { standIn: true },
    );
    expect(event.eventType).toBe("fulfillment_held");
    expect(event.dedupeKey).toBe("fulfillment_held|gid://shopify/Order/5551234|rule_abc");
    expect(event.message).toContain("nothing reached Shopify");
    expect(recordedHold(event.details)).toEqual({
      handle: "margin-guardrail-rule_abc",
      holds: [{ fulfillmentOrderId: "gid://shopify/FulfillmentOrder/1", holdId: "gid://shopify/FulfillmentHold/9" }],
    });
    expect(recordedHold({ action: "tag" })).toBeNull();
  });
});
