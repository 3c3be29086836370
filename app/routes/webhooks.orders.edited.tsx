import { WEBHOOK_TOPICS } from "../http/webhook-topics.server";
import { webhookAction } from "../http/webhooks.server";

// Handles orders/edited (subscribed in shopify.app.toml) when Remix routes the request; the server's
// fast path answers it first with the same handler (docs/architecture.md#webhook-fast-path).
export const action = webhookAction(WEBHOOK_TOPICS["orders/edited"]);
