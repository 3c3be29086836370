import http from "node:http";
import type { AddressInfo } from "node:net";
import { abstractFetch, setAbstractFetchFunc } from "@shopify/shopify-api/runtime";

/** Shopify's token endpoint path on a shop's domain. */
export const TOKEN_PATH = "/admin/oauth/access_token";
/** The lifetimes Shopify gives an expiring offline pair: an hour, and 90 days for the refresh token. */
export const ACCESS_TOKEN_SECONDS = 3600;
export const REFRESH_TOKEN_SECONDS = 90 * 24 * 3600;

/** The token exchange's grant and token types (a non-expiring offline token migrated to an expiring pair). */
export const TOKEN_EXCHANGE_GRANT = "urn:ietf:params:oauth:grant-type:token-exchange";
export const OFFLINE_TOKEN_TYPE = "urn:shopify:params:oauth:token-type:offline-access-token";
/** How long Shopify answers a migration retried with the same non-expiring token with the same pair. */
export const MIGRATION_RECOVERY_MS = 7 * 24 * 3600 * 1000;

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
 *
 * It also answers the migration of a non-expiring offline token (the token exchange grant with
 * subject_token_type offline-access-token and expiring=1) as Shopify documents it: a new expiring
 * pair, and the non-expiring token no longer works; the same exchange retried with the same token
 * answers the same pair for 7 days (`now`), until the pair is refreshed, and is refused after that.
 */
export async function startFakeTokenEndpoint(options: { delayMs?: number; scope?: string; now?: () => number } = {}) {
  const now = options.now ?? (() => Date.now());
  const live = new Map<string, { shop: string; serial: number }>();
  const used = new Set<string>();
  const issued: (TokenPair & { shop: string })[] = [];
  const counts = { refreshed: 0, refused: 0 };
  /** the migrations it answered (a retry answered the same pair included) and those it refused */
  const migrations = { answered: 0, refused: 0 };
  /** non-expiring offline tokens, and what their migration answered (recoverable until `until`) */
  const nonExpiring = new Map<string, { shop: string; migrated?: { pair: TokenPair; until: number } }>();
  let serial = 0;
  let outages = 0;
  let withoutExpiry = 0;
  let refuseMigrations = 0;

  /** A non-expiring offline token, as a shop installed before expiring tokens holds it. */
  function issueNonExpiring(shop: string): string {
    serial += 1;
    const token = `shpat_ne_${serial}_${shop.split(".")[0]}`;
    nonExpiring.set(token, { shop });
    return token;
  }

  function pairAnswer(pair: TokenPair, expiring = true) {
    const noExpiry = withoutExpiry > 0;
    if (noExpiry) withoutExpiry -= 1;
    return {
      access_token: pair.accessToken,
      ...(expiring && !noExpiry ? { expires_in: ACCESS_TOKEN_SECONDS } : {}),
      refresh_token: pair.refreshToken,
      refresh_token_expires_in: REFRESH_TOKEN_SECONDS,
      scope: options.scope ?? "read_orders,read_products",
    };
  }

  /** The token exchange of a non-expiring offline token for an expiring pair. */
  function migrate(shop: string, body: Record<string, string>): [number, unknown] {
    const refused = (description: string): [number, unknown] => {
      migrations.refused += 1;
      return [400, { error: "invalid_subject_token", error_description: description }];
    };
    if (
      body.subject_token_type !== OFFLINE_TOKEN_TYPE ||
      body.requested_token_type !== OFFLINE_TOKEN_TYPE ||
      String(body.expiring) !== "1" ||
      !body.client_id ||
      !body.client_secret
    ) {
      return [400, { error: "invalid_request" }];
    }
    if (refuseMigrations > 0) {
      refuseMigrations -= 1;
      return refused("The subject token is not valid.");
    }
    const known = nonExpiring.get(body.subject_token);
    if (!known || known.shop !== shop) return refused("The subject token is not valid.");
    if (known.migrated) {
      if (now() > known.migrated.until || used.has(known.migrated.pair.refreshToken)) {
        return refused("The subject token was already exchanged.");
      }
      migrations.answered += 1;
      return [200, pairAnswer(known.migrated.pair)];
    }
    const pair = issue(shop);
    known.migrated = { pair, until: now() + MIGRATION_RECOVERY_MS };
    migrations.answered += 1;
    return [200, pairAnswer(pair)];
  }

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
        if (request.method === "POST" && request.url === TOKEN_PATH && body.grant_type === TOKEN_EXCHANGE_GRANT) {
          return send(...migrate(shop, body));
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
        send(200, pairAnswer(issue(shop)));
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
    migrations,
    /** A pair as the shop's token exchange would have issued it at install. */
    issue,
    issueNonExpiring,
    /** Whether a non-expiring token still works: not yet migrated. */
    nonExpiringWorks: (token: string) => nonExpiring.has(token) && !nonExpiring.get(token)!.migrated,
    /** The next `count` answers have no expires_in (a pair the library stores without expiry). */
    omitExpiry: (count: number) => {
      withoutExpiry = count;
    },
    /** The next `count` migrations are refused (400 invalid_subject_token). */
    refuseMigrations: (count: number) => {
      refuseMigrations = count;
    },
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
