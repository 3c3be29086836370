import { WEBHOOK_TOPICS } from "../http/webhook-topics.server";
import { webhookAction } from "../http/webhooks.server";

// Handles discounts/redeemcode_removed (subscribed in shopify.app.toml) when Remix routes the request; the server's fast
// path answers it first with the same handler (docs/architecture.md#webhook-fast-path). The code's row
// is updated at once (docs/product.md#what-the-app-reads-of-discounts).
export const action = webhookAction(WEBHOOK_TOPICS["discounts/redeemcode_removed"]);
