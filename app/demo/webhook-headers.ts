/**
 * The headers of a webhook as Shopify sends it, signed with HMAC-SHA256 of the raw body
 * (docs/security.md, "Webhooks from Shopify"): for `npm run demo:order`, `npm run demo:checkout` and
 * the tests, which post signed webhooks to the app.
 */
import crypto from "node:crypto";

export function webhookHeaders(
  topic: string,
  shop: string,
  body: string,
  secret: string,
  webhookId: string = crypto.randomUUID(),
): Record<string, string> {
  return {
    "Content-Type": "application/json",
    "X-Shopify-Topic": topic,
    "X-Shopify-Shop-Domain": shop,
    "X-Shopify-API-Version": "2026-10",
    "X-Shopify-Webhook-Id": webhookId,
    "X-Shopify-Hmac-Sha256": crypto.createHmac("sha256", secret).update(body, "utf8").digest("base64"),
  };
}
