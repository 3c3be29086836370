import type { OrderPayload } from "../../domain/monitoring/order-payload";
import type { VerifiedWebhook } from "../../domain/webhooks/verified-webhook";
import { enqueueOrderWebhook, type EnqueueResult } from "./queue.server";
import { wakeOrderWorker } from "../booted-workers.server";

/**
 * orders/create and orders/updated, verified by verifyWebhook (HMAC, topic, shop, JSON, schema):
 * claimed once per webhook id with the order queued in the same statement, acknowledged,
 * then evaluated by the in-process worker that app/background.server.ts booted.
 */
export async function queueOrderWebhook(webhook: VerifiedWebhook<OrderPayload>): Promise<EnqueueResult> {
  const result = await enqueueOrderWebhook(webhook);
  if (result === "queued") wakeOrderWorker();
  return result;
}

/** The shop's orders waiting for the worker and those that failed (the Integration page's queue health). */
export { orderQueueCounts } from "../../db/order-queue.sql.server";
