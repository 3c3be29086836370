import { describe, expect, it } from "vitest";
import { DISCOUNT_METHOD_KINDS } from "../rules/rules";
import {
  DISCOUNT_KIND_DESCRIPTIONS,
  DISCOUNT_KIND_LABELS,
  discountCombinationLabel,
  discountKindLabel,
} from "./discount-kinds";

describe("discount kinds in a merchant's words", () => {
  it("names each kind the way Shopify's admin does", () => {
    expect(discountKindLabel("DiscountCodeBasic")).toBe("Amount off code");
    expect(discountKindLabel("DiscountCodeBxgy")).toBe("Buy X get Y code");
    expect(discountKindLabel("DiscountCodeFreeShipping")).toBe("Free shipping code");
    expect(discountKindLabel("DiscountAutomaticBasic")).toBe("Automatic amount off");
    expect(discountKindLabel("DiscountAutomaticFreeShipping")).toBe("Automatic free shipping");
    expect(discountKindLabel("DiscountManual")).toBe("Manual discount");
  });

  it("never shows a GraphQL type name, even for a kind it does not know", () => {
    expect(discountKindLabel("DiscountSomethingNew")).toBe("Other discount");
    expect(discountKindLabel("toString")).toBe("Other discount");
    expect(discountKindLabel("")).toBe("Other discount");
    for (const label of Object.values(DISCOUNT_KIND_LABELS)) expect(label).not.toMatch(/Discount[A-Z]/);
  });

  it("has a label and a description for every kind the stacking settings offer", () => {
    for (const { kind } of DISCOUNT_METHOD_KINDS) {
      expect(DISCOUNT_KIND_LABELS[kind], kind).toBeTruthy();
      expect(DISCOUNT_KIND_DESCRIPTIONS[kind], kind).toBeTruthy();
    }
    // four kinds, four different names: no two checkboxes read the same
    const labels = DISCOUNT_METHOD_KINDS.map(({ kind }) => discountKindLabel(kind));
    expect(new Set(labels).size).toBe(labels.length);
  });

  it("joins a combination with +", () => {
    expect(discountCombinationLabel(["DiscountCodeBxgy", "DiscountCodeFreeShipping"])).toBe(
      "Buy X get Y code + Free shipping code",
    );
    expect(discountCombinationLabel(["DiscountCodeBasic", "DiscountAutomaticBasic"])).toBe(
      "Amount off code + Automatic amount off",
    );
  });
});
