import type { ActionFunctionArgs } from "@remix-run/node";
import { authenticate } from "../shopify.server";
import { redactShop } from "../services/privacy.server";
import { handleWebhookOnce } from "../services/webhook-receipts.server";

// Handles shop/redact, a mandatory compliance topic (shopify.app.toml, compliance_topics).
export const action = async ({ request }: ActionFunctionArgs) => {
  const { shop, topic, webhookId } = await authenticate.webhook(request);
  return handleWebhookOnce({ shop, topic: String(topic), webhookId }, () => redactShop(shop));
};
