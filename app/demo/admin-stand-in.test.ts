import { describe, expect, it } from "vitest";
import { answerStandIn, newStandInState } from "./admin-stand-in";

const HOLD =
  "mutation H($id: ID!, $fulfillmentHold: FulfillmentOrderHoldInput!) { fulfillmentOrderHold(id: $id, fulfillmentHold: $fulfillmentHold) { userErrors { code } } }";
const ORDER = "query O($id: ID!) { order(id: $id) { id } }";

describe("the demo store's stand-in of the Admin API", () => {
  it("holds as Shopify documents: a handle once per fulfilment order, at most 64 characters, at most 10 holds", () => {
    const state = newStandInState();
    answerStandIn(state, { query: ORDER, variables: { id: "gid://shopify/Order/1" } });
    const hold = (handle: string) =>
      answerStandIn(state, {
        query: HOLD,
        variables: { id: "gid://shopify/FulfillmentOrder/1", fulfillmentHold: { reason: "OTHER", handle } },
      }) as { data: { fulfillmentOrderHold: { userErrors: { code: string }[] } } };
    expect(hold("a").data.fulfillmentOrderHold.userErrors).toEqual([]);
    expect(hold("a").data.fulfillmentOrderHold.userErrors[0].code).toBe("DUPLICATE_FULFILLMENT_HOLD_HANDLE");
    expect(hold("x".repeat(65)).data.fulfillmentOrderHold.userErrors).toHaveLength(1);
    for (let index = 0; index < 9; index += 1)
      expect(hold(`h${index}`).data.fulfillmentOrderHold.userErrors).toEqual([]);
    expect(hold("eleventh").data.fulfillmentOrderHold.userErrors[0].code).toBe("FULFILLMENT_ORDER_HOLD_LIMIT_REACHED");
  });

  it("refuses what it does not know, and a Flow payload of 50,000 bytes or more", () => {
    const state = newStandInState();
    expect(answerStandIn(state, { query: "{ shop { name } }" })).toEqual({
      errors: [{ message: "The demo store's stand-in of Shopify does not answer shop" }],
    });
    const flow = answerStandIn(state, {
      query:
        "mutation F($handle: String!, $payload: JSON!) { flowTriggerReceive(handle: $handle, payload: $payload) { userErrors { message } } }",
      variables: { handle: "margin-rule-breached", payload: { text: "x".repeat(50_000) } },
    }) as { data: { flowTriggerReceive: { userErrors: unknown[] } } };
    expect(flow.data.flowTriggerReceive.userErrors).toHaveLength(1);
    expect(state.flowTriggers).toHaveLength(0);
  });
});
