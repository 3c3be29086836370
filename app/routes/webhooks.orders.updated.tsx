import { orderPayloadSchema } from "../domain/order-payload";
import { orderWebhookResponse, webhookAction } from "../http/webhooks.server";
import { queueOrderWebhook } from "../services/monitoring/order-webhooks.server";

// Handles orders/updated (subscribed in shopify.app.toml).
export const action = webhookAction("orders/updated", orderPayloadSchema, async (webhook) =>
  orderWebhookResponse(await queueOrderWebhook(webhook)),
);
