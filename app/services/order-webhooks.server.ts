import { authenticate, unauthenticated } from "../shopify.server";
import { getEnv } from "../env.server";
import { enqueueOrderWebhook, kickOrderWorker, setGraphqlForShop } from "./monitoring.server";

// The worker reaches Shopify through the shop's offline session; the demo store has none.
setGraphqlForShop(async (shopDomain) => {
  if (getEnv().demoMode) return null;
  try {
    const { admin } = await unauthenticated.admin(shopDomain);
    return admin.graphql;
  } catch (error) {
    console.error(`No Admin API session for ${shopDomain}; unit costs come from the cache only`, error);
    return null;
  }
});

/**
 * orders/create and orders/updated: verified (HMAC, 401 otherwise), claimed once per webhook
 * id with the order queued in the same transaction, acknowledged, then evaluated by the
 * in-process worker.
 */
export async function receiveOrderWebhook(request: Request): Promise<Response> {
  const { shop, topic, webhookId, payload } = await authenticate.webhook(request);
  const result = await enqueueOrderWebhook({ shop, topic: String(topic), webhookId, payload });
  if (result === "queued") void kickOrderWorker();
  return new Response(null, { status: 200, headers: result === "duplicate" ? { "X-Duplicate": "1" } : {} });
}

// Orders acknowledged before a restart are evaluated when the server starts again.
if (getEnv().nodeEnv !== "test") void kickOrderWorker();
