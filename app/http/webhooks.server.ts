import type { ActionFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import { isShopDomain } from "../domain/shop-domain";
import type { VerifiedWebhook } from "../domain/verified-webhook";
import { authenticate } from "../shopify.server";
import { malformedTextPath } from "./input-limits";
import { isStorageUnavailable } from "../db/errors";
import { logger } from "../logger.server";

function refuse(status: number, error: string): Response {
  return Response.json({ error }, { status });
}

/** Shopify's header `orders/create` arrives as the library's `ORDERS_CREATE`. */
function storedTopic(topic: string): string {
  return topic.toUpperCase().replace(/\//g, "_");
}

/**
 * Verifies a webhook for the route of `topic`: the HMAC (401), then that the topic header
 * names this route's topic, the shop header is a shop domain and the body is JSON (400
 * each), then the payload against `schema`: a signed payload Shopify could not have sent
 * (impossible amounts, oversized lists) is refused with 400 and stores nothing.
 */
export async function receiveWebhook<Schema extends z.ZodType>(
  request: Request,
  topic: string,
  schema: Schema,
): Promise<VerifiedWebhook<z.infer<Schema>>> {
  let context: Awaited<ReturnType<typeof authenticate.webhook>>;
  try {
    context = await authenticate.webhook(request);
  } catch (error) {
    if (error instanceof Response) throw error;
    // The library parses the body and loads the shop's session after the HMAC check passed.
    if (error instanceof Error && error.name === "SyntaxError") throw refuse(400, "The webhook body is not valid JSON");
    if (!isShopDomain(request.headers.get("x-shopify-shop-domain")))
      throw refuse(400, "X-Shopify-Shop-Domain is not a shop domain");
    throw error;
  }
  if (String(context.topic) !== storedTopic(topic)) {
    throw refuse(400, `This address receives ${topic} webhooks only`);
  }
  if (!isShopDomain(context.shop)) throw refuse(400, "X-Shopify-Shop-Domain is not a shop domain");
  const malformed = malformedTextPath(context.payload);
  if (malformed) throw refuse(400, `The ${topic} payload has text that is not valid Unicode at ${malformed}`);
  const parsed = schema.safeParse(context.payload);
  if (!parsed.success) {
    const reason = parsed.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join(".") || "body"}: ${issue.message}`)
      .join("; ");
    logger.error("Refused a webhook whose payload Shopify could not have sent", { shop: context.shop, topic, reason });
    throw refuse(400, `The ${topic} payload is not one Shopify sends: ${reason}`);
  }
  return {
    shop: context.shop,
    topic,
    webhookId: context.webhookId,
    payload: parsed.data,
    session: context.session,
  };
}

/**
 * A webhook route's action: verified as above, then handled. When the database cannot take
 * the delivery in time (locked, busy, unreachable) the answer is 503, so Shopify delivers
 * again later, instead of a 500.
 */
export function webhookAction<Schema extends z.ZodType>(
  topic: string,
  schema: Schema,
  handle: (webhook: VerifiedWebhook<z.infer<Schema>>) => Promise<Response>,
) {
  return async ({ request }: ActionFunctionArgs): Promise<Response> => {
    const webhook = await receiveWebhook(request, topic, schema);
    try {
      return await handle(webhook);
    } catch (error) {
      if (!isStorageUnavailable(error)) throw error;
      logger.error("Could not store a webhook; asking Shopify to retry", { shop: webhook.shop, topic, err: error });
      return Response.json(
        { error: "The app cannot store this delivery right now; please retry" },
        { status: 503, headers: { "Retry-After": "10" } },
      );
    }
  };
}

/** orders/create and orders/updated: 200 once queued (or ignored), marked when Shopify sent it before. */
export function orderWebhookResponse(result: "queued" | "duplicate" | "ignored"): Response {
  return new Response(null, { status: 200, headers: result === "duplicate" ? { "X-Duplicate": "1" } : {} });
}

/** checkouts/create and checkouts/update: 200 with what the checkout came to. */
export function checkoutWebhookResponse(outcome: string): Response {
  return new Response(null, { status: 200, headers: { "X-Checkout-Outcome": outcome } });
}
