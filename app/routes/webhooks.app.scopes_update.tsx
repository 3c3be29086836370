import { scopesUpdatePayload } from "../domain/webhook-payloads";
import { webhookAction } from "../http/webhooks.server";
import { updateGrantedScopes } from "../services/privacy/privacy.server";
import { handleWebhookOnce } from "../services/webhooks/receipts.server";

// Handles app/scopes_update (subscribed in shopify.app.toml).
export const action = webhookAction("app/scopes_update", scopesUpdatePayload, (webhook) =>
  handleWebhookOnce(webhook, () => updateGrantedScopes(webhook.shop, webhook.session?.id, webhook.payload.current)),
);
