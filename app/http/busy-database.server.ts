/**
 * A request the database could not take in time (SQLite's writer held past its wait, PostgreSQL
 * unreachable or out of connections) answers 503 with Retry-After, never 500: the merchant's
 * browser, an API client or Shopify tries again in a moment and nothing was half done
 * (docs/architecture.md#background-workers). Remix reports a loader's or action's error to
 * handleError (app/entry.server.tsx) with the request's load context, which is marked here; the
 * server then turns that request's 5xx into the 503 (app/server/remix-handler.server.ts).
 */
import { isDatabaseUnavailable, isStorageUnavailable } from "../db/errors";

/** Seconds a client is asked to wait before trying again. */
export const BUSY_RETRY_AFTER_SECONDS = 2;
export const BUSY_MESSAGE = "The app's database is busy right now. Please try again in a few seconds.";

const busyRequests = new WeakSet<object>();

/** Whether `error` is the database's and not the request's; if so, the request's context is marked. */
export function noteDatabaseBusy(error: unknown, context: unknown): boolean {
  const busy = isDatabaseUnavailable(error) || isStorageUnavailable(error);
  if (busy && typeof context === "object" && context !== null) busyRequests.add(context);
  return busy;
}

/** `response`, or a 503 with Retry-After when it is a 5xx of a request the database could not take. */
export function busyDatabaseAnswer(context: object, response: Response): Response {
  if (response.status < 500 || !busyRequests.has(context)) return response;
  const headers = new Headers(response.headers);
  headers.set("Retry-After", String(BUSY_RETRY_AFTER_SECONDS));
  headers.set("Cache-Control", "no-store");
  // a resource route's error is Remix's plain "Unexpected Server Error": the API answers JSON instead;
  // a page's error boundary and a data request's encoded error keep their bodies
  if ((headers.get("Content-Type") ?? "").startsWith("text/plain")) {
    headers.set("Content-Type", "application/json; charset=utf-8");
    void response.body?.cancel().catch(() => undefined);
    return new Response(JSON.stringify({ error: BUSY_MESSAGE }), { status: 503, headers });
  }
  return new Response(response.body, { status: 503, statusText: "Service Unavailable", headers });
}
