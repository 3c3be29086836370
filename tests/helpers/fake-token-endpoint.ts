import http from "node:http";
import type { AddressInfo } from "node:net";
import { abstractFetch, setAbstractFetchFunc } from "@shopify/shopify-api/runtime";

/** Shopify's token endpoint path on a shop's domain. */
export const TOKEN_PATH = "/admin/oauth/access_token";
/** The lifetimes Shopify gives an expiring offline pair: an hour, and 90 days for the refresh token. */
export const ACCESS_TOKEN_SECONDS = 3600;
export const REFRESH_TOKEN_SECONDS = 90 * 24 * 3600;

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

/**
 * Stands in for Shopify's token endpoint (POST https://{shop}/admin/oauth/access_token with
 * grant_type refresh_token), as the expiring offline tokens contract describes it: every use of a
 * refresh token answers a new pair (access token for an hour, a new refresh token), and a refresh
 * token already used, or never issued, is refused with 400 invalid_grant. A real HTTP server on
 * 127.0.0.1; it counts the refreshes it answered and those it refused.
 */
export async function startFakeTokenEndpoint(options: { delayMs?: number; scope?: string } = {}) {
  const live = new Map<string, { shop: string; serial: number }>();
  const used = new Set<string>();
  const issued: (TokenPair & { shop: string })[] = [];
  const counts = { refreshed: 0, refused: 0 };
  let serial = 0;
  let outages = 0;

  function issue(shop: string): TokenPair {
    serial += 1;
    const pair = { accessToken: `shpat_${serial}_${shop.split(".")[0]}`, refreshToken: `shprt_${serial}_${shop}` };
    live.set(pair.refreshToken, { shop, serial });
    issued.push({ ...pair, shop });
    return pair;
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      void (async () => {
        if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
        const shop = String(request.headers["x-fake-shop-host"] ?? "");
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as Record<string, string>;
        const send = (status: number, value: unknown) => {
          response.writeHead(status, { "Content-Type": "application/json" });
          response.end(JSON.stringify(value));
        };
        if (outages > 0) {
          outages -= 1;
          return send(503, { errors: "Service unavailable" });
        }
        if (request.method !== "POST" || request.url !== TOKEN_PATH || body.grant_type !== "refresh_token") {
          return send(400, { error: "unsupported_grant_type" });
        }
        const known = live.get(body.refresh_token);
        if (!known || used.has(body.refresh_token) || known.shop !== shop) {
          counts.refused += 1;
          return send(400, { error: "invalid_grant", error_description: "Token has been expired or revoked." });
        }
        used.add(body.refresh_token);
        counts.refreshed += 1;
        const pair = issue(shop);
        send(200, {
          access_token: pair.accessToken,
          expires_in: ACCESS_TOKEN_SECONDS,
          refresh_token: pair.refreshToken,
          refresh_token_expires_in: REFRESH_TOKEN_SECONDS,
          scope: options.scope ?? "read_orders,read_products",
        });
      })();
    });
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)),
  );
  server.unref();

  return {
    port,
    counts,
    /** A pair as the shop's token exchange would have issued it at install. */
    issue,
    /** The newest pair issued for the shop. */
    newest: (shop: string): TokenPair | undefined => {
      const pair = issued.filter((candidate) => candidate.shop === shop).at(-1);
      return pair && { accessToken: pair.accessToken, refreshToken: pair.refreshToken };
    },
    /** The next `count` requests fail with 503, before the refresh token is looked at (an outage). */
    fail: (count: number) => {
      outages = count;
    },
    /** Marks a refresh token used elsewhere, so Shopify refuses it. */
    retire: (refreshToken: string) => used.add(refreshToken),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Sends the library's requests to the shops' token endpoint to the fake on `port`, with their
 * method, headers and body as they are; other requests go to the fetch set before (the fake
 * Admin API's, or the adapter's). With `answerAdmin`, Admin API requests are answered here
 * instead (200, empty data): tests that only look at the token a request carried. Install it
 * after importing the app's modules (importing them sets the library's fetch). Returns the access
 * tokens the app's Admin API requests carried.
 */
export function redirectTokenRequests(port: number, options: { answerAdmin?: boolean } = {}) {
  const before = abstractFetch;
  const adminTokens: string[] = [];
  setAbstractFetchFunc(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    if (/\.myshopify\.com$/.test(url.hostname) && url.pathname.startsWith("/admin/api/")) {
      adminTokens.push(new Headers(init?.headers).get("X-Shopify-Access-Token") ?? "");
      if (options.answerAdmin) {
        return new Response(JSON.stringify({ data: {} }), { headers: { "Content-Type": "application/json" } });
      }
    }
    if (!/\.myshopify\.com$/.test(url.hostname) || url.pathname !== TOKEN_PATH) return before(input, init);
    const headers = new Headers(init?.headers);
    headers.set("x-fake-shop-host", url.host);
    return fetch(`http://127.0.0.1:${port}${url.pathname}`, { ...init, headers });
  });
  return { adminTokens };
}
