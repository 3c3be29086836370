import { describe, expect, it } from "vitest";
import {
  alertFacts,
  alertSlackMessage,
  alertSubject,
  alertText,
  alertWebhookBody,
  orderAdminUrl,
  testAlert,
  type Alert,
} from "./alert-message";
import { orderAlertOf } from "./order-alert";

describe("what an alert says", () => {
  const alert = testAlert("outbox-9", "hopper-goods.myshopify.com", new Date("2026-11-22T06:00:00Z"));

  it("links an order to its page in the Shopify admin", () => {
    expect(orderAdminUrl("hopper-goods.myshopify.com", "gid://shopify/Order/123")).toBe(
      "https://admin.shopify.com/store/hopper-goods/orders/123",
    );
    expect(orderAdminUrl("hopper-goods.myshopify.com", null)).toBeNull();
  });
  it("names the order, codes, discount and share, rule and threshold, and severity with its band", () => {
    expect(alertFacts(alert)).toEqual([
      ["Order", "#1001"],
      ["Discount codes", "WELCOME20, SUMMER25"],
      ["Discount", "$50.40, 42.0% of the subtotal"],
      ["Rule", "Max 30% off any order (threshold 30)"],
      ["Severity", "high (25% to 50% past the threshold)"],
    ]);
  });
  it("says a test is a test, and links the Audit Log", () => {
    const text = alertText(alert, "https://guardrail.example.com");
    expect(text.split("\n")[0]).toBe("This is a test alert from Margin Guardrail: your alerts reach this address.");
    expect(text).toContain("Audit Log: https://guardrail.example.com/audit-log?q=%231001");
    expect(alertWebhookBody(alert, "https://guardrail.example.com")).toMatchObject({
      id: "outbox-9",
      type: "alert.test",
    });
  });
});

describe("an order's alert naming every rule it broke", () => {
  const at = new Date("2026-11-22T06:00:00Z");
  const fields = (rule: string, severity: "critical" | "low", threshold: number, overLimitCents: number) => ({
    severity,
    message: `Order #1001 took 45.0% off, above the ${threshold}% limit`,
    orderId: "gid://shopify/Order/1001",
    orderName: "#1001",
    discountCodes: ["SAVE45"],
    discountPercent: 45,
    totalDiscountCents: 4_500,
    overLimitCents,
    currency: "USD",
    ruleName: rule,
    threshold,
    createdAt: at,
  });
  const alert: Alert = {
    id: "outbox-1",
    shopDomain: "hopper-goods.myshopify.com",
    event: orderAlertOf([
      { id: "e-1", eventKey: "k1", breachKey: "rule|r1", event: fields("Max 20%", "critical", 20, 2_500) },
      { id: "e-2", eventKey: "k2", breachKey: "rule|r2", event: fields("Max 40%", "low", 40, 500) },
    ]),
  };

  it("says the count and the worst severity, lists each breach and every rule", () => {
    expect(alertSubject(alert)).toBe("Margin Guardrail: 2 breaches on order #1001, worst critical");
    const text = alertText(alert, "https://guardrail.example.com").split("\n");
    expect(text.slice(0, 3)).toEqual([
      "Order #1001: 2 breaches, the worst first:",
      "- Order #1001 took 45.0% off, above the 20% limit (critical)",
      "- Order #1001 took 45.0% off, above the 40% limit (low)",
    ]);
    expect(alertFacts(alert)).toContainEqual(["Rules", "Max 20% (threshold 20); Max 40% (threshold 40)"]);
    expect(alertFacts(alert)).toContainEqual(["Worst severity", "critical (50% or more past the threshold)"]);
    const slack = alertSlackMessage(alert, "https://guardrail.example.com", "#alerts");
    expect(JSON.stringify(slack.blocks[1])).toContain("above the 40% limit (low)");
  });

  it("lists each breach in the webhook body, the worst at the top as before", () => {
    const body = alertWebhookBody(alert, "https://guardrail.example.com");
    expect(body).toMatchObject({
      type: "alert.rule_breached",
      severity: "critical",
      rule: { name: "Max 20%", threshold: 20 },
    });
    expect(body.breaches).toEqual([
      {
        id: "e-1",
        severity: "critical",
        message: "Order #1001 took 45.0% off, above the 20% limit",
        discount_percent: 45,
        over_limit: "25.00",
        rule: { name: "Max 20%", threshold: 20 },
      },
      {
        id: "e-2",
        severity: "low",
        message: "Order #1001 took 45.0% off, above the 40% limit",
        discount_percent: 45,
        over_limit: "5.00",
        rule: { name: "Max 40%", threshold: 40 },
      },
    ]);
  });
});
