/**
 * Posts a webhook to the running app as Shopify would: signed with SHOPIFY_API_SECRET, for the
 * demo shop by default (npm run demo:order, npm run demo:checkout).
 */
import { loadDotEnv } from "../app/config/database-url";
import { webhookHeaders } from "../app/demo/webhook-headers";
import { DEMO_SHOP_DOMAIN } from "../app/env.server";

loadDotEnv();
export const base = process.env.SHOPIFY_APP_URL || `http://localhost:${process.env.PORT || 3000}`;
export const shop = process.env.DEMO_SHOP_DOMAIN || DEMO_SHOP_DOMAIN;

/** Signs and posts `payload` to /webhooks/<topic>; prints the answer and returns it. */
export async function postWebhook(topic: string, payload: unknown, label: string): Promise<Response> {
  const secret = process.env.SHOPIFY_API_SECRET;
  if (!secret) throw new Error("SHOPIFY_API_SECRET is not set (copy .env.example to .env).");
  const body = JSON.stringify(payload);
  const started = performance.now();
  const response = await fetch(`${base}/webhooks/${topic}`, {
    method: "POST",
    body,
    headers: webhookHeaders(topic, shop, body, secret),
  });
  console.log(
    `POST ${base}/webhooks/${topic} for ${label} (${shop}): ${response.status} in ${(performance.now() - started).toFixed(1)} ms`,
  );
  if (!response.ok) throw new Error(`The app refused the webhook (${response.status}).`);
  return response;
}
