import type { ActionFunctionArgs } from "@remix-run/node";
import { authenticate } from "../shopify.server";
import { redactCustomer } from "../services/privacy.server";
import { handleWebhookOnce } from "../services/webhook-receipts.server";

// Handles customers/redact, a mandatory compliance topic (shopify.app.toml, compliance_topics).
export const action = async ({ request }: ActionFunctionArgs) => {
  const { shop, topic, webhookId, payload } = await authenticate.webhook(request);
  return handleWebhookOnce({ shop, topic: String(topic), webhookId }, async () => {
    await redactCustomer({
      shopDomain: shop,
      customerId: payload?.customer?.id,
      orderIds: Array.isArray(payload?.orders_to_redact) ? payload.orders_to_redact : [],
    });
  });
};
