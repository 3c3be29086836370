import { WEBHOOK_TOPICS } from "../http/webhook-topics.server";
import { webhookAction } from "../http/webhooks.server";

// Handles discounts/create (subscribed in shopify.app.toml) when Remix routes the request; the server's fast
// path answers it first with the same handler (docs/architecture.md#webhook-fast-path). The discount's
// codes are read again for the code rules' cap (docs/product.md#code-rules).
export const action = webhookAction(WEBHOOK_TOPICS["discounts/create"]);
