import { Session } from "@shopify/shopify-api";
import { getJwt } from "@shopify/shopify-api/test-helpers";
import { webhookHeaders } from "../../app/demo/webhook-headers";
import { DEFAULT_SCOPES } from "../../app/env.server";
import { TEST_API_KEY, TEST_API_SECRET, TEST_APP_URL } from "./test-env";

/** Stores the offline session Shopify's token exchange would have created at install. */
export async function storeOfflineSession(shop: string): Promise<Session> {
  const { sessionStorage } = await import("../../app/shopify.server");
  const session = new Session({
    id: `offline_${shop}`,
    shop,
    state: "state",
    isOnline: false,
    accessToken: `shpat_${shop.split(".")[0]}`,
    scope: DEFAULT_SCOPES,
  });
  await sessionStorage.storeSession(session);
  return session;
}

/** A request from the embedded app's fetch, carrying an App Bridge session token. */
export async function adminRequest(
  path: string,
  shop: string,
  options: { secret?: string; expired?: boolean; init?: RequestInit } = {},
): Promise<Request> {
  const now = Date.now() / 1000;
  const { token } = await getJwt(
    shop.replace(/\.myshopify\.com$/, ""),
    TEST_API_KEY,
    options.secret ?? TEST_API_SECRET,
    options.expired ? { exp: now - 60, nbf: now - 3600, iat: now - 3600 } : {},
  );
  const headers = new Headers(options.init?.headers);
  headers.set("Authorization", `Bearer ${token}`);
  return new Request(`${TEST_APP_URL}${path}`, { ...options.init, headers });
}

let deliveries = 0;

/** A webhook delivery signed like Shopify signs it (HMAC-SHA256 of the raw body). */
export function webhookRequest(
  topic: string,
  shop: string,
  payload: unknown,
  options: { webhookId?: string; secret?: string } = {},
): Request {
  const body = JSON.stringify(payload);
  deliveries += 1;
  return new Request(`${TEST_APP_URL}/webhooks/${topic}`, {
    method: "POST",
    body,
    headers: webhookHeaders(
      topic,
      shop,
      body,
      options.secret ?? TEST_API_SECRET,
      options.webhookId ?? `webhook-${Date.now()}-${deliveries}`,
    ),
  });
}

/** Runs a loader or action, returning the Response it returned or threw. */
export async function settle(run: () => Promise<unknown>): Promise<unknown> {
  try {
    return await run();
  } catch (thrown) {
    return thrown;
  }
}

export const routeArgs = (request: Request) => ({ request, params: {}, context: {} });

export type RouteHandler = (args: {
  request: Request;
  params: Record<string, string>;
  context: Record<string, unknown>;
}) => unknown;

/** Calls a route's loader or action as the embedded app's fetch would, with a JSON body if given. */
export async function callRoute(
  handler: RouteHandler,
  path: string,
  shop: string,
  method = "GET",
  body?: unknown,
): Promise<Response> {
  const init: RequestInit =
    body === undefined
      ? { method }
      : { method, body: JSON.stringify(body), headers: { "Content-Type": "application/json" } };
  const request = await adminRequest(path, shop, { init });
  return (await settle(() => Promise.resolve(handler({ request, params: {}, context: {} })))) as Response;
}

/** Shops installed with an offline session each, as the admin routes expect; their ids in order. */
export async function installedShops(...domains: string[]): Promise<string[]> {
  const { ensureShop } = await import("../../app/db/shops.server");
  const ids: string[] = [];
  for (const domain of domains) {
    ids.push((await ensureShop(domain)).id);
    await storeOfflineSession(domain);
  }
  return ids;
}
