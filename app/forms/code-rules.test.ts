import { describe, expect, it } from "vitest";
import { FUNCTION_LIST_MAX } from "../domain/functions/input-limits";
import { CODE_LIST_MAX, CUSTOMER_TAGS_MAX, codeRulesPreviewSchema, codeRulesSchema } from "./code-rules";

function errors(schema: { safeParse: typeof codeRulesSchema.safeParse }, input: unknown) {
  const result = schema.safeParse(input);
  const byField: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) (byField[String(issue.path[0])] ??= []).push(issue.message);
  return byField;
}

const MAX_CODES = "Must be a whole number from 0 to 20, or empty for any number";

describe("code rules settings: strict types", () => {
  it("reads maxCodes from a JSON integer or decimal digits, empty as any number", () => {
    expect(codeRulesSchema.parse({ maxCodes: 2 }).maxCodes).toBe(2);
    expect(codeRulesSchema.parse({ maxCodes: " 3 " }).maxCodes).toBe(3);
    expect(codeRulesSchema.parse({ maxCodes: "" }).maxCodes).toBeNull();
    expect(codeRulesSchema.parse({ maxCodes: null }).maxCodes).toBeNull();
    expect(codeRulesSchema.parse({}).maxCodes).toBeNull();
  });
  it("refuses maxCodes written as hex, an exponent, a decimal, a boolean, a list or an object", () => {
    for (const maxCodes of ["0x10", "1e1", "2.0", 1.5, true, [1], {}, { toString: 1 }, "21", 2 ** 53 + 1]) {
      expect(errors(codeRulesSchema, { maxCodes }), JSON.stringify(maxCodes)).toEqual({ maxCodes: [MAX_CODES] });
    }
  });
  it("keeps product and collection ids exact, as GIDs, from text or safe JSON integers", () => {
    const parsed = codeRulesSchema.parse({
      protectedProductIds: ["9007199254740993", 42, "gid://shopify/Product/7"],
      protectedCollectionIds: "55, gid://shopify/Collection/18446744073709551615",
    });
    expect(parsed.protectedProductIds).toEqual([
      "gid://shopify/Product/9007199254740993",
      "gid://shopify/Product/42",
      "gid://shopify/Product/7",
    ]);
    expect(parsed.protectedCollectionIds).toEqual([
      "gid://shopify/Collection/55",
      "gid://shopify/Collection/18446744073709551615",
    ]);
  });
  it("refuses an id that lost its digits as a JSON number, and a list that is no list", () => {
    expect(errors(codeRulesSchema, { protectedProductIds: [2 ** 53 + 1] }).protectedProductIds?.[0]).toMatch(
      /^A product id above 9007199254740991 loses its last digits as a JSON number: send it as a string/,
    );
    for (const value of [2 ** 53 + 1, { toString: 1 }, {}, true, 7]) {
      expect(errors(codeRulesSchema, { protectedCollectionIds: value }), JSON.stringify(value)).toEqual({
        protectedCollectionIds: ["Collections must be a list: a JSON array, or text separated by commas"],
      });
    }
  });
  it("takes customer tags as text only, naming what was not", () => {
    expect(
      codeRulesSchema.parse({ customerTagsMode: "only", customerTags: ["VIP", " wholesale "] }).customerTags,
    ).toEqual(["VIP", "wholesale"]);
    expect(errors(codeRulesSchema, { customerTagsMode: "only", customerTags: [{}] })).toEqual({
      customerTags: ["A customer tag is text, not an object"],
    });
    expect(errors(codeRulesSchema, { customerTagsMode: "only", customerTags: ["vip", 5] })).toEqual({
      customerTags: ["A customer tag is text, not a number"],
    });
    // the object that was stored as "[object Object]"
    expect(errors(codeRulesSchema, { customerTagsMode: "only", customerTags: { toString: 1 } })).toEqual({
      customerTags: ["Customer tags must be a list: a JSON array, or text separated by commas"],
    });
    expect(errors(codeRulesSchema, { customerTags: ["vip\u0000"] })).toEqual({
      customerTags: ["A customer tag must not contain control characters"],
    });
  });
  it("refuses control characters in the message buyers read and in codes", () => {
    expect(errors(codeRulesSchema, { message: "No codes\u0000" })).toEqual({
      message: ["Message must not contain control characters"],
    });
    expect(errors(codeRulesSchema, { message: "\u001b[31mNo" })).toEqual({
      message: ["Message must not contain control characters"],
    });
    expect(errors(codeRulesSchema, { forbiddenPairs: ["A\u0000 + B"] })).toEqual({
      forbiddenPairs: ["A code must not contain control characters"],
    });
  });
  it("refuses forbidden pairs that are no list, and pairs that are no pair", () => {
    expect(errors(codeRulesSchema, { forbiddenPairs: { toString: 1 } })).toEqual({
      forbiddenPairs: ["Forbidden pairs must be a list: a JSON array, or text with one item per line"],
    });
    expect(errors(codeRulesSchema, { forbiddenPairs: [5] })).toEqual({
      forbiddenPairs: ["Write a pair as two codes: WELCOME10 + VIP25"],
    });
    expect(errors(codeRulesSchema, { forbiddenPairs: [["A", 5]] })).toEqual({
      forbiddenPairs: ["A code must be text"],
    });
  });
});

