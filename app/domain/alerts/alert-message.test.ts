import { describe, expect, it } from "vitest";
import { alertFacts, alertText, alertWebhookBody, orderAdminUrl, testAlert } from "./alert-message";

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
