import { insertQueuedOrder } from "../../db/order-queue.sql.server";
import { orderFactsFromOrder, type OrderPayload } from "../../domain/monitoring/order-payload";
import { webhookShop } from "../../db/shops.server";
import { claimWebhook } from "../webhooks/receipts.server";

export interface OrderDelivery {
  shop: string;
  topic: string;
  webhookId: string;
  /** checked against Shopify's shape and bounds by the webhook route */
  payload: OrderPayload;
}

export type EnqueueResult = "queued" | "duplicate" | "ignored";

/**
 * Before the webhook is acknowledged: the order's facts are queued under the webhook id,
 * which is unique, so a redelivery (or a burst of the same delivery) adds nothing. One
 * statement: this runs for every order webhook. Deliveries that queue nothing (an unknown
 * or uninstalled shop) are still claimed, so they are handled once.
 */
export async function enqueueOrderWebhook(delivery: OrderDelivery): Promise<EnqueueResult> {
  const parsed = orderFactsFromOrder(delivery.payload);
  const shop = await webhookShop(delivery.shop);
  if (!shop?.installed) return (await claimWebhook(delivery)) ? "ignored" : "duplicate";
  const queued = await insertQueuedOrder({
    shopId: shop.id,
    webhookId: delivery.webhookId,
    topic: delivery.topic,
    facts: parsed.facts,
    customerId: parsed.customerId,
  });
  return queued ? "queued" : "duplicate";
}
