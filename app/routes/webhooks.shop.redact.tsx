import { shopRedactPayload } from "../domain/webhook-payloads";
import { webhookAction } from "../http/webhooks.server";
import { redactShop } from "../services/privacy/privacy.server";
import { handleWebhookOnce } from "../services/webhooks/receipts.server";

// Handles shop/redact, a mandatory compliance topic (shopify.app.toml, compliance_topics).
export const action = webhookAction("shop/redact", shopRedactPayload, (webhook) =>
  handleWebhookOnce(webhook, () => redactShop(webhook.shop)),
);
