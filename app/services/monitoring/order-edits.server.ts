/**
 * orders/edited (docs/product.md#protection-gaps): Shopify runs no checkout rule and no Discount
 * Function on an order edit, so an edit can take an order past a block. The webhook says what
 * the edit changed, not what the order is now: the edited order is read through the Admin API,
 * queued under the webhook's id as an edit, and evaluated again by the order worker like any
 * other order.
 */
import { insertQueuedOrder } from "../../db/order-queue.sql.server";
import { webhookShop } from "../../db/shops.server";
import { ORDER_EDITED_TOPIC } from "../../domain/actions/order-effects";
import {
  orderPayloadFromNode,
  type GraphqlOrderLine,
  type GraphqlOrderNode,
} from "../../domain/monitoring/graphql-order";
import { PAYLOAD_LIMITS, orderFactsFromOrder, orderPayloadSchema } from "../../domain/monitoring/order-payload";
import type { OrderEditPayload } from "../../domain/webhooks/webhook-payloads";
import type { VerifiedWebhook } from "../../domain/webhooks/verified-webhook";
import { logger } from "../../logger.server";
import {
  adminGraphqlData,
  graphqlForShopDomain,
  type AdminData,
  type AdminGraphql,
} from "../admin-api/admin-graphql.server";
import { wakeOrderWorker } from "../booted-workers.server";
import { claimWebhook } from "../webhooks/receipts.server";
import type { EnqueueResult } from "./queue.server";

/** Lines read per page of an edited order. */
export const EDITED_ORDER_LINES_PER_PAGE = 50;

// The order as it stands after the edit, in the fields the webhook payload's parser reads
// (app/domain/monitoring/graphql-order.ts); lines paged, current quantities and discounts.
export const EDITED_ORDER_QUERY = `#graphql
  query EditedOrder($id: ID!, $after: String) {
    order(id: $id) {
      id legacyResourceId name createdAt currencyCode tags note discountCodes sourceName cancelledAt
      app { id }
      totalDiscountsSet { shopMoney { amount } }
      currentTotalDiscountsSet { shopMoney { amount } }
      discountApplications(first: 50) {
        nodes {
          __typename index targetType value { __typename }
          ... on DiscountCodeApplication { code }
          ... on AutomaticDiscountApplication { title }
          ... on ManualDiscountApplication { title }
          ... on ScriptDiscountApplication { title }
        }
      }
      lineItems(first: 50, after: $after) {
        pageInfo { hasNextPage endCursor }
        nodes {
          id title quantity currentQuantity variant { id } product { id }
          originalUnitPriceSet { shopMoney { amount } }
          discountAllocations { allocatedAmountSet { shopMoney { amount } } discountApplication { index } }
        }
      }
      shippingLines(first: 5) {
        nodes {
          originalPriceSet { shopMoney { amount } }
          discountAllocations { allocatedAmountSet { shopMoney { amount } } discountApplication { index } }
        }
      }
    }
  }`;

/** The edited order with all its lines (up to the payload's bound), or null when Shopify has no such order. */
export async function readEditedOrder(graphql: AdminGraphql, orderId: string): Promise<GraphqlOrderNode | null> {
  const lines: GraphqlOrderLine[] = [];
  let after: string | null = null;
  let first: GraphqlOrderNode | null = null;
  for (let page = 0; page * EDITED_ORDER_LINES_PER_PAGE < PAYLOAD_LIMITS.maxLineItems; page += 1) {
    const data: AdminData<typeof EDITED_ORDER_QUERY> = await adminGraphqlData(graphql, EDITED_ORDER_QUERY, {
      id: orderId,
      after,
    });
    const order = data.order;
    if (!order) return null;
    first ??= order as GraphqlOrderNode;
    lines.push(...(order.lineItems.nodes as GraphqlOrderLine[]));
    if (!order.lineItems.pageInfo.hasNextPage || !order.lineItems.pageInfo.endCursor) break;
    after = order.lineItems.pageInfo.endCursor;
  }
  return first && { ...first, lineItems: { nodes: lines } };
}

/**
 * Queues the edited order of a verified orders/edited webhook under its webhook id (a redelivery
 * adds nothing) and wakes the order worker. A delivery for an unknown or uninstalled shop, a shop
 * without Admin API access or an order Shopify no longer has is claimed and ignored; a failure
 * to read the order is thrown, so Shopify delivers it again.
 */
export async function queueEditedOrder(
  webhook: VerifiedWebhook<OrderEditPayload>,
  graphqlFor: (shopDomain: string) => Promise<AdminGraphql | null> = graphqlForShopDomain,
): Promise<EnqueueResult> {
  const ignore = async (reason?: string) => {
    if (reason) logger.error(reason, { shop: webhook.shop, webhookId: webhook.webhookId });
    return (await claimWebhook(webhook)) ? "ignored" : "duplicate";
  };
  const shop = await webhookShop(webhook.shop);
  if (!shop?.installed) return ignore();
  const graphql = await graphqlFor(webhook.shop);
  if (!graphql) return ignore("An edited order could not be read: no Admin API access");
  const orderId = `gid://shopify/Order/${webhook.payload.order_edit.order_id}`;
  const node = await readEditedOrder(graphql, orderId);
  if (!node) return ignore("An edited order is no longer in Shopify");
  const parsed = orderPayloadSchema.safeParse(orderPayloadFromNode(node));
  if (!parsed.success) return ignore(`An edited order could not be read: ${parsed.error.issues[0]?.message}`);
  // the read leaves the customer out (no customer scope): their tags are not known, not a guest's
  const { customerTags: _unknown, ...facts } = orderFactsFromOrder(parsed.data).facts;
  const queued = await insertQueuedOrder({
    shopId: shop.id,
    webhookId: webhook.webhookId,
    topic: ORDER_EDITED_TOPIC,
    facts: { ...facts, edited: true },
    customerId: null,
  });
  if (queued) wakeOrderWorker();
  return queued ? "queued" : "duplicate";
}
