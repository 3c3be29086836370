// Expiring offline access tokens (docs/operations.md#shopify-access-tokens): a shop's pair is
// refreshed once however many workers need the Admin API at once, the rotated pair is stored over
// the pair it replaced only, an older pair never overwrites a newer one, and a refused refresh
// token is not tried again and leaves the shop without a session for background work; a pair
// Shopify answers without expires_in counts as expiring an hour after it is stored. Against a
// fake token endpoint that rotates the pair on every use and refuses a refresh token used before.
// On SQLite and on PostgreSQL (npm run test:postgres).
import { Session } from "@shopify/shopify-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { createOfflineTokens, REFRESH_AHEAD_MS, refreshThrough } from "../../app/db/offline-token.server";
import { forgetCachedSessions } from "../../app/db/session-cache.server";
import { openSessionToken } from "../../app/db/encrypted-session-storage.server";
import { getEnv } from "../../app/env.server";
import { sessionStorage, shopifyLibrary } from "../../app/shopify.server";
import { graphqlForShopDomain } from "../../app/services/admin-api/admin-graphql.server";
import { ensureShop } from "../../app/db/shops.server";
import { stackedCodeAndAutomatic } from "../fixtures/orders";
import { redirectTokenRequests, startFakeTokenEndpoint, type TokenPair } from "../helpers/fake-token-endpoint";
import { routeArgs, webhookRequest } from "../helpers/shopify";

let endpoint: Awaited<ReturnType<typeof startFakeTokenEndpoint>>;
let adminTokens: string[];

beforeAll(async () => {
  // a little time at the endpoint, so concurrent callers really overlap the refresh
  endpoint = await startFakeTokenEndpoint({ delayMs: 150 });
  // Admin API requests are answered by the redirect: what is checked is the token they carry
  adminTokens = redirectTokenRequests(endpoint.port, { answerAdmin: true }).adminTokens;
});
afterAll(() => endpoint.close());

const MINUTE = 60_000;
const id = (shop: string) => `offline_${shop}`;

/** The shop's offline session as the token exchange stores it: `pair`, its access token expiring in `expiresInMs`. */
async function installed(shop: string, pair: TokenPair, expiresInMs: number): Promise<Session> {
  const session = new Session({
    id: id(shop),
    shop,
    state: "",
    isOnline: false,
    scope: "read_orders",
    accessToken: pair.accessToken,
    refreshToken: pair.refreshToken,
    expires: new Date(Date.now() + expiresInMs),
    refreshTokenExpires: new Date(Date.now() + 90 * 24 * 60 * MINUTE),
  });
  expect(await sessionStorage.storeSession(session)).toBe(true);
  forgetCachedSessions(shop);
  return session;
}

/** The stored pair, opened. */
async function storedPair(shop: string) {
  const row = await prisma.session.findUniqueOrThrow({ where: { id: id(shop) } });
  const keys = getEnv().secretKeys;
  return {
    accessToken: openSessionToken(shop, row.accessToken, keys),
    refreshToken: row.refreshToken && openSessionToken(shop, row.refreshToken, keys),
    expires: row.expires,
    rejectedAt: row.refreshRejectedAt,
    leasedBy: row.refreshLeasedBy,
  };
}

/** What one background worker does: the shop's Admin API client, and one call with it. */
async function worker(shop: string): Promise<boolean> {
  const graphql = await graphqlForShopDomain(shop);
  if (!graphql) return false;
  // any document: the redirect answers it; the token it carries is what is checked
  const call = graphql as unknown as (query: string) => Promise<Response>;
  const response = await call("query Shop { shop { name } }");
  return response.ok;
}

