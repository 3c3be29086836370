import { describe, expect, it } from "vitest";
import {
  editableThreshold,
  mapCollectionRule,
  normalizeCollectionId,
  storedThreshold,
  thresholdInput,
  PERCENT_RULE_IN_AMOUNT,
  unitFor,
} from "./rules";

describe("threshold input by rule type and unit (docs/product.md#rules)", () => {
  it("asks for a dollar amount with a $ prefix for max_discount_amount, without a unit", () => {
    expect(thresholdInput("max_discount_amount", "PERCENT")).toEqual({
      label: "Maximum Amount ($)",
      prefix: "$",
      step: 0.01,
      min: 0,
      max: 20_000_000,
      showUnit: false,
    });
  });
  it("asks for a margin percent up to 100 for margin_floor, without a unit", () => {
    expect(thresholdInput("margin_floor", "AMOUNT")).toMatchObject({
      label: "Minimum Margin (%)",
      step: 1,
      min: 0,
      max: 100,
      showUnit: false,
    });
  });
  it("asks for a Maximum Discount (%) without a Unit: the type names it", () => {
    expect(thresholdInput("max_discount", "PERCENT")).toEqual({
      label: "Maximum Discount (%)",
      suffix: "%",
      step: 1,
      min: 0,
      max: 100,
      showUnit: false,
    });
  });
  it("names the combined discount of stacking prevention in the unit chosen beside it", () => {
    expect(thresholdInput("stacking_prevention", "PERCENT")).toMatchObject({
      label: "Combined Discount Over (%)",
      step: 1,
      max: 100,
      showUnit: true,
    });
    expect(thresholdInput("stacking_prevention", "AMOUNT")).toMatchObject({
      label: "Combined Discount Over ($)",
      prefix: "$",
      step: 0.01,
      showUnit: true,
    });
    expect(thresholdInput("stacking_prevention", "AMOUNT").max).toBe(20_000_000);
  });
});

describe("storage (docs/product.md#rules)", () => {
  it("stores max_discount_amount in cents with unit AMOUNT", () => {
    expect(storedThreshold("max_discount_amount", "PERCENT", 49.99)).toEqual({
      threshold: "49.99",
      thresholdUnit: "AMOUNT",
      thresholdAmountCents: 4999,
      thresholdPercent: null,
    });
  });
  it("stores margin_floor as thresholdPercent with unit PERCENT", () => {
    expect(storedThreshold("margin_floor", undefined, 25)).toEqual({
      threshold: "25",
      thresholdUnit: "PERCENT",
      thresholdPercent: 25,
      thresholdAmountCents: null,
    });
  });
  it("measures max_discount as a percentage always, and follows the chosen unit for stacking, AMOUNT by default", () => {
    expect(storedThreshold("max_discount", "PERCENT", 30)).toMatchObject({
      thresholdUnit: "PERCENT",
      thresholdPercent: 30,
    });
    expect(storedThreshold("max_discount", undefined, 30)).toMatchObject({ thresholdUnit: "PERCENT" });
    expect(storedThreshold("stacking_prevention", undefined, 0)).toMatchObject({
      thresholdUnit: "AMOUNT",
      thresholdAmountCents: 0,
    });
    expect(unitFor("stacking_prevention", "weird")).toBe("AMOUNT");
    expect(unitFor("max_discount", "weird")).toBe("PERCENT");
  });
  it("round-trips cents and dollars for the edit dialog", () => {
    for (const dollars of [0, 0.01, 19.99, 50, 1234.56]) {
      const stored = storedThreshold("max_discount_amount", undefined, dollars);
      expect(Number(editableThreshold(stored))).toBe(dollars);
    }
    expect(
      editableThreshold({
        threshold: "x",
        thresholdUnit: "PERCENT",
        thresholdPercent: 12.5,
        thresholdAmountCents: null,
      }),
    ).toBe("12.5");
  });
});

describe("collection rules in the rules list (docs/product.md#rules)", () => {
  const base = {
    id: "cr1",
    shopId: "s1",
    collectionId: "summer",
    currency: "USD",
    action: "alert",
    isActive: true,
    priority: 0,
    conditions: {},
    createdAt: new Date("2026-01-01T00:00:00Z"),
    updatedAt: new Date("2026-01-02T00:00:00Z"),
  };
  it("maps a margin floor to a percent rule", () => {
    expect(mapCollectionRule({ ...base, ruleType: "margin_floor", threshold: 20 })).toMatchObject({
      ruleType: "collection_rule",
      name: "summer - Margin Floor",
      description: "Minimum 20% margin required for summer collection",
      thresholdUnit: "PERCENT",
      thresholdPercent: 20,
      thresholdAmountCents: null,
    });
  });
  it("maps a Maximum Discount (%) to a percent rule, as a rule of that type is", () => {
    expect(mapCollectionRule({ ...base, ruleType: "max_discount", threshold: 12.5 })).toMatchObject({
      name: "summer - Max Discount",
      description: "Maximum 12.5% discount allowed for summer collection",
      thresholdUnit: "PERCENT",
      thresholdPercent: 12.5,
      thresholdAmountCents: null,
    });
  });
  it("maps a Maximum Discount ($) to an amount rule in cents", () => {
    expect(mapCollectionRule({ ...base, ruleType: "max_discount_amount", threshold: 12.345 })).toMatchObject({
      name: "summer - Max Discount ($)",
      description: "Maximum $12.35 discount allowed for summer collection",
      thresholdUnit: "AMOUNT",
      thresholdPercent: null,
      thresholdAmountCents: 1235,
    });
  });
  it("names other types after the type", () => {
    expect(mapCollectionRule({ ...base, ruleType: "something_else", threshold: 5 })).toMatchObject({
      name: "summer - something_else",
      description: "Collection-specific rule: 5 threshold for summer",
    });
  });
  it("uses the collection's title when it is known", () => {
    expect(
      mapCollectionRule({ ...base, collectionTitle: "Summer Sale", ruleType: "margin_floor", threshold: 20 }).name,
    ).toBe("Summer Sale - Margin Floor");
  });
  it("defaults the action to alert", () => {
    expect(mapCollectionRule({ ...base, action: "", ruleType: "margin_floor", threshold: 1 }).action).toBe("alert");
  });
  it("accepts collection ids as GIDs or numbers", () => {
    expect(normalizeCollectionId("424242")).toBe("gid://shopify/Collection/424242");
    expect(normalizeCollectionId(" gid://shopify/Collection/7 ")).toBe("gid://shopify/Collection/7");
    for (const bad of ["", "abc", "gid://shopify/Product/1", "12a", "-5"])
      expect(normalizeCollectionId(bad)).toBeNull();
  });
});

describe("a max_discount rule is a percentage", () => {
  it("shows the Unit, saying why, only for a rule stored in money before; an older row still says what it is", async () => {
    const { ruleTypeLabel } = await import("./rule-display");
    expect(thresholdInput("max_discount", "AMOUNT").help).toBe(PERCENT_RULE_IN_AMOUNT);
    expect(thresholdInput("max_discount", "AMOUNT").showUnit).toBe(true);
    expect(thresholdInput("max_discount", "PERCENT").help).toBeUndefined();
    expect(ruleTypeLabel("max_discount", "AMOUNT")).toBe("Maximum Discount (amount cap)");
    expect(ruleTypeLabel("max_discount", "PERCENT")).toBe("Maximum Discount (%)");
  });
});
