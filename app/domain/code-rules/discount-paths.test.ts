import { describe, expect, it } from "vitest";
import {
  DISCOUNT_UI_PATHS,
  discountCreatePath,
  discountDetailsPath,
  discountNumberOf,
  parseDiscountId,
  parseFunctionId,
  uiPathsOf,
} from "./discount-paths";

const NODE = "gid://shopify/DiscountAutomaticNode/";

describe("the paths Shopify's Discounts page opens", () => {
  it("reads a Function id: a UUID or a handle-like word; anything else is null", () => {
    expect(parseFunctionId("0196c0de-0000-7000-8000-00000000c0de")).toBe("0196c0de-0000-7000-8000-00000000c0de");
    expect(parseFunctionId("fn_01")).toBe("fn_01");
    for (const bad of [undefined, "", "..", "a b", "a/b", "x".repeat(101), "%2e%2e"]) {
      expect(parseFunctionId(bad), String(bad)).toBeNull();
    }
  });

  it("reads the discount's number, or its whole DiscountAutomaticNode id, encoded or not", () => {
    expect(parseDiscountId("1057371")).toBe(`${NODE}1057371`);
    expect(parseDiscountId(`${NODE}42`)).toBe(`${NODE}42`);
    expect(parseDiscountId(encodeURIComponent(`${NODE}42`))).toBe(`${NODE}42`);
    for (const bad of [
      undefined,
      "",
      "0",
      "01",
      "-1",
      "1.5",
      "new",
      "12a",
      "gid://shopify/DiscountCodeNode/42",
      `${NODE}`,
      `${NODE}x`,
      "%E0%A4%A",
      "1".repeat(21),
    ]) {
      expect(parseDiscountId(bad), String(bad)).toBeNull();
    }
  });

  it("writes the details and create paths back, and only for ids it can read", () => {
    expect(discountNumberOf(`${NODE}7`)).toBe("7");
    expect(discountNumberOf("gid://shopify/DiscountCodeNode/7")).toBeNull();
    expect(discountDetailsPath("fn-1", `${NODE}7`)).toBe("/discounts/fn-1/7");
    expect(discountDetailsPath("fn 1", `${NODE}7`)).toBeNull();
    expect(discountDetailsPath("fn-1", "gid://shopify/DiscountCodeNode/7")).toBeNull();
    expect(discountCreatePath("fn-1")).toBe("/discounts/fn-1/new");
    expect(discountCreatePath("../x")).toBeNull();
    // what it writes it reads back
    expect(parseDiscountId("7")).toBe(`${NODE}7`);
  });

  it("reads [extensions.ui.paths] of a toml, and only that table", () => {
    const toml = [
      "[[extensions]]",
      'handle = "x"',
      "  [extensions.ui]",
      "  enable_create = true",
      "  [extensions.ui.paths]",
      '  create = "/discounts/:functionId/new" # the create page',
      '  details = "/discounts/:functionId/:id"',
      "  [extensions.input.variables]",
      '  create = "/not/this"',
    ].join("\n");
    expect(uiPathsOf(toml)).toEqual(DISCOUNT_UI_PATHS);
    expect(uiPathsOf('[extensions.ui]\nenable_create = true\ncreate = "/x"')).toBeNull();
    expect(uiPathsOf('[extensions.ui.paths]\ndetails = "/d/:functionId/:id"\r\n')).toEqual({
      details: "/d/:functionId/:id",
    });
  });
});
