import { describe, expect, it } from "vitest";
import { blockingSchema, collectionRuleSchema, ruleActiveSchema, ruleSchema, stackingSchema } from "./rules";
import { PERCENT_RULE_IN_AMOUNT } from "../domain/rules/rules";

function errors(
  schema: {
    safeParse: (input: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  input: unknown,
) {
  const result = schema.safeParse(input);
  const byField: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) (byField[String(issue.path[0])] ??= []).push(issue.message);
  return byField;
}

const valid = { name: "Cap", ruleType: "max_discount", threshold: "30", thresholdUnit: "PERCENT", action: "alert" };

describe("rule form (docs/product.md#rules)", () => {
  it("accepts a complete rule and reads the threshold as a number", () => {
    const rule = ruleSchema.parse({ ...valid, description: "" });
    expect(rule).toMatchObject({ name: "Cap", threshold: 30, description: null });
    expect(ruleSchema.parse({ ...valid, threshold: 12.5 }).threshold).toBe(12.5);
  });
  it("says what is required", () => {
    expect(errors(ruleSchema, {})).toEqual({
      name: ["Name is required"],
      ruleType: ["Rule type is required"],
      threshold: ["Threshold is required"],
      action: ["Action is required"],
    });
    expect(errors(ruleSchema, { ...valid, name: "  ", threshold: "  " })).toEqual({
      name: ["Name is required"],
      threshold: ["Threshold is required"],
    });
  });
  it("wants a threshold that parses as a number of 0 or more", () => {
    for (const threshold of ["abc", "-1", "1.2.3", "Infinity", -0.5]) {
      expect(errors(ruleSchema, { ...valid, threshold })).toEqual({ threshold: ["Must be a valid positive number"] });
    }
    expect(errors(ruleSchema, { ...valid, threshold: "0" })).toEqual({});
  });
  it("caps percentages at 100", () => {
    expect(errors(ruleSchema, { ...valid, threshold: "100.5" })).toEqual({
      threshold: ["Must be 100 or less for a percentage"],
    });
    expect(
      errors(ruleSchema, { ...valid, ruleType: "margin_floor", thresholdUnit: undefined, threshold: "101" }),
    ).toEqual({
      threshold: ["Must be 100 or less for a percentage"],
    });
    expect(errors(ruleSchema, { ...valid, ruleType: "max_discount_amount", threshold: "5000" })).toEqual({});
  });
  it("rejects unknown rule types and the blocking action while it is coming soon", () => {
    expect(errors(ruleSchema, { ...valid, ruleType: "free_lunch" })).toEqual({
      ruleType: ["Rule type must be one of max_discount, max_discount_amount, margin_floor, stacking_prevention"],
    });
    expect(errors(ruleSchema, { ...valid, action: "block" })).toEqual({
      action: ["Block Checkout is coming soon with the Plus plan"],
    });
  });
  it("keeps conditions as an object", () => {
    expect(ruleSchema.parse({ ...valid, conditions: { minSubtotal: 10 } }).conditions).toEqual({ minSubtotal: 10 });
    expect(errors(ruleSchema, { ...valid, conditions: "x" })).toEqual({ conditions: ["Conditions must be an object"] });
  });
  it("reads the active flag from JSON or forms", () => {
    expect(ruleActiveSchema.parse({ isActive: false }).isActive).toBe(false);
    expect(ruleActiveSchema.parse({ isActive: "true" }).isActive).toBe(true);
    expect(ruleActiveSchema.parse({ isActive: "false" }).isActive).toBe(false);
    expect(ruleActiveSchema.safeParse({}).success).toBe(false);
  });
});

describe("collection rule form", () => {
  it("normalizes the collection id", () => {
    expect(collectionRuleSchema.parse({ collectionId: "42", ruleType: "margin_floor", threshold: "20" })).toMatchObject(
      {
        collectionId: "gid://shopify/Collection/42",
        action: "alert",
        threshold: 20,
      },
    );
  });
  it("explains a bad collection id, type or threshold", () => {
    expect(errors(collectionRuleSchema, { collectionId: "", ruleType: "x", threshold: "-3" })).toEqual({
      collectionId: ["Collection is required"],
      ruleType: ["Rule type must be one of margin_floor, max_discount, max_discount_amount"],
      threshold: ["Must be a valid positive number"],
    });
    expect(errors(collectionRuleSchema, { collectionId: "summer", ruleType: "margin_floor", threshold: "20" })).toEqual(
      {
        collectionId: ["Enter a collection id such as 123456789 or gid://shopify/Collection/123456789"],
      },
    );
    expect(errors(collectionRuleSchema, { collectionId: "42", ruleType: "margin_floor", threshold: "120" })).toEqual({
      threshold: ["Must be 100 or less for a percentage"],
    });
  });
});

describe("stacking and blocking settings", () => {
  it("takes combinations as lists or as 'A+B' form values", () => {
    expect(
      stackingSchema.parse({ enabled: true, blockedStacking: [["DiscountCodeBasic", "DiscountAutomaticBasic"]] }),
    ).toEqual({
      enabled: true,
      blockedStacking: [["DiscountCodeBasic", "DiscountAutomaticBasic"]],
    });
    expect(
      stackingSchema.parse({ enabled: "on", blockedStacking: "DiscountCodeBasic+DiscountCodeFreeShipping" })
        .blockedStacking,
    ).toEqual([["DiscountCodeBasic", "DiscountCodeFreeShipping"]]);
    expect(stackingSchema.parse({}).blockedStacking).toEqual([]);
  });
  it("refuses unknown kinds and one-kind combinations", () => {
    expect(stackingSchema.safeParse({ blockedStacking: [["DiscountCodeBasic", "Coupons"]] }).success).toBe(false);
    expect(stackingSchema.safeParse({ blockedStacking: [["DiscountCodeBasic", "DiscountCodeBasic"]] }).success).toBe(
      false,
    );
  });
  it("defaults staff override on and requires a customer message", () => {
    expect(blockingSchema.parse({ customerMessage: "No." })).toEqual({
      instantBlocking: false,
      staffOverride: true,
      customerMessage: "No.",
    });
    expect(errors(blockingSchema, { customerMessage: " " })).toEqual({
      customerMessage: ["Customer message is required"],
    });
  });
});

describe("an unknown rule type names the allowed ones", () => {
  it("says which types exist, and 'Rule type is required' only when none was given", () => {
    const unknown = ruleSchema.safeParse({ name: "X", ruleType: "max_everything", threshold: "1", action: "alert" });
    expect(unknown.success).toBe(false);
    expect(unknown.error?.issues[0].message).toBe(
      "Rule type must be one of max_discount, max_discount_amount, margin_floor, stacking_prevention",
    );
    const missing = ruleSchema.safeParse({ name: "X", threshold: "1", action: "alert" });
    expect(missing.error?.issues.find((issue) => issue.path[0] === "ruleType")?.message).toBe("Rule type is required");
  });
});

describe("a Maximum Discount (%) rule", () => {
  it("is refused with Amount ($), saying why and what to choose; without a unit it is a percentage", () => {
    const base = { name: "Max 30", ruleType: "max_discount", threshold: "30", action: "alert" };
    const refused = ruleSchema.safeParse({ ...base, thresholdUnit: "AMOUNT" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues).toEqual([
      expect.objectContaining({ path: ["thresholdUnit"], message: PERCENT_RULE_IN_AMOUNT }),
    ]);
    expect(ruleSchema.safeParse({ ...base, thresholdUnit: "PERCENT" }).success).toBe(true);
    expect(ruleSchema.safeParse(base).success).toBe(true);
    // a percentage is at most 100
    expect(ruleSchema.safeParse({ ...base, threshold: "150" }).success).toBe(false);
    // the amount cap is its own type
    expect(ruleSchema.safeParse({ ...base, ruleType: "max_discount_amount", threshold: "150" }).success).toBe(true);
  });
});

describe("strict types", () => {
  it("reads the priority from a JSON integer or decimal digits only", () => {
    expect(ruleSchema.parse({ ...valid, priority: "-12" }).priority).toBe(-12);
    expect(ruleSchema.parse({ ...valid, priority: 5 }).priority).toBe(5);
    for (const priority of ["0x10", "1e3", "1.0", true, [1], {}, { toString: 1 }, "", 2 ** 53 + 1, null]) {
      expect(errors(ruleSchema, { ...valid, priority }), JSON.stringify(priority)).toEqual({
        priority: ["Priority must be a whole number from -1000 to 1000"],
      });
    }
  });
  it("reads the threshold as a plain decimal only", () => {
    expect(ruleSchema.parse({ ...valid, threshold: " 12.50 " }).threshold).toBe(12.5);
    for (const threshold of ["0x10", "1e3", true, [1], {}, { toString: 1 }, "Infinity", null]) {
      expect(errors(ruleSchema, { ...valid, threshold }), JSON.stringify(threshold)).toEqual({
        threshold: ["Must be a valid positive number"],
      });
    }
  });
  it("refuses control characters in names and messages; a description may have lines", () => {
    expect(errors(ruleSchema, { ...valid, name: "Cap\u0000" })).toEqual({
      name: ["Name must not contain control characters"],
    });
    expect(errors(ruleSchema, { ...valid, name: 5 })).toEqual({ name: ["Name must be text"] });
    expect(ruleSchema.parse({ ...valid, description: "one\ntwo" }).description).toBe("one\ntwo");
    expect(errors(ruleSchema, { ...valid, description: "one\u0000" })).toEqual({
      description: ["Description must not contain control characters"],
    });
    expect(errors(blockingSchema, { customerMessage: "No\u0000" })).toEqual({
      customerMessage: ["Customer message must not contain control characters"],
    });
    expect(errors(blockingSchema, { customerMessage: "\u007f" })).toEqual({
      customerMessage: ["Customer message must not contain control characters"],
    });
  });
  it("keeps a collection id exact: digits beyond 2^53 as text, safe JSON integers, no lossy numbers", () => {
    const rule = { ruleType: "margin_floor", threshold: "20" };
    expect(collectionRuleSchema.parse({ ...rule, collectionId: "9007199254740993" }).collectionId).toBe(
      "gid://shopify/Collection/9007199254740993",
    );
    expect(collectionRuleSchema.parse({ ...rule, collectionId: 42 }).collectionId).toBe("gid://shopify/Collection/42");
    expect(errors(collectionRuleSchema, { ...rule, collectionId: 2 ** 53 + 1 }).collectionId?.[0]).toMatch(
      /send it as a string/,
    );
    for (const collectionId of [true, [1], {}, { toString: 1 }, "0x10", "1e3"]) {
      expect(
        errors(collectionRuleSchema, { ...rule, collectionId }).collectionId,
        JSON.stringify(collectionId),
      ).toHaveLength(1);
    }
    expect(errors(collectionRuleSchema, { ...rule, collectionId: "7", collectionTitle: "Sale\u0000" })).toEqual({
      collectionTitle: ["Collection title must not contain control characters"],
    });
  });
  it("refuses blocked combinations that are no list", () => {
    for (const blockedStacking of [{ toString: 1 }, {}, 5, true]) {
      expect(errors(stackingSchema, { blockedStacking }), JSON.stringify(blockedStacking)).toEqual({
        blockedStacking: ["Blocked combinations must be a list"],
      });
    }
  });
});
