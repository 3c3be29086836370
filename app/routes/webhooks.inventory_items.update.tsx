import { inventoryItemPayload } from "../domain/webhook-payloads";
import { webhookAction } from "../http/webhooks.server";
import { applyInventoryItemCost } from "../services/monitoring/variant-facts.server";
import { handleWebhookOnce } from "../services/webhooks/receipts.server";

// Handles inventory_items/update (shopify.app.toml): the cached unit cost follows Shopify's.
export const action = webhookAction("inventory_items/update", inventoryItemPayload, (webhook) =>
  handleWebhookOnce(webhook, async () => {
    const item = webhook.payload;
    const id = item.admin_graphql_api_id ?? `gid://shopify/InventoryItem/${item.id}`;
    await applyInventoryItemCost(webhook.shop, id, item.cost);
  }),
);
