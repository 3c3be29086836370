import { checkoutPayloadSchema } from "../domain/checkout-payload";
import { checkoutWebhookResponse, webhookAction } from "../http/webhooks.server";
import { receiveCheckoutWebhook } from "../services/checkout/checkout-webhooks.server";

// Handles checkouts/update (subscribed in shopify.app.toml): blocked checkouts and shadow mode.
export const action = webhookAction("checkouts/update", checkoutPayloadSchema, async (webhook) =>
  checkoutWebhookResponse(await receiveCheckoutWebhook(webhook)),
);
