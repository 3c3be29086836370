import { authenticate } from "../shopify.server";
import { handleWebhookOnce } from "./webhook-receipts.server";

/**
 * orders/create and orders/updated: verified (HMAC) and deduplicated on the webhook id, then
 * acknowledged. Evaluating the order against the shop's rules is the monitoring engine's
 * work, which plugs in here.
 */
export async function receiveOrderWebhook(request: Request): Promise<Response> {
  const { shop, topic, webhookId } = await authenticate.webhook(request);
  return handleWebhookOnce({ shop, topic: String(topic), webhookId }, async () => {});
}
