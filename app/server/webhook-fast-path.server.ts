// Shopify's webhooks answered before any Remix routing (docs/architecture.md#webhook-fast-path):
// a POST to the address of a topic the app subscribes to (WEBHOOK_TOPICS) is read within the
// body limit (the Remix handler's reader: 413 alike), verified on its raw bytes by the one
// verifier the Remix routes use too (verifyWebhook: 405, 400, 401, 400 as before), and handled
// by that topic's handler: an order webhook is one INSERT into the queue, deduplicated on
// X-Shopify-Webhook-Id in that statement; the others keep their handlers. Anything else
// (another path, another method) goes on to Remix.
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { topicAtPath } from "../http/webhook-topics.server";
import { handleVerifiedWebhook, verifyWebhook, webhookSession, type WebhookAnswer } from "../http/webhooks.server";
import type { ServerSettings } from "../http/server-settings.server";
import { readBodyWithin, requestHeaders } from "./remix-handler.server";

function send(res: ExpressResponse, answer: WebhookAnswer): void {
  if (answer.statusText) res.statusMessage = answer.statusText;
  res.status(answer.status);
  if (answer.headers) res.set(answer.headers);
  if (answer.error === undefined) res.end();
  else res.json({ error: answer.error });
}

/** The Express handler of the fast path; mount it before the Remix handler. */
export function webhookFastPath(settings: Pick<ServerSettings, "bodyLimitFor">, options: { discardMs: number }) {
  return async function webhooks(req: ExpressRequest, res: ExpressResponse, next: NextFunction): Promise<void> {
    const definition = req.method === "POST" ? topicAtPath(req.path) : null;
    if (!definition) return next();
    try {
      const body = await readBodyWithin(req, res, settings, options.discardMs);
      if (!body) return;
      // a Fetch API Request, what Shopify's library reads the headers from (the address is not checked)
      const request = new Request(`http://localhost${req.path}`, { method: req.method, headers: requestHeaders(req) });
      const verdict = await verifyWebhook({ request, body }, definition.topic, definition.schema);
      if (!verdict.ok) return send(res, verdict.answer);
      const webhook = definition.session
        ? { ...verdict.webhook, session: await webhookSession(verdict.webhook.shop) }
        : verdict.webhook;
      send(res, await handleVerifiedWebhook(definition, webhook));
    } catch (error) {
      next(error);
    }
  };
}
