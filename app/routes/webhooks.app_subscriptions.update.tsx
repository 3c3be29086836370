import { appSubscriptionPayload } from "../domain/webhook-payloads";
import { webhookAction } from "../http/webhooks.server";
import { applySubscriptionUpdate } from "../services/billing/plan-truth.server";
import { handleWebhookOnce } from "../services/webhooks/receipts.server";

// Handles app_subscriptions/update (subscribed in shopify.app.toml): the plan follows
// Shopify's Billing API, once per delivery (docs/decisions/0018-plan-truth.md).
export const action = webhookAction("app_subscriptions/update", appSubscriptionPayload, (webhook) =>
  handleWebhookOnce(webhook, () => applySubscriptionUpdate(webhook.shop, webhook.payload.app_subscription)),
);
