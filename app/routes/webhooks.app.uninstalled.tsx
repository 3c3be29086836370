import { anyObjectPayload } from "../domain/webhook-payloads";
import { webhookAction } from "../http/webhooks.server";
import { markShopUninstalled } from "../services/privacy/privacy.server";
import { handleWebhookOnce } from "../services/webhooks/receipts.server";

// Handles app/uninstalled (subscribed in shopify.app.toml).
export const action = webhookAction("app/uninstalled", anyObjectPayload, (webhook) =>
  handleWebhookOnce(webhook, () => markShopUninstalled(webhook.shop)),
);
