import { WEBHOOK_TOPICS } from "../http/webhook-topics.server";
import { webhookAction } from "../http/webhooks.server";

// Handles orders/updated (subscribed in shopify.app.toml) when Remix routes the request; the server's
// fast path answers it first with the same handler (docs/decisions/0054-webhook-fast-path.md).
export const action = webhookAction(WEBHOOK_TOPICS["orders/updated"]);