describe("code rules settings: the picker's ids (docs/product.md#code-rules)", () => {
  it("reads the ids the form's hidden field posts, comma-separated GIDs, as the picker gave them", () => {
    const parsed = codeRulesSchema.parse({
      protectedProductIds: "gid://shopify/Product/8001, gid://shopify/Product/8002",
      protectedCollectionIds: "gid://shopify/Collection/424242",
    });
    expect(parsed.protectedProductIds).toEqual(["gid://shopify/Product/8001", "gid://shopify/Product/8002"]);
    expect(parsed.protectedCollectionIds).toEqual(["gid://shopify/Collection/424242"]);
    expect(codeRulesSchema.parse({ protectedProductIds: "" }).protectedProductIds).toEqual([]);
  });
  it("refuses an id that is no product's as a product, and no collection's as a collection, naming it", () => {
    for (const bad of ["gid://shopify/Collection/424242", "gid://shopify/ProductVariant/9001", "Linen shirt", "0"]) {
      expect(errors(codeRulesSchema, { protectedProductIds: [bad] }), bad).toEqual({
        protectedProductIds: [`"${bad}" is not a product id (a number, or gid://shopify/Product/…)`],
      });
    }
    expect(errors(codeRulesSchema, { protectedCollectionIds: "gid://shopify/Product/8001" })).toEqual({
      protectedCollectionIds: [
        `"gid://shopify/Product/8001" is not a collection id (a number, or gid://shopify/Collection/…)`,
      ],
    });
  });
  it("takes at most 50 of each, as the picker lets choose", () => {
    const ids = Array.from({ length: 51 }, (_, index) => `gid://shopify/Product/${index + 1}`);
    expect(errors(codeRulesSchema, { protectedProductIds: ids })).toEqual({
      protectedProductIds: ["At most 50 products"],
    });
    expect(codeRulesSchema.parse({ protectedProductIds: ids.slice(0, 50) }).protectedProductIds).toHaveLength(50);
  });
  it("keeps every list within Shopify's 100 for a Function's lists", () => {
    expect(CODE_LIST_MAX).toBeLessThanOrEqual(FUNCTION_LIST_MAX);
    expect(CUSTOMER_TAGS_MAX).toBeLessThanOrEqual(FUNCTION_LIST_MAX);
    const tags = Array.from({ length: CUSTOMER_TAGS_MAX + 1 }, (_, index) => `t${index}`);
    expect(errors(codeRulesSchema, { customerTagsMode: "only", customerTags: tags })).toEqual({
      customerTags: [`At most ${CUSTOMER_TAGS_MAX} customer tags`],
    });
  });
});

