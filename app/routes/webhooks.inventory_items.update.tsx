import type { ActionFunctionArgs } from "@remix-run/node";
import { authenticate } from "../shopify.server";
import { applyInventoryItemCost } from "../services/variant-facts.server";
import { handleWebhookOnce } from "../services/webhook-receipts.server";

// Handles inventory_items/update (shopify.app.toml): the cached unit cost follows Shopify's.
export const action = async ({ request }: ActionFunctionArgs) => {
  const { shop, topic, webhookId, payload } = await authenticate.webhook(request);
  return handleWebhookOnce({ shop, topic: String(topic), webhookId }, async () => {
    const id = payload?.admin_graphql_api_id ?? (payload?.id ? `gid://shopify/InventoryItem/${payload.id}` : null);
    if (id) await applyInventoryItemCost(shop, String(id), payload?.cost);
  });
};
