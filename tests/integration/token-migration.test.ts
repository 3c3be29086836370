// Admin access that never dies quietly (docs/operations.md#shopify-access-tokens): a shop still
// holding a non-expiring offline token is moved to an expiring pair in the background, once
// however many processes migrate; a refused migration is tried again with backoff and given up
// after Shopify's 7 days; access the app cannot restore (a refused refresh token, a migration given
// up) marks the shop and tells the merchant once, and the shop's next token exchange clears it.
// Against the fake token endpoint, with an injected clock. On SQLite and on PostgreSQL.
import fs from "node:fs";
import path from "node:path";
import { Session } from "@shopify/shopify-api";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import prisma from "../../app/db.server";
import { openSessionToken } from "../../app/db/encrypted-session-storage.server";
import { forgetCachedSessions } from "../../app/db/session-cache.server";
import { ensureShop } from "../../app/db/shops.server";
import {
  MIGRATION_LAST_TRY_MARGIN_MS,
  MIGRATION_WINDOW_MS,
  RESTORE_ACCESS_FIX,
} from "../../app/domain/shops/admin-access";
import { getEnv } from "../../app/env.server";
import { channelSender } from "../../app/services/alerts/delivery.server";
import { adminAccessStatus } from "../../app/services/shops/admin-access.server";
import {
  createTokenMigrator,
  migrateThrough,
  type TokenMigrationDeps,
} from "../../app/services/shops/token-migration.server";
import { sessionStorage, shopifyLibrary } from "../../app/shopify.server";
import { redirectTokenRequests, startFakeTokenEndpoint, type TokenPair } from "../helpers/fake-token-endpoint";
import { testWorkers } from "../helpers/workers";

// the app's mailer writes to a folder of this file's own (no transport is set in tests)
const mailDir = vi.hoisted(() => {
  const dir = `${process.env.TMPDIR ?? "/tmp"}/mg-token-migration-${process.pid}-${Date.now()}`;
  process.env.MAIL_OUTBOX_DIR = dir;
  delete process.env.RESEND_API_KEY;
  delete process.env.SMTP_URL;
  return dir;
});

const MINUTE = 60_000;
let clock = Date.now();
let endpoint: Awaited<ReturnType<typeof startFakeTokenEndpoint>>;
const workers = testWorkers({ send: channelSender({ guard: false }) });

beforeAll(async () => {
  // a little time at the endpoint, so racing migrators really overlap
  endpoint = await startFakeTokenEndpoint({ delayMs: 150, now: () => clock });
  redirectTokenRequests(endpoint.port, { answerAdmin: true });
});
afterAll(() => endpoint.close());

const id = (shop: string) => `offline_${shop}`;

const migrator = (deps: Partial<TokenMigrationDeps> = {}) =>
  createTokenMigrator({
    db: prisma,
    keys: () => getEnv().secretKeys,
    migrate: migrateThrough(shopifyLibrary),
    now: () => clock,
    ...deps,
  });

/** A shop installed before expiring tokens: its offline session holds a non-expiring token. */
async function installedLongAgo(shop: string): Promise<{ shopId: string; token: string }> {
  const { id: shopId } = await ensureShop(shop);
  await prisma.alertSettings.upsert({
    where: { shopId },
    create: { shopId, emails: [`owner@${shop}`], webhooks: [] },
    update: { emails: [`owner@${shop}`] },
  });
  const token = endpoint.issueNonExpiring(shop);
  const session = new Session({
    id: id(shop),
    shop,
    state: "",
    isOnline: false,
    scope: "read_orders",
    accessToken: token,
  });
  expect(await sessionStorage.storeSession(session)).toBe(true);
  forgetCachedSessions(shop);
  return { shopId, token };
}

async function row(shop: string) {
  const stored = await prisma.session.findUniqueOrThrow({ where: { id: id(shop) } });
  const keys = getEnv().secretKeys;
  return {
    ...stored,
    accessToken: openSessionToken(shop, stored.accessToken, keys),
    refreshToken: stored.refreshToken && openSessionToken(shop, stored.refreshToken, keys),
  };
}

const notices = (shopId: string) => prisma.alertAndActionOutbox.findMany({ where: { shopId, channel: "notice" } });

function mailsTo(address: string) {
  if (!fs.existsSync(mailDir)) return [];
  return fs
    .readdirSync(mailDir)
    .map(
      (file) =>
        JSON.parse(fs.readFileSync(path.join(mailDir, file), "utf8")) as {
          to: string[];
          subject: string;
          text: string;
        },
    )
    .filter((mail) => mail.to.includes(address));
}