describe("a refresh under concurrent workers", () => {
  it("20 workers needing the Admin API at once make one refresh, and all use the new token", async () => {
    const shop = "tokens-many.myshopify.com";
    await installed(shop, endpoint.issue(shop), 2 * MINUTE);
    const before = { ...endpoint.counts };
    const seen = adminTokens.length;

    const results = await Promise.all(Array.from({ length: 20 }, () => worker(shop)));
    expect(results).toEqual(Array(20).fill(true));
    expect(endpoint.counts.refreshed - before.refreshed).toBe(1);
    expect(endpoint.counts.refused - before.refused).toBe(0);
    const newest = endpoint.newest(shop)!;
    expect(new Set(adminTokens.slice(seen))).toEqual(new Set([newest.accessToken]));
    const stored = await storedPair(shop);
    expect(stored).toMatchObject({ accessToken: newest.accessToken, refreshToken: newest.refreshToken });
    expect(stored.expires!.getTime()).toBeGreaterThan(Date.now() + 55 * MINUTE);
    expect(stored.leasedBy).toBeNull();

    // fresh for the next 50 minutes: nothing is refreshed again
    expect(await worker(shop)).toBe(true);
    expect(endpoint.counts.refreshed - before.refreshed).toBe(1);
  });

  it("a pair due for refresh is not served from the cache: another process's refresh is read, not repeated", async () => {
    const shop = "tokens-cached.myshopify.com";
    const old = await installed(shop, endpoint.issue(shop), 2 * MINUTE);
    // this process caches the old pair (as it stored it)
    await sessionStorage.storeSession(old);
    // another process refreshed meanwhile: the database holds a pair this process has not seen
    const theirs = endpoint.issue(shop);
    await prisma.session.update({
      where: { id: id(shop) },
      data: { expires: new Date(Date.now() + 60 * MINUTE), ...theirs },
    });
    const before = endpoint.counts.refreshed;
    const loaded = await sessionStorage.loadSession(id(shop));
    expect(loaded).toMatchObject(theirs);
    expect(endpoint.counts.refreshed).toBe(before);
  });

  it("two refreshers on one database (as two processes): one refresh, both get the new pair", async () => {
    const shop = "tokens-two.myshopify.com";
    await installed(shop, endpoint.issue(shop), 3 * MINUTE);
    const before = endpoint.counts.refreshed;
    // a second process's refresher: its own single flight, the same database and token endpoint
    const other = createOfflineTokens({
      db: prisma,
      keys: () => getEnv().secretKeys,
      refresh: refreshThrough(shopifyLibrary),
      pollMs: 10,
    });
    const sessions = await Promise.all([
      ...Array.from({ length: 8 }, () => sessionStorage.loadSession(id(shop))),
      ...Array.from({ length: 8 }, () => other.fresh(id(shop))),
    ]);
    expect(endpoint.counts.refreshed - before).toBe(1);
    const newest = endpoint.newest(shop)!;
    expect(new Set(sessions.map((session) => session?.accessToken))).toEqual(new Set([newest.accessToken]));
    expect(new Set(sessions.map((session) => session?.refreshToken))).toEqual(new Set([newest.refreshToken]));
    expect(await storedPair(shop)).toMatchObject(newest);
  });
});

describe("a pair without expiry", () => {
  it("answered without expires_in, is stored as expiring an hour later and refreshed before that hour ends", async () => {
    const shop = "tokens-no-expiry.myshopify.com";
    await installed(shop, endpoint.issue(shop), 2 * MINUTE);
    const before = endpoint.counts.refreshed;
    endpoint.omitExpiry(1);
    const storing = Date.now();
    expect(await worker(shop)).toBe(true);
    const answered = endpoint.newest(shop)!;
    const stored = await storedPair(shop);
    expect(stored).toMatchObject(answered);
    expect(stored.expires!.getTime()).toBeGreaterThanOrEqual(storing + 60 * MINUTE);
    expect(stored.expires!.getTime()).toBeLessThanOrEqual(Date.now() + 60 * MINUTE);
    // 55 minutes later (another process's clock): due, refreshed once
    const later = createOfflineTokens({
      db: prisma,
      keys: () => getEnv().secretKeys,
      refresh: refreshThrough(shopifyLibrary),
      now: () => Date.now() + 55 * MINUTE,
    });
    expect((await later.fresh(id(shop)))?.accessToken).toBe(endpoint.newest(shop)!.accessToken);
    expect(endpoint.counts.refreshed - before).toBe(2);
    expect(endpoint.newest(shop)).not.toEqual(answered);
  });

  it("stored before it was counted an hour is refreshed at its next load", async () => {
    const shop = "tokens-stored-no-expiry.myshopify.com";
    await installed(shop, endpoint.issue(shop), 60 * MINUTE);
    await prisma.session.update({ where: { id: id(shop) }, data: { expires: null, pairStoredAt: null } });
    forgetCachedSessions(shop);
    const before = endpoint.counts.refreshed;
    expect(await worker(shop)).toBe(true);
    expect(endpoint.counts.refreshed - before).toBe(1);
    const stored = await storedPair(shop);
    expect(stored).toMatchObject(endpoint.newest(shop)!);
    expect(stored.expires!.getTime()).toBeGreaterThan(Date.now() + 55 * MINUTE);
  });
});

describe("a stale writer", () => {
  it("storing the pair it read before the refresh is refused: the newer pair stays", async () => {
    const shop = "tokens-stale.myshopify.com";
    const old = await installed(shop, endpoint.issue(shop), 2 * MINUTE);
    expect(await worker(shop)).toBe(true);
    const newest = endpoint.newest(shop)!;

    // the library's unsynchronised path, or a hook, storing the session it loaded earlier
    expect(await sessionStorage.storeSession(old)).toBe(false);
    expect(await storedPair(shop)).toMatchObject(newest);
    // the cache does not keep the refused pair either
    expect((await sessionStorage.loadSession(id(shop)))?.accessToken).toBe(newest.accessToken);

    // a newer pair (the shop's token exchange) is stored
    const exchanged = endpoint.issue(shop);
    const later = new Session({
      ...old.toObject(),
      accessToken: exchanged.accessToken,
      refreshToken: exchanged.refreshToken,
      expires: new Date(Date.now() + 61 * MINUTE),
    });
    expect(await sessionStorage.storeSession(later)).toBe(true);
    expect(await storedPair(shop)).toMatchObject(exchanged);
  });
});

