// The order reads of the backtest and the preflight (app/services/backtest/order-pages.server.ts) and
// of an edited order (app/services/monitoring/order-edits.server.ts) stay
// under Shopify's 1,000-point ceiling on a query's requested cost, counted by Shopify's documented
// defaults against the pinned Admin schema (tests/helpers/query-cost.ts). A field added to the order
// query is counted here; a page that asks for more than 1,000 points fails this test, not Shopify.
import { describe, expect, it } from "vitest";
import {
  LINES_PER_ORDER,
  ORDERS_PER_PAGE,
  ORDERS_QUERY,
  ORDER_REST_QUERY,
} from "../../app/services/backtest/order-pages.server";
import { RECONCILE_ORDERS_QUERY } from "../../app/services/reconciliation/reconcile.server";
import { schemaManifest, shopifySchema } from "../../scripts/shopify-schemas.mjs";
import { EDITED_ORDER_QUERY } from "../../app/services/monitoring/order-edits.server";
import { MAX_QUERY_COST, requestedQueryCost } from "../helpers/query-cost";

const schema = shopifySchema(`admin_${schemaManifest().admin.pinned}`);

describe("requested query cost", () => {
  it("counts as Shopify's documentation does: objects 1, scalars 0, connections 2 + first × a node", () => {
    // Shopify's own example: 2 + 10 × (1 + 2 + 5 × 1) = 82, and the shop object 1
    const example = `query { shop { name } products(first: 10) { edges { node { title variants(first: 5) { edges { node { price } } } } } } }`;
    expect(requestedQueryCost(schema, example)).toBe(83);
    // a union costs the most of its members' selections; variables size a connection
    const union = `query Q($n: Int!) { orders(first: $n) { nodes { discountApplications(first: 3) { nodes { value { __typename ... on MoneyV2 { amount } } } } } } }`;
    expect(requestedQueryCost(schema, union, { n: 4 })).toBe(2 + 4 * (1 + 2 + 3 * (1 + 1)));
  });

  it("a page of orders, shipping prices included, asks for under 1,000 points", () => {
    const cost = requestedQueryCost(schema, ORDERS_QUERY, {
      first: ORDERS_PER_PAGE,
      after: null,
      query: "created_at:>='2026-01-01T00:00:00.000Z'",
      lines: LINES_PER_ORDER,
    });
    expect(cost).toBe(948);
    expect(cost).toBeLessThanOrEqual(MAX_QUERY_COST);
    // one order more a page would pass the ceiling: the page size is the largest that fits
    const more = requestedQueryCost(schema, ORDERS_QUERY, { first: ORDERS_PER_PAGE + 1, lines: LINES_PER_ORDER });
    expect(more).toBeGreaterThan(MAX_QUERY_COST);
  });

  it("an order's remaining lines and applications are read under the ceiling too", () => {
    expect(
      requestedQueryCost(schema, ORDER_REST_QUERY, { id: "gid://shopify/Order/1", after: null }),
    ).toBeLessThanOrEqual(MAX_QUERY_COST);
  });

  it("an edited order's page of lines is read under the ceiling (docs/product.md#protection-gaps)", () => {
    expect(
      requestedQueryCost(schema, EDITED_ORDER_QUERY, { id: "gid://shopify/Order/1", after: null }),
    ).toBeLessThanOrEqual(MAX_QUERY_COST);
  });

  it("reconciliation's page of orders asks for what the backtest's does", () => {
    const cost = requestedQueryCost(schema, RECONCILE_ORDERS_QUERY, {
      first: ORDERS_PER_PAGE,
      after: null,
      query: "updated_at:>='2026-01-01T00:00:00.000Z'",
      lines: LINES_PER_ORDER,
    });
    expect(cost).toBe(948);
  });
});
