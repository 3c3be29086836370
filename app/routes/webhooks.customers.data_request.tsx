import { customersDataRequestPayload } from "../domain/webhook-payloads";
import { webhookAction } from "../http/webhooks.server";
import { recordCustomerDataRequest } from "../services/privacy/privacy.server";
import { handleWebhookOnce } from "../services/webhooks/receipts.server";

// Handles customers/data_request, a mandatory compliance topic (shopify.app.toml, compliance_topics).
export const action = webhookAction("customers/data_request", customersDataRequestPayload, (webhook) =>
  handleWebhookOnce(webhook, async () => {
    await recordCustomerDataRequest({
      shopDomain: webhook.shop,
      dataRequestId: String(webhook.payload.data_request?.id ?? webhook.webhookId),
      customerId: webhook.payload.customer?.id,
      orderIds: webhook.payload.orders_requested,
    });
  }),
);