describe("a refresh finishing after a newer pair was stored", () => {
  it("does not overwrite it: the swap is made only over the refresh token the refresh used", async () => {
    const shop = "tokens-swap.myshopify.com";
    const old = await installed(shop, endpoint.issue(shop), 2 * MINUTE);
    const exchanged = endpoint.issue(shop);
    const viaShopify = refreshThrough(shopifyLibrary);
    const tokens = createOfflineTokens({
      db: prisma,
      keys: () => getEnv().secretKeys,
      // while Shopify answers this refresh, the merchant opens the app: its token exchange stores a newer pair
      refresh: async (shopDomain, refreshToken) => {
        const answered = viaShopify(shopDomain, refreshToken);
        const later = new Session({ ...old.toObject(), ...exchanged, expires: new Date(Date.now() + 60 * MINUTE) });
        expect(await sessionStorage.storeSession(later)).toBe(true);
        return answered;
      },
    });
    const session = await tokens.fresh(id(shop));
    expect(session).toMatchObject(exchanged);
    expect(await storedPair(shop)).toMatchObject({ ...exchanged, leasedBy: null });
  });
});

describe("a refused refresh token", () => {
  it("is tried once, marks the shop for re-auth, keeps the pair, and background work gets no session", async () => {
    const shop = "tokens-refused.myshopify.com";
    const pair = endpoint.issue(shop);
    await installed(shop, pair, 2 * MINUTE);
    // used elsewhere (a copy of the database, a lost response past Shopify's recovery period)
    endpoint.retire(pair.refreshToken);
    const before = { ...endpoint.counts };

    expect(await Promise.all(Array.from({ length: 5 }, () => worker(shop)))).toEqual(Array(5).fill(false));
    forgetCachedSessions(shop);
    expect(await worker(shop)).toBe(false);
    expect(endpoint.counts.refused - before.refused).toBe(1);
    expect(endpoint.counts.refreshed - before.refreshed).toBe(0);
    const stored = await storedPair(shop);
    expect(stored).toMatchObject({ accessToken: pair.accessToken, refreshToken: pair.refreshToken });
    expect(stored.rejectedAt).toBeInstanceOf(Date);

    // the shop opens the app: its token exchange stores a new pair, and background work resumes
    const exchanged = endpoint.issue(shop);
    await installed(shop, exchanged, 60 * MINUTE);
    expect((await storedPair(shop)).rejectedAt).toBeNull();
    expect(await worker(shop)).toBe(true);
  });

  it("leaves webhooks taken: the delivery is acknowledged without a session, and Shopify is asked once", async () => {
    const shop = "tokens-refused-webhook.myshopify.com";
    const pair = endpoint.issue(shop);
    await ensureShop(shop);
    await installed(shop, pair, 2 * MINUTE);
    endpoint.retire(pair.refreshToken);
    const before = endpoint.counts.refused;
    const { action } = await import("../../app/routes/webhooks.orders.create");
    for (const webhookId of ["refused-1", "refused-2"]) {
      const delivery = webhookRequest("orders/create", shop, stackedCodeAndAutomatic, { webhookId });
      expect(((await action(routeArgs(delivery))) as Response).status).toBe(200);
    }
    expect(endpoint.counts.refused - before).toBe(1);
    expect(await prisma.session.count({ where: { shop } })).toBe(1);
  });

  it("while its access token still has more than the library's five minutes, it is used as it is", async () => {
    const shop = "tokens-refused-usable.myshopify.com";
    const pair = endpoint.issue(shop);
    await installed(shop, pair, REFRESH_AHEAD_MS - MINUTE);
    endpoint.retire(pair.refreshToken);
    const before = endpoint.counts.refused;
    const seen = adminTokens.length;
    expect(await worker(shop)).toBe(true);
    forgetCachedSessions(shop);
    expect(await worker(shop)).toBe(true);
    expect(endpoint.counts.refused - before).toBe(1);
    expect(new Set(adminTokens.slice(seen))).toEqual(new Set([pair.accessToken]));
  });

  it("an outage at the token endpoint is not a refusal: nothing is marked, and the next load refreshes", async () => {
    const shop = "tokens-outage.myshopify.com";
    const pair = endpoint.issue(shop);
    await installed(shop, pair, 2 * MINUTE);
    const before = { ...endpoint.counts };
    endpoint.fail(1);
    // the stored token is about to expire: no session for this job (the library never refreshes on its own)
    expect(await worker(shop)).toBe(false);
    expect((await storedPair(shop)).rejectedAt).toBeNull();
    expect(await worker(shop)).toBe(true);
    expect(endpoint.counts.refreshed - before.refreshed).toBe(1);
    expect(endpoint.counts.refused - before.refused).toBe(0);
    expect(await storedPair(shop)).toMatchObject(endpoint.newest(shop)!);
  });
});
