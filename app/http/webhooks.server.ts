/**
 * Shopify's webhooks, verified once for both ways in (docs/architecture.md#webhook-fast-path):
 * the server's fast path (app/server/webhook-fast-path.server.ts) hands `verifyWebhook` the raw
 * bytes as they came off the socket, before any Remix routing; the Remix routes
 * (app/routes/webhooks.*.tsx, what `shopify app dev` and the tests that call route actions use)
 * hand it the request's bytes. Shopify's library checks the signature and Shopify's headers; the
 * topic, the shop, the JSON and the payload's shape are checked here. Same answers, one function.
 */
import { isUtf8 } from "node:buffer";
import type { ActionFunctionArgs } from "@remix-run/node";
import { WebhookValidationErrorReason, type Session } from "@shopify/shopify-api";
import { SessionNotFoundError } from "@shopify/shopify-app-remix/server";
import type { z } from "zod";
import { isShopDomain } from "../domain/shops/shop-domain";
import type { VerifiedWebhook } from "../domain/webhooks/verified-webhook";
import { shopifyLibrary, unauthenticated } from "../shopify.server";
import { malformedTextPath } from "./input-limits";
import { isStorageUnavailable } from "../db/errors";
import { logger } from "../logger.server";

/** What a webhook is answered: a status, headers, and a JSON `{ error }` body when refused with a reason. */
export interface WebhookAnswer {
  status: number;
  /** the status line's text, as Shopify's library gave it for its own refusals */
  statusText?: string;
  headers?: Record<string, string>;
  error?: string;
}

/** A webhook delivery as it arrived: the request (its method and headers) and the raw body's bytes. */
export interface RawWebhook {
  request: Request;
  body: Uint8Array;
}

/** A topic as Shopify's library gives it: `orders/create` is `ORDERS_CREATE`. */
const storedTopic = (topic: string) => topic.toUpperCase().replace(/\/|\./g, "_");

const refused = (status: number, error: string): WebhookAnswer => ({ status, error });
const bare = (status: number, statusText: string): WebhookAnswer => ({ status, statusText });

/**
 * The body as the text Shopify's library signs. The library takes the body as a string and
 * computes the HMAC over its UTF-8 encoding, while Shopify signs the bytes: the two are the same
 * bytes only for a body that is UTF-8, decoded with a leading byte-order mark kept (`Request.text()`
 * drops it, and turns bytes that are not UTF-8 into U+FFFD: a genuine signature would then fail,
 * and one over other bytes pass).
 */
const signedText = new TextDecoder("utf-8", { ignoreBOM: true });

export type WebhookVerdict<Payload> =
  { ok: true; webhook: VerifiedWebhook<Payload> } | { ok: false; answer: WebhookAnswer };

/**
 * Verifies a webhook for `topic`: POST (405), a body that is UTF-8 (400), then Shopify's library:
 * a body, the HMAC header (400), the HMAC (401), Shopify's headers (400); then that the topic header
 * names `topic`, the shop header is a shop domain and the body is JSON (400 each), then the payload
 * against `schema`: a signed payload Shopify could not have sent (impossible amounts, oversized
 * lists) is refused with 400. Reads no database.
 */
