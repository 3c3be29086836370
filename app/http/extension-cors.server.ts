import { getEnv } from "../env.server";

/**
 * CORS for the JSON API routes that Shopify's admin UI extensions call (docs/security.md#what-is-verified).
 * An admin extension runs on Shopify's extension origin (https://extensions.shopifycdn.com), not the
 * app's: its `fetch` to the app carries the admin's session token as `Authorization: Bearer`, so the
 * browser first asks with OPTIONS and then lets the extension read only an answer that has CORS headers,
 * errors included (a 404 or a 401 the extension must put in words).
 *
 * The headers are those of Shopify's library's `cors` helper (authenticate.admin's; the test compares
 * them): any origin, since the answer is only given to a valid session token and no cookie is read;
 * the headers `Authorization` and `Content-Type`; and the library's reauthorize header exposed. Shopify's
 * helper is only handed to a request that authenticated, while the browser's OPTIONS request carries no
 * token and this API's own refusals come before or without the library: hence this one, for every answer.
 */

/** The header Shopify's library sets on a response that asks the client to authorize again. */
export const REAUTHORIZE_HEADER = "X-Shopify-API-Request-Failure-Reauthorize-Url";
/** How long a browser may keep an OPTIONS answer (seconds), as Shopify's library answers it. */
export const PREFLIGHT_MAX_AGE = 7200;

/** Whether a request comes from another origin than the app's own (an admin extension's). */
export function isCrossOrigin(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (!origin) return false;
  const appOrigin = URL.canParse(getEnv().appUrl) ? new URL(getEnv().appUrl).origin : null;
  return origin !== appOrigin && origin !== getEnv().appUrl;
}

/** `response` with the CORS headers when the request came from another origin (a copy: thrown responses may be immutable). */
export function withAdminCors(request: Request, response: Response): Response {
  const headers = new Headers(response.headers);
  headers.append("Vary", "Origin");
  if (isCrossOrigin(request)) {
    headers.set("Access-Control-Allow-Origin", "*");
    headers.set("Access-Control-Allow-Headers", "Authorization, Content-Type");
    headers.set("Access-Control-Expose-Headers", REAUTHORIZE_HEADER);
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * The answer to the browser's OPTIONS request before an extension's POST: 204 with the CORS headers.
 * Remix hands an OPTIONS request to the route's loader (it is not a mutation), so the loader answers it.
 */
export function corsPreflight(request: Request): Response {
  return withAdminCors(
    request,
    new Response(null, { status: 204, headers: { "Access-Control-Max-Age": String(PREFLIGHT_MAX_AGE) } }),
  );
}

/**
 * Runs a JSON API handler for admin extensions: what it returns or throws as a Response (the
 * library's 401, a 400, a 404) goes back with the CORS headers; any other error is thrown on.
 */
export async function answerWithCors(request: Request, handle: () => Promise<Response>): Promise<Response> {
  try {
    return withAdminCors(request, await handle());
  } catch (thrown) {
    if (thrown instanceof Response) return withAdminCors(request, thrown);
    throw thrown;
  }
}
