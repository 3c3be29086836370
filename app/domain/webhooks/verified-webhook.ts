import type { Session } from "@shopify/shopify-api";

/**
 * A webhook whose signature, topic, shop and JSON body were checked (app/http/webhooks.server.ts
 * verifyWebhook): what the services that handle webhooks take as input.
 */
export interface VerifiedWebhook<Payload = unknown> {
  shop: string;
  /** Shopify's topic as in the subscription, e.g. "orders/create" */
  topic: string;
  webhookId: string;
  payload: Payload;
  session?: Session;
}
