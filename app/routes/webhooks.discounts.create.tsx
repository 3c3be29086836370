import { WEBHOOK_TOPICS } from "../http/webhook-topics.server";
import { webhookAction } from "../http/webhooks.server";

// Handles discounts/create (subscribed in shopify.app.toml) when Remix routes the request; the server's fast
// path answers it first with the same handler (docs/decisions/0054-webhook-fast-path.md). The discount's
// codes are read again for the code rules' cap (docs/decisions/0062-combined-discount-cap.md).
export const action = webhookAction(WEBHOOK_TOPICS["discounts/create"]);
