import {
  FLOW_TRIGGER_HANDLE,
  breachTags,
  flowPayload,
  holdHandle,
  holdReasonNotes,
  type ActionEvent,
  type ActionOutcome,
  type OrderAction,
} from "../../domain/actions/order-actions";
import { fail, messageOf, ok, type Problem, type Result } from "../../domain/result";
import { adminGraphqlData, userErrorText, type UserError, type AdminGraphql } from "../admin-api/admin-graphql.server";
import { actionClientFor, refusedBy, type ActionClient } from "./admin-client.server";

/**
 * Runs one order action in Shopify (docs/product.md#order-actions), for the outbox worker. Each is
 * safe to run again after a crash: tags are added, not replaced; a fulfilment order that already
 * carries this rule's hold is not held twice; Flow is told at least once. Shopify's userErrors
 * come back as the failure's message, so the delivery log and the retry show them.
 */

const TAGS_ADD = `#graphql
  mutation MarginGuardrailTagsAdd($id: ID!, $tags: [String!]!) {
    tagsAdd(id: $id, tags: $tags) { node { id } userErrors { field message } }
  }`;

const FULFILLMENT_ORDERS = `#graphql
  query MarginGuardrailFulfillmentOrders($id: ID!) {
    order(id: $id) {
      id
      fulfillmentOrders(first: 20) { nodes { id status fulfillmentHolds { id handle heldByRequestingApp } } }
    }
  }`;

const HOLD = `#graphql
  mutation MarginGuardrailHold($id: ID!, $fulfillmentHold: FulfillmentOrderHoldInput!) {
    fulfillmentOrderHold(id: $id, fulfillmentHold: $fulfillmentHold) {
      fulfillmentHold { id handle }
      userErrors { field message code }
    }
  }`;

export const RELEASE_HOLD = `#graphql
  mutation MarginGuardrailReleaseHold($id: ID!, $holdIds: [ID!]) {
    fulfillmentOrderReleaseHold(id: $id, holdIds: $holdIds) {
      fulfillmentOrder { id status }
      userErrors { field message code }
    }
  }`;

const FLOW_TRIGGER = `#graphql
  mutation MarginGuardrailFlowTrigger($handle: String!, $payload: JSON!) {
    flowTriggerReceive(handle: $handle, payload: $payload) { userErrors { field message } }
  }`;

/** The fulfilment order statuses a hold can be placed on. */
const HOLDABLE = new Set(["OPEN", "SCHEDULED", "ON_HOLD"]);

/** Done (a few words for the attempt, what Shopify did, and whether it was the demo stand-in), or why not. */
export type ActionResult = Result<{ detail: string; outcome: ActionOutcome | null; standIn: boolean }, Problem>;

class ShopifyRefused extends Error {}

function throwIfRefused(userErrors: UserError[] | undefined): void {
  if (userErrors?.length) throw new ShopifyRefused(userErrorText(userErrors));
}

async function tagOrder(graphql: AdminGraphql, event: ActionEvent): Promise<ActionOutcome> {
  const tags = breachTags(event.ruleName ?? "rule");
  const data = await adminGraphqlData(graphql, TAGS_ADD, {
    id: event.orderId,
    tags,
  });
  if (!data.tagsAdd) throw new Error("Shopify did not answer tagsAdd");
  throwIfRefused(data.tagsAdd.userErrors);
  return { action: "tag", tags };
}

async function holdOrder(graphql: AdminGraphql, event: ActionEvent): Promise<ActionOutcome | null> {
  const handle = holdHandle(event.ruleId);
  const data = await adminGraphqlData(graphql, FULFILLMENT_ORDERS, { id: event.orderId });
  if (!data.order) throw new ShopifyRefused(`Shopify has no order ${event.orderName ?? event.orderId}`);
  const holds: { fulfillmentOrderId: string; holdId: string | null }[] = [];
  for (const fulfillmentOrder of data.order.fulfillmentOrders.nodes) {
    if (!HOLDABLE.has(fulfillmentOrder.status)) continue;
    // held by an earlier try of this action that did not live to record it
    const mine = fulfillmentOrder.fulfillmentHolds.find((hold) => hold.heldByRequestingApp && hold.handle === handle);
    if (mine) {
      holds.push({ fulfillmentOrderId: fulfillmentOrder.id, holdId: mine.id });
      continue;
    }
    const held = await adminGraphqlData(graphql, HOLD, {
      id: fulfillmentOrder.id,
      fulfillmentHold: { reason: "OTHER", reasonNotes: holdReasonNotes(event), handle, notifyMerchant: false },
    });
    if (!held.fulfillmentOrderHold) throw new Error("Shopify did not answer fulfillmentOrderHold");
    throwIfRefused(held.fulfillmentOrderHold.userErrors);
    holds.push({
      fulfillmentOrderId: fulfillmentOrder.id,
      holdId: held.fulfillmentOrderHold.fulfillmentHold?.id ?? null,
    });
  }
  // nothing left to fulfil (already fulfilled or cancelled): nothing to hold, nothing to record
  return holds.length ? { action: "hold", handle, holds } : null;
}

async function fireFlow(graphql: AdminGraphql, event: ActionEvent): Promise<ActionOutcome> {
  // another trigger's call (a leak flag) is made as queued; a breach's payload is built here
  const data = await adminGraphqlData(graphql, FLOW_TRIGGER, {
    handle: event.flow?.handle ?? FLOW_TRIGGER_HANDLE,
    payload: event.flow?.payload ?? flowPayload(event),
  });
  if (!data.flowTriggerReceive) throw new Error("Shopify did not answer flowTriggerReceive");
  throwIfRefused(data.flowTriggerReceive.userErrors);
  return { action: "flow" };
}

const RUN: Record<OrderAction, (graphql: AdminGraphql, event: ActionEvent) => Promise<ActionOutcome | null>> = {
  tag: tagOrder,
  hold: holdOrder,
  flow: fireFlow,
};

const DETAIL: Record<OrderAction, string> = { tag: "tagged", hold: "held", flow: "sent to Flow" };

/** Runs `action` for the breach `event` of the shop at `shopDomain`; never throws. */
export async function runOrderAction(
  action: OrderAction,
  event: ActionEvent,
  shopDomain: string,
  client?: ActionClient | null,
): Promise<ActionResult> {
  const acting = client === undefined ? await actionClientFor(shopDomain) : client;
  if (!acting) return fail({ message: `No Admin API access for ${shopDomain}: is the app still installed?` });
  if (!event.orderId && !(action === "flow" && event.flow))
    return fail({ message: "The breach has no order to act on" });
  try {
    const outcome = await RUN[action](acting.graphql, event);
    const detail = outcome
      ? `${DETAIL[action]}${acting.standIn ? " in the demo stand-in" : ""}`
      : "no open fulfilment order to hold";
    return ok({ detail, outcome, standIn: acting.standIn });
  } catch (error) {
    const message = messageOf(error);
    return fail({ message: error instanceof ShopifyRefused ? refusedBy(acting, message) : message });
  }
}
