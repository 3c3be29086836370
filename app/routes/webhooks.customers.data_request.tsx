import type { ActionFunctionArgs } from "@remix-run/node";
import { authenticate } from "../shopify.server";
import { recordCustomerDataRequest } from "../services/privacy.server";
import { handleWebhookOnce } from "../services/webhook-receipts.server";

// Handles customers/data_request, a mandatory compliance topic (shopify.app.toml, compliance_topics).
export const action = async ({ request }: ActionFunctionArgs) => {
  const { shop, topic, webhookId, payload } = await authenticate.webhook(request);
  return handleWebhookOnce({ shop, topic: String(topic), webhookId }, async () => {
    await recordCustomerDataRequest({
      shopDomain: shop,
      dataRequestId: String(payload?.data_request?.id ?? webhookId),
      customerId: payload?.customer?.id,
      orderIds: Array.isArray(payload?.orders_requested) ? payload.orders_requested : [],
    });
  });
};