describe("code rules preview: strict types", () => {
  const line = { title: "Linen shirt", productId: "1", price: "60.00", compareAtPrice: null, collectionIds: [] };
  it("reads prices as decimals", () => {
    const parsed = codeRulesPreviewSchema.parse({ cart: { lines: [line] }, codes: ["A"] });
    expect(parsed.cart.lines[0].price).toBe(60);
  });
  it("refuses prices in hex or exponents, and tags that are not text", () => {
    for (const price of ["0x10", "1e3", true, [1], {}, "Infinity"]) {
      expect(
        errors(codeRulesPreviewSchema as never, { cart: { lines: [{ ...line, price }] }, codes: ["A"] }),
        JSON.stringify(price),
      ).toEqual({ cart: ["A price is a number such as 12.50"] });
    }
    expect(
      errors(codeRulesPreviewSchema as never, { cart: { lines: [line], customerTags: [{}] }, codes: ["A"] }),
    ).toEqual({ cart: ["A customer tag is text, not an object"] });
  });
});

describe("code rules settings: new accounts and big codes (docs/product.md#new-accounts-and-big-codes)", () => {
  const DAYS = "Must be a whole number of days from 1 to 3,650, or empty for no new-account rule";
  const PERCENT = "Must be a number from 0 to less than 100, or empty for no new-account rule";
  it("reads the days, the share and the guests' choice from JSON or the form, both empty as off", () => {
    expect(codeRulesSchema.parse({ newAccountDays: 30, newAccountMaxPercent: 25 })).toMatchObject({
      newAccountDays: 30,
      newAccountMaxPercent: 25,
      newAccountGuests: "new",
    });
    expect(
      codeRulesSchema.parse({ newAccountDays: " 7 ", newAccountMaxPercent: "12.5", newAccountGuests: "allow" }),
    ).toMatchObject({ newAccountDays: 7, newAccountMaxPercent: 12.5, newAccountGuests: "allow" });
    expect(codeRulesSchema.parse({ newAccountDays: "", newAccountMaxPercent: "" })).toMatchObject({
      newAccountDays: null,
      newAccountMaxPercent: null,
    });
    expect(codeRulesSchema.parse({ newAccountDays: 1, newAccountMaxPercent: 0 }).newAccountMaxPercent).toBe(0);
  });
  it("refuses days and shares out of range or not numbers, and a guests' choice not offered, naming the field", () => {
    for (const newAccountDays of [0, 3651, 2.5, "1e1", "0x10", true, [30], {}]) {
      expect(
        errors(codeRulesSchema, { newAccountDays, newAccountMaxPercent: 25 }),
        JSON.stringify(newAccountDays),
      ).toEqual({ newAccountDays: [DAYS] });
    }
    for (const newAccountMaxPercent of [100, 150, "1e1", -1, "-1", true, {}]) {
      expect(
        errors(codeRulesSchema, { newAccountDays: 30, newAccountMaxPercent }),
        JSON.stringify(newAccountMaxPercent),
      ).toEqual({ newAccountMaxPercent: [PERCENT] });
    }
    expect(errors(codeRulesSchema, { newAccountGuests: "block" })).toEqual({
      newAccountGuests: ['Choose how guest checkouts are treated: "new" or "allow"'],
    });
  });
  it("needs both the days and the share, naming the one missing", () => {
    expect(errors(codeRulesSchema, { newAccountDays: 30 })).toEqual({
      newAccountMaxPercent: ["Set the share too, or clear the days: the new-account rule needs both"],
    });
    expect(errors(codeRulesSchema, { newAccountMaxPercent: 25 })).toEqual({
      newAccountDays: ["Set the days too, or clear the share: the new-account rule needs both"],
    });
  });
  it("takes the preview's account age in whole days, empty for none", () => {
    const base = { cart: { lines: [{ title: "Shirt", price: 10 }] }, codes: ["SAVE20"] };
    expect(
      codeRulesPreviewSchema.parse({ ...base, cart: { ...base.cart, accountAgeDays: "12" } }).cart.accountAgeDays,
    ).toBe(12);
    expect(codeRulesPreviewSchema.parse(base).cart.accountAgeDays).toBeNull();
    expect(errors(codeRulesPreviewSchema as never, { ...base, cart: { ...base.cart, accountAgeDays: -1 } })).toEqual({
      cart: ["An account age is a whole number of days from 0 to 36,500, or empty for a guest"],
    });
  });
});