/** The merchant opens the app: the library's token exchange stores a new expiring pair. */
async function reopened(shop: string): Promise<TokenPair> {
  const pair = endpoint.issue(shop);
  const session = new Session({
    id: id(shop),
    shop,
    state: "",
    isOnline: false,
    scope: "read_orders",
    ...pair,
    expires: new Date(Date.now() + 60 * MINUTE),
  });
  expect(await sessionStorage.storeSession(session)).toBe(true);
  return pair;
}

describe("migrating a non-expiring offline token", () => {
  it("two migrators racing exchange it once; the pair is stored sealed, and the old token is gone", async () => {
    const shop = "migrate-race.myshopify.com";
    const { shopId, token } = await installedLongAgo(shop);
    clock = Date.now();
    expect(await adminAccessStatus(shopId, clock)).toMatchObject({ state: "warning", migratedAt: null });
    const before = endpoint.migrations.answered;

    const [a, b] = await Promise.all([migrator().migrateDue(), migrator().migrateDue()]);
    expect(endpoint.migrations.answered - before).toBe(1);
    expect([a.get(shop), b.get(shop)].sort()).toEqual(["migrated", "skipped"]);
    expect(endpoint.nonExpiringWorks(token)).toBe(false);

    const stored = await row(shop);
    expect(stored).toMatchObject({ ...endpoint.newest(shop), refreshLeasedBy: null, migrationAttempts: 0 });
    expect(stored.migratedAt).toBeInstanceOf(Date);
    expect(stored.expires!.getTime()).toBeGreaterThan(Date.now() + 55 * MINUTE);
    const raw = await prisma.session.findUniqueOrThrow({ where: { id: id(shop) } });
    expect(raw.accessToken).not.toContain("shpat_");
    expect(raw.refreshToken).not.toContain("shprt_");
    expect(await adminAccessStatus(shopId, clock)).toMatchObject({ state: "ok", migratedAt: stored.migratedAt });

    // nothing is due any more
    expect((await migrator().migrateDue()).size).toBe(0);
    expect(endpoint.migrations.answered - before).toBe(1);
  });

  it("leaves the demo store and an uninstalled shop whose session was left behind alone", async () => {
    const shop = "migrate-uninstalled.myshopify.com";
    const { token } = await installedLongAgo(shop);
    await prisma.shop.update({ where: { domain: shop }, data: { installState: "uninstalled" } });
    const demo = "migrate-demo.myshopify.com";
    const { token: demoToken } = await installedLongAgo(demo);
    await prisma.shop.update({ where: { domain: demo }, data: { isDemo: true } });
    clock = Date.now();
    const outcomes = await migrator().migrateDue();
    expect(outcomes.has(shop) || outcomes.has(demo)).toBe(false);
    expect(endpoint.nonExpiringWorks(token) && endpoint.nonExpiringWorks(demoToken)).toBe(true);
    await prisma.session.deleteMany({ where: { shop: { in: [shop, demo] } } });
  });

  it("an answer lost on the way is recovered by the next try: Shopify answers the same pair", async () => {
    const shop = "migrate-lost-answer.myshopify.com";
    const { shopId } = await installedLongAgo(shop);
    clock = Date.now();
    // Shopify exchanges the token, but the answer comes after the app stopped waiting
    const before = endpoint.migrations.answered;
    expect((await migrator({ callTimeoutMs: 20 }).migrateDue()).get(shop)).toBe("retry");
    await vi.waitFor(() => expect(endpoint.migrations.answered - before).toBe(1));
    const exchanged = endpoint.newest(shop)!;
    expect(await row(shop)).toMatchObject({ migrationAttempts: 1, refreshToken: null });
    expect((await adminAccessStatus(shopId, clock)).state).toBe("warning");

    clock += MINUTE;
    expect((await migrator().migrateDue()).get(shop)).toBe("migrated");
    expect(await row(shop)).toMatchObject({ ...exchanged, migrationAttempts: 0, migrationFailedAt: null });
  });

  it("a refused migration is tried again with backoff, then given up after 7 days: one notice, access failing", async () => {
    const shop = "migrate-refused.myshopify.com";
    const { shopId } = await installedLongAgo(shop);
    const start = (clock = Date.now());
    endpoint.refuseMigrations(1_000);
    const refusedBefore = endpoint.migrations.refused;
    try {
      expect((await migrator().migrateDue()).get(shop)).toBe("retry");
      const first = await row(shop);
      expect(first).toMatchObject({ migrationAttempts: 1, accessLostAt: null });
      expect(first.migrationFailedAt!.getTime()).toBe(start);
      expect(first.migrationNextAt!.getTime()).toBe(start + MINUTE);
      // not before its time
      expect((await migrator().migrateDue()).size).toBe(0);

      let outcome: string | undefined;
      for (let tries = 0; tries < 100 && outcome !== "lost"; tries += 1) {
        clock = (await row(shop)).migrationNextAt!.getTime();
        outcome = (await migrator().migrateDue()).get(shop);
        if (outcome !== "lost") expect(outcome).toBe("retry");
      }
      expect(outcome).toBe("lost");
      // tried until the end of Shopify's window, not after it
      expect(clock).toBe(start + MIGRATION_WINDOW_MS - MIGRATION_LAST_TRY_MARGIN_MS);
      const lost = await row(shop);
      expect(lost).toMatchObject({ accessLostReason: "migration_refused", migrationNextAt: null, refreshToken: null });
      expect(lost.migrationAttempts).toBe(endpoint.migrations.refused - refusedBefore);
      expect(lost.migrationAttempts).toBeGreaterThan(20);
      // counted expired: the library's token exchange makes a new pair when the merchant opens the app
      expect(lost.expires!.getTime()).toBe(clock);
      expect((await migrator().migrateDue()).size).toBe(0);
    } finally {
      endpoint.refuseMigrations(0);
    }

    expect(await adminAccessStatus(shopId, clock)).toMatchObject({
      state: "failing",
      fix: RESTORE_ACCESS_FIX,
      detail: expect.stringMatching(/refused to move Margin Guardrail's access token/),
    });
    // one notice, sent by the alert worker to the alert recipients (on the Free plan too)
    expect(await notices(shopId)).toHaveLength(1);
    await workers.alerts.drain();
    expect((await notices(shopId)).map((notice) => notice.status)).toEqual(["sent"]);
    const mails = mailsTo(`owner@${shop}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Margin Guardrail lost access to your store: open the app to restore it");
    expect(mails[0]!.text).toContain("Open Margin Guardrail in your Shopify admin to restore access.");

    // the merchant opens the app: its token exchange stores a new pair, and access is ok again
    const pair = await reopened(shop);
    expect(await row(shop)).toMatchObject({
      ...pair,
      accessLostAt: null,
      accessLostReason: null,
      migrationAttempts: 0,
    });
    expect((await adminAccessStatus(shopId)).state).toBe("ok");
    expect(await notices(shopId)).toHaveLength(1);
  });
});

describe("a refused refresh token", () => {
  it("marks access lost and tells the merchant once, however many loads see it; re-opening the app clears it", async () => {
    const shop = "refresh-refused-notice.myshopify.com";
    const { id: shopId } = await ensureShop(shop);
    const pair = endpoint.issue(shop);
    const session = new Session({
      id: id(shop),
      shop,
      state: "",
      isOnline: false,
      accessToken: pair.accessToken,
      refreshToken: pair.refreshToken,
      expires: new Date(Date.now() + 2 * MINUTE),
    });
    await sessionStorage.storeSession(session);
    forgetCachedSessions(shop);
    endpoint.retire(pair.refreshToken);

    await Promise.all(Array.from({ length: 5 }, () => sessionStorage.loadSession(id(shop))));
    forgetCachedSessions(shop);
    await sessionStorage.loadSession(id(shop));
    expect(await row(shop)).toMatchObject({ accessLostReason: "refresh_refused" });
    expect(await notices(shopId)).toHaveLength(1);
    expect(await adminAccessStatus(shopId)).toMatchObject({ state: "failing", fix: RESTORE_ACCESS_FIX });

    await reopened(shop);
    expect(await adminAccessStatus(shopId)).toMatchObject({ state: "ok", fix: null });
  });

  it("an outage is a warning until a refresh succeeds", async () => {
    const shop = "refresh-outage-status.myshopify.com";
    const { id: shopId } = await ensureShop(shop);
    const pair = endpoint.issue(shop);
    await sessionStorage.storeSession(
      new Session({
        id: id(shop),
        shop,
        state: "",
        isOnline: false,
        ...pair,
        expires: new Date(Date.now() + 2 * MINUTE),
      }),
    );
    forgetCachedSessions(shop);
    endpoint.fail(1);
    await sessionStorage.loadSession(id(shop));
    expect(await adminAccessStatus(shopId)).toMatchObject({ state: "warning", fix: null });
    forgetCachedSessions(shop);
    await sessionStorage.loadSession(id(shop));
    expect(await adminAccessStatus(shopId)).toMatchObject({ state: "ok" });
    expect(await notices(shopId)).toHaveLength(0);
  });
});
