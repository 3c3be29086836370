// The discount reads (the code rules' values, the preflight) stay under Shopify's 1,000-point
// ceiling on a query's requested cost, counted as tests/helpers/query-cost.ts does against the
// pinned Admin schema: a page of discounts with their first codes and rollouts, and a page of one
// discount's codes (docs/product.md#what-the-app-reads-of-discounts).
import { describe, expect, it } from "vitest";
import {
  CODES_PER_PAGE,
  CODES_WITH_DISCOUNT,
  DISCOUNT_CODES,
  DISCOUNT_ONE,
  DISCOUNT_PAGE,
  DISCOUNTS_PER_PAGE,
} from "../../app/services/code-rules/discount-values.server";
import { PREFLIGHT_DISCOUNTS, PREFLIGHT_PAGE } from "../../app/services/preflight/discounts.server";
import { schemaManifest, shopifySchema } from "../../scripts/shopify-schemas.mjs";
import { MAX_QUERY_COST, requestedQueryCost } from "../helpers/query-cost";

const schema = shopifySchema(`admin_${schemaManifest().admin.pinned}`);

describe("the discount reads' requested cost", () => {
  it("a page of code discounts with their first codes and rollouts stays under 1,000 points", () => {
    const vars = { first: DISCOUNTS_PER_PAGE, after: null, codes: CODES_WITH_DISCOUNT, rollouts: true };
    // the rollouts are asked once for every type (HasRollouts): 530 points for 16 discounts
    expect(requestedQueryCost(schema, DISCOUNT_PAGE, vars)).toBeLessThanOrEqual(MAX_QUERY_COST);
  });

  it("one discount, and a page of 250 of its codes, fit too", () => {
    const one = requestedQueryCost(schema, DISCOUNT_ONE, {
      id: "gid://shopify/DiscountCodeNode/1",
      codes: CODES_PER_PAGE,
      rollouts: true,
    });
    const codes = requestedQueryCost(schema, DISCOUNT_CODES, {
      id: "gid://shopify/DiscountCodeNode/1",
      first: CODES_PER_PAGE,
      after: null,
    });

    expect(one).toBeLessThanOrEqual(MAX_QUERY_COST);
    expect(codes).toBeLessThanOrEqual(MAX_QUERY_COST);
  });

  it("a page of the preflight's discounts, rollouts included, fits", () => {
    const cost = requestedQueryCost(schema, PREFLIGHT_DISCOUNTS, {
      first: PREFLIGHT_PAGE,
      after: null,
      rollouts: true,
    });

    expect(cost).toBeLessThanOrEqual(MAX_QUERY_COST);
  });
});
