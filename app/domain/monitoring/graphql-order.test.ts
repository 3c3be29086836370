// An order read after an edit (app/services/monitoring/order-edits.server.ts) as the webhook
// parser reads it: lines as they stand, the discounts after the edit, where the order came from.
import { describe, expect, it } from "vitest";
import { orderPayloadFromNode, type GraphqlOrderNode } from "./graphql-order";
import { orderFactsFromPayload } from "./order-payload";

const line = (id: number, quantity: number, currentQuantity: number, off: string) => ({
  id: `gid://shopify/LineItem/${id}`,
  title: `Item ${id}`,
  quantity,
  currentQuantity,
  variant: { id: `gid://shopify/ProductVariant/${id}` },
  product: { id: `gid://shopify/Product/${id}` },
  originalUnitPriceSet: { shopMoney: { amount: "50.00" } },
  discountAllocations: [{ allocatedAmountSet: { shopMoney: { amount: off } }, discountApplication: { index: 0 } }],
});

const edited: GraphqlOrderNode = {
  id: "gid://shopify/Order/77",
  name: "#77",
  createdAt: "2026-11-20T15:00:00Z",
  sourceName: "pos",
  app: { id: "gid://shopify/App/129785" },
  totalDiscountsSet: { shopMoney: { amount: "10.00" } },
  currentTotalDiscountsSet: { shopMoney: { amount: "30.00" } },
  discountApplications: {
    nodes: [{ __typename: "ManualDiscountApplication", index: 0, targetType: "LINE_ITEM", title: "Staff" }],
  },
  // two of the first line now, the second removed by the edit
  lineItems: { nodes: [line(1, 3, 2, "30.00"), line(2, 1, 0, "5.00")] },
};

describe("an edited order read through the Admin API", () => {
  it("counts the lines as they stand and the discounts after the edit, and says where it was placed", () => {
    const parsed = orderFactsFromPayload(orderPayloadFromNode(edited));
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.facts.lines.map((item) => [item.title, item.quantity])).toEqual([["Item 1", 2]]);
    expect(parsed.facts).toMatchObject({
      preDiscountSubtotalCents: 10_000,
      totalDiscountCents: 3_000,
      origin: { sourceName: "pos", appId: "gid://shopify/App/129785" },
    });
  });
});
