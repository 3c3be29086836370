// An order's shipping price read once into its facts (OrderFacts.shippingCents): in shop money, from
// a webhook payload and from an order read through the Admin API (app/domain/monitoring/graphql-order.ts), leniently.
import { describe, expect, it } from "vitest";
import { graphqlOrderNode } from "../../demo/graphql-order-builder";
import { orderPayload } from "../../demo/order-payload-builder";
import { orderPayloadFromNode } from "./graphql-order";
import { orderFactsFromPayload } from "./order-payload";

const base = (shipping?: { price: { shop: string } }) =>
  orderPayload({
    id: 900_001,
    number: 9001,
    lines: [{ variant: 1, product: 1, quantity: 2, price: { shop: "40.00" } }],
    ...(shipping && { shipping }),
  });

function factsOf(payload: unknown) {
  const read = orderFactsFromPayload(payload);
  if (!read.ok) throw new Error(read.error);
  return read.facts;
}

describe("OrderFacts.shippingCents", () => {
  it("is the shipping line's price before discounts, in cents", () => {
    expect(factsOf(base({ price: { shop: "12.50" } })).shippingCents).toBe(1250);
  });

  it("is absent on an order without shipping, or whose shipping is free", () => {
    expect(factsOf(base())).not.toHaveProperty("shippingCents");
    expect(factsOf(base({ price: { shop: "0.00" } }))).not.toHaveProperty("shippingCents");
  });

  it("reads shop money when the payload has it, and sums the lines", () => {
    const payload = base();
    payload.shipping_lines = [
      // presentment €11.00, shop $12.00
      { price: "11.00", price_set: { shop_money: { amount: "12.00" } }, discount_allocations: [] },
      { price: "3.25", discount_allocations: [] },
    ] as never;
    expect(factsOf(payload).shippingCents).toBe(1525);
  });

  it("counts a price it cannot read as 0 and still reads the order", () => {
    const payload = base();
    payload.shipping_lines = [
      { price: "free", discount_allocations: [] },
      { price: -4, discount_allocations: [] },
      { price_set: { shop_money: { amount: null } }, discount_allocations: [] },
      { price: "5.00", discount_allocations: [] },
    ] as never;
    const facts = factsOf(payload);
    expect(facts.shippingCents).toBe(500);
    expect(facts.preDiscountSubtotalCents).toBe(8000);
  });

  it("comes through an order read from the Admin API (the shipping line's originalPriceSet)", () => {
    const node = graphqlOrderNode(base({ price: { shop: "9.99" } }));
    expect(node.shippingLines.nodes[0].originalPriceSet.shopMoney.amount).toBe("9.99");
    expect(factsOf(orderPayloadFromNode(node)).shippingCents).toBe(999);
    // a node without the price (an older query's answer) reads as no shipping price
    const older = { ...node, shippingLines: { nodes: [{ discountAllocations: [] }] } };
    expect(factsOf(orderPayloadFromNode(older))).not.toHaveProperty("shippingCents");
  });
});
