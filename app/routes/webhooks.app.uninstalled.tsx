import type { ActionFunctionArgs } from "@remix-run/node";
import { authenticate } from "../shopify.server";
import { markShopUninstalled } from "../services/privacy.server";
import { handleWebhookOnce } from "../services/webhook-receipts.server";

// Handles app/uninstalled (subscribed in shopify.app.toml).
export const action = async ({ request }: ActionFunctionArgs) => {
  const { shop, topic, webhookId } = await authenticate.webhook(request);
  return handleWebhookOnce({ shop, topic: String(topic), webhookId }, () =>
    markShopUninstalled(shop),
  );
};
