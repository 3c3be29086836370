import { describe, expect, it } from "vitest";
import {
  percentageLineAndShipping,
  presentmentInEuros,
  singleLineAutomatic,
  stackedCodeAndAutomatic,
} from "../../../tests/fixtures/orders";
import { applicationKind, auditSearchText, factsFingerprint, orderFactsFromPayload } from "./order-payload";

function facts(payload: unknown) {
  const result = orderFactsFromPayload(payload);
  if (!result.ok) throw new Error(result.error);
  return result;
}

describe("discount facts from order payloads", () => {
  it("reads a code stacked with an automatic discount", () => {
    const { facts: order, customerId } = facts(stackedCodeAndAutomatic);
    expect(order).toMatchObject({
      orderId: "gid://shopify/Order/820001",
      orderName: "#2001",
      currency: "HKD",
      preDiscountSubtotalCents: 30_000,
      lineDiscountCents: 3_800,
      shippingDiscountCents: 0,
      totalDiscountCents: 3_800,
      discountCodes: ["SPRING 30"],
    });
    expect(order.applications).toEqual([
      {
        kind: "DiscountCodeBasic",
        code: "SPRING 30",
        title: "SPRING 30",
        valueType: "fixed_amount",
        target: "line_item",
        amountCents: 3_000,
      },
      {
        kind: "DiscountAutomaticBasic",
        code: null,
        title: "Bundle saver",
        valueType: "fixed_amount",
        target: "line_item",
        amountCents: 800,
      },
    ]);
    expect(order.lines.map((line) => [line.variantId, line.unitPriceCents, line.discountCents])).toEqual([
      ["gid://shopify/ProductVariant/501", 12_000, 2_000],
      ["gid://shopify/ProductVariant/502", 9_000, 900],
      ["gid://shopify/ProductVariant/503", 9_000, 900],
    ]);
    expect(customerId).toBe("gid://shopify/Customer/7000001");
  });

  it("separates line and shipping discounts, percentage codes included", () => {
    const { facts: order } = facts(percentageLineAndShipping);
    expect(order).toMatchObject({
      preDiscountSubtotalCents: 15_000,
      lineDiscountCents: 3_000,
      shippingDiscountCents: 1_200,
      totalDiscountCents: 4_200,
    });
    expect(
      order.applications.map((item) => [item.kind, item.code, item.valueType, item.target, item.amountCents]),
    ).toEqual([
      ["DiscountCodeBasic", "TAKE20", "percentage", "line_item", 3_000],
      ["DiscountCodeFreeShipping", "SHIPFREE", "percentage", "shipping_line", 1_200],
    ]);
  });

  it("reads an order with one automatic discount and no customer", () => {
    const { facts: order, customerId } = facts(singleLineAutomatic);
    expect(order.totalDiscountCents).toBe(500);
    expect(order.discountCodes).toEqual([]);
    expect(order.lines[1].discountCents).toBe(0);
    expect(customerId).toBeNull();
  });

  it("measures in shop money when the customer paid in another currency", () => {
    const { facts: order } = facts(presentmentInEuros);
    expect(order.currency).toBe("USD");
    expect(order.preDiscountSubtotalCents).toBe(10_800);
    expect(order.totalDiscountCents).toBe(1_620);
  });

  it("falls back to Shopify's total when no allocation is given", () => {
    const payload = {
      ...singleLineAutomatic,
      line_items: singleLineAutomatic.line_items.map((line) => ({ ...line, discount_allocations: [] })),
      total_discounts: "7.50",
      total_discounts_set: undefined,
    };
    expect(facts(payload).facts.totalDiscountCents).toBe(750);
  });

  it("explains a payload it cannot read", () => {
    const result = orderFactsFromPayload({ id: 1, name: "#1", line_items: [{ id: 1, quantity: -1, price: "x" }] });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/line_items\.0\.quantity/);
    expect(orderFactsFromPayload(null).ok).toBe(false);
  });

  it("names discount kinds", () => {
    expect(applicationKind({ type: "automatic", target_type: "shipping_line" }, [])).toBe(
      "DiscountAutomaticFreeShipping",
    );
    expect(applicationKind({ type: "manual", target_type: "line_item", title: "Staff" }, [])).toBe("DiscountManual");
    expect(applicationKind({ type: "script", target_type: "line_item" }, [])).toBe("DiscountScript");
  });

  it("fingerprints what the rules look at, and nothing else", () => {
    const first = facts(stackedCodeAndAutomatic).facts;
    const sameDiscounts = facts({
      ...stackedCodeAndAutomatic,
      note: "gift wrap",
      updated_at: "2026-11-21T00:00:00Z",
    }).facts;
    expect(factsFingerprint(sameDiscounts)).toBe(factsFingerprint(first));
    const changed = structuredClone(stackedCodeAndAutomatic);
    changed.line_items[0].discount_allocations[1].amount = "18.00";
    changed.line_items[0].discount_allocations[1].amount_set.shop_money.amount = "18.00";
    expect(factsFingerprint(facts(changed).facts)).not.toBe(factsFingerprint(first));
  });

  it("builds the search text from order, codes and rule", () => {
    expect(auditSearchText({ orderName: "#1001", discountCodes: ["SAVE20", "VIP"], ruleName: "Max 30%" })).toBe(
      "#1001 save20 vip max 30%",
    );
  });
});