export async function verifyWebhook<Schema extends z.ZodType>(
  raw: RawWebhook,
  topic: string,
  schema: Schema,
): Promise<WebhookVerdict<z.infer<Schema>>> {
  const no = (answer: WebhookAnswer) => ({ ok: false as const, answer });
  if (raw.request.method.toUpperCase() !== "POST") return no(bare(405, "Method not allowed"));
  // bytes that are not UTF-8 have no text the library would sign as they are (signedText)
  if (!isUtf8(raw.body)) return no(refused(400, "The webhook body is not UTF-8"));
  const text = signedText.decode(raw.body);
  const check = await shopifyLibrary.webhooks.validate({ rawBody: text, rawRequest: raw.request });
  if (!check.valid)
    return no(
      check.reason === WebhookValidationErrorReason.InvalidHmac ? bare(401, "Unauthorized") : bare(400, "Bad Request"),
    );
  const { domain: shop, webhookId } = check;
  if (check.topic !== storedTopic(topic)) return no(refused(400, `This address receives ${topic} webhooks only`));
  if (!isShopDomain(shop)) return no(refused(400, "X-Shopify-Shop-Domain is not a shop domain"));
  let payload: unknown;
  try {
    // a byte-order mark is signed but is no JSON
    payload = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch {
    return no(refused(400, "The webhook body is not valid JSON"));
  }
  const malformed = malformedTextPath(payload);
  if (malformed) return no(refused(400, `The ${topic} payload has text that is not valid Unicode at ${malformed}`));
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    const reason = parsed.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join(".") || "body"}: ${issue.message}`)
      .join("; ");
    logger.error("Refused a webhook whose payload Shopify could not have sent", { shop, topic, reason });
    return no(refused(400, `The ${topic} payload is not one Shopify sends: ${reason}`));
  }
  return { ok: true, webhook: { shop, topic, webhookId, payload: parsed.data as z.infer<Schema> } };
}

/**
 * The shop's offline session, as Shopify's library loads it for a webhook (a token about to
 * expire is refreshed first); undefined when the shop has none.
 */
export async function webhookSession(shop: string): Promise<Session | undefined> {
  try {
    return (await unauthenticated.admin(shop)).session;
  } catch (error) {
    if (error instanceof SessionNotFoundError) return undefined;
    throw error;
  }
}

/** What handles a verified webhook of one topic, whichever way it came in. */
export interface WebhookTopic<Schema extends z.ZodType = z.ZodType> {
  topic: string;
  schema: Schema;
  /** the handler reads the shop's offline session (`webhook.session`) */
  session: boolean;
  // method syntax: a table of topics with different payloads is one `WebhookTopic[]`
  handle(webhook: VerifiedWebhook<z.infer<Schema>>): Promise<WebhookAnswer>;
}

export function webhookTopic<Schema extends z.ZodType>(definition: WebhookTopic<Schema>): WebhookTopic<Schema> {
  return definition;
}

/**
 * Runs the topic's handler on a verified webhook. When the database cannot take the delivery in
 * time (locked, busy, unreachable) the answer is 503, so Shopify delivers again later, instead
 * of a 500; other failures are thrown.
 */
export async function handleVerifiedWebhook<Schema extends z.ZodType>(
  definition: WebhookTopic<Schema>,
  webhook: VerifiedWebhook<z.infer<Schema>>,
): Promise<WebhookAnswer> {
  try {
    return await definition.handle(webhook);
  } catch (error) {
    if (!isStorageUnavailable(error)) throw error;
    logger.error("Could not store a webhook; asking Shopify to retry", {
      shop: webhook.shop,
      topic: definition.topic,
      err: error,
    });
    return {
      status: 503,
      headers: { "Retry-After": "10" },
      error: "The app cannot store this delivery right now; please retry",
    };
  }
}

/** An answer as a Fetch API Response (the Remix routes). */
export function answerResponse(answer: WebhookAnswer): Response {
  const init = { status: answer.status, statusText: answer.statusText, headers: answer.headers };
  return answer.error === undefined ? new Response(null, init) : Response.json({ error: answer.error }, init);
}

/**
 * A webhook route's action (the way in when Remix routes the request): the same verification
 * and handler as the fast path. The shop's offline session is loaded for every topic here, as
 * Shopify's `authenticate.webhook` did; refusals are thrown as Responses.
 */
export function webhookAction<Schema extends z.ZodType>(definition: WebhookTopic<Schema>) {
  return async ({ request }: ActionFunctionArgs): Promise<Response> => {
    const body = new Uint8Array(await request.arrayBuffer());
    const verdict = await verifyWebhook({ request, body }, definition.topic, definition.schema);
    if (!verdict.ok) throw answerResponse(verdict.answer);
    const session = await webhookSession(verdict.webhook.shop);
    return answerResponse(await handleVerifiedWebhook(definition, { ...verdict.webhook, session }));
  };
}

/** orders/create, orders/updated and orders/edited: 200 once queued (or ignored), marked when Shopify sent it before. */
export function orderWebhookAnswer(result: "queued" | "duplicate" | "ignored"): WebhookAnswer {
  return { status: 200, headers: result === "duplicate" ? { "X-Duplicate": "1" } : {} };
}

/** checkouts/create and checkouts/update: 200 with what the checkout came to. */
export function checkoutWebhookAnswer(outcome: string): WebhookAnswer {
  return { status: 200, headers: { "X-Checkout-Outcome": outcome } };
}

/** A handled-once webhook (compliance, app topics): 200, marked when Shopify sent it before. */
export function onceWebhookAnswer(result: "handled" | "duplicate"): WebhookAnswer {
  return { status: 200, headers: result === "duplicate" ? { "X-Duplicate": "1" } : {} };
}
