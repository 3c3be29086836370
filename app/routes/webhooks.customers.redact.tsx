import { customersRedactPayload } from "../domain/webhook-payloads";
import { webhookAction } from "../http/webhooks.server";
import { redactCustomer } from "../services/privacy/privacy.server";
import { handleWebhookOnce } from "../services/webhooks/receipts.server";

// Handles customers/redact, a mandatory compliance topic (shopify.app.toml, compliance_topics).
export const action = webhookAction("customers/redact", customersRedactPayload, (webhook) =>
  handleWebhookOnce(webhook, async () => {
    await redactCustomer({
      shopDomain: webhook.shop,
      customerId: webhook.payload.customer?.id,
      orderIds: webhook.payload.orders_to_redact,
    });
  }),
);
