/**
 * Shops still holding a non-expiring offline access token (installed before expiring tokens were
 * switched on, and never back in the app since) are moved to an expiring pair in the background
 * (docs/operations.md#shopify-access-tokens): Shopify invalidates the non-expiring tokens left on
 * 1 January 2027, and a merchant who never opens the app would never get a new one.
 *
 * The move is Shopify's token exchange with `expiring=1` (the library's
 * `auth.migrateToExpiringToken`, on the app's one API client): it answers an expiring pair and the
 * old token stops working. So it is made once per shop across processes: a loop takes a shop's
 * migration with a conditional UPDATE (the lease the refresh uses, on the shop's offline session),
 * reads the row again, exchanges the token stored there and writes the pair, sealed, only over that
 * token (a compare-and-swap: a pair the shop's own token exchange stored meanwhile is kept). A
 * failure is recorded (tries, first failure) and tried again with backoff: Shopify answers a retry
 * with the same token with the same pair for 7 days, so a lost answer is recovered. After that the
 * shop is marked as having lost access, the merchant is told once (recordAccessLost), and the token
 * is counted expired, so the library's token exchange makes a new pair when the merchant opens the app.
 */
import crypto from "node:crypto";
import type { PrismaClient, Session as SessionRow } from "@prisma/client";
import type { Session, Shopify } from "@shopify/shopify-api";
import prisma from "../../db.server";
import { openSessionToken } from "../../db/encrypted-session-storage.server";
import {
  claimSessionLease,
  isRefusedRefresh,
  PAIR_STATE_CLEARED,
  recordAccessLost,
  REFRESH_LEASE_MS,
  releaseSessionLease,
  sealedPair,
  withinTime,
} from "../../db/offline-token.server";
import { forgetCachedSessions } from "../../db/session-cache.server";
import type { SecretKey } from "../../domain/secret-box";
import { messageOf } from "../../domain/result";
import { afterFailedMigration } from "../../domain/shops/admin-access";
import { getEnv } from "../../env.server";
import { shopifyLibrary } from "../../shopify.server";
import { logger as processLogger, type Logger } from "../../logger.server";
import { PROCESS_ID } from "../process-id.server";
import { startScheduledLoop, workerLoop } from "../worker-loop.server";

/** How often the loop looks for shops to migrate, and for failed migrations whose next try came. */
export const MIGRATE_EVERY_MS = 5 * 60_000;
const MIGRATE_BATCH = 20;

/** Exchanges a shop's non-expiring offline token for an expiring pair (token exchange, expiring=1). */
export type MigrateTokenCall = (shop: string, nonExpiringOfflineAccessToken: string) => Promise<Session>;

/** The migration through Shopify's library, on the app's API client (app/shopify.server.ts's `shopifyLibrary`). */
export function migrateThrough(api: Pick<Shopify, "auth">): MigrateTokenCall {
  return async (shop, nonExpiringOfflineAccessToken) =>
    (await api.auth.migrateToExpiringToken({ shop, nonExpiringOfflineAccessToken })).session;
}

export interface TokenMigrationDeps {
  db: PrismaClient;
  /** the current key first, then the previous ones (env.secretKeys) */
  keys: () => SecretKey[];
  migrate: MigrateTokenCall;
  logger?: Logger;
  now?: () => number;
  leaseMs?: number;
  /** how long the token endpoint may take before the try counts as failed */
  callTimeoutMs?: number;
  batch?: number;
}

export type MigrationOutcome = "migrated" | "retry" | "lost" | "skipped";

export interface TokenMigrator {
  /** Migrates the shops due now (a batch); returns each shop's outcome. Never throws for one shop's failure. */
  migrateDue(): Promise<Map<string, MigrationOutcome>>;
  /** Whether more shops may be due than the last batch took. */
  readonly more: boolean;
}

/** Offline sessions holding a non-expiring token whose migration is due at `at`. */
const dueAt = (at: Date) => ({
  isOnline: false,
  refreshToken: null,
  accessToken: { not: "" },
  accessLostAt: null,
  OR: [{ migrationNextAt: null }, { migrationNextAt: { lte: at } }],
});

export function createTokenMigrator(deps: TokenMigrationDeps): TokenMigrator {
  const { db, keys } = deps;
  const log = (deps.logger ?? processLogger).child({ source: "token-migration" });
  const now = deps.now ?? (() => Date.now());
  const leaseMs = deps.leaseMs ?? REFRESH_LEASE_MS;
  const callTimeoutMs = deps.callTimeoutMs ?? 20_000;
  const batch = deps.batch ?? MIGRATE_BATCH;
  let more = false;

  /** Takes the shop's migration: one UPDATE, only while it is still due and no one holds the row. */
  const claim = (id: string, holder: string) => {
    const at = new Date(now());
    return claimSessionLease(db, id, holder, at, leaseMs, dueAt(at));
  };
  const release = (id: string, holder: string) => releaseSessionLease(db, id, holder);
  const callEndpoint = (shop: string, token: string) => withinTime(deps.migrate(shop, token), callTimeoutMs);

  /** Holding the lease: exchanges the stored token and swaps the pair in over it, or records the failure. */
  async function migrateHeld(row: SessionRow): Promise<MigrationOutcome> {
    if (row.refreshToken || !row.accessToken || row.accessLostAt) return "skipped";
    let token: string;
    try {
      token = openSessionToken(row.shop, row.accessToken, keys());
    } catch (error) {
      log.error("A session's tokens do not open; its migration is left to the shop's next visit", {
        shop: row.shop,
        reason: messageOf(error),
      });
      return "skipped";
    }
    // written only over the non-expiring token that was exchanged
    const same = { id: row.id, accessToken: row.accessToken, refreshToken: null };
    let next: Session;
    try {
      next = await callEndpoint(row.shop, token);
    } catch (error) {
      return failed(row, same, error);
    }
    const [current] = keys();
    if (!current) throw new Error("ALERTS_ENCRYPTION_KEY is not set: Shopify's access tokens cannot be stored");
    const storedAt = now();
    const { count } = await db.session.updateMany({
      where: same,
      data: {
        ...sealedPair(next, current, storedAt),
        ...(next.scope ? { scope: next.scope } : {}),
        ...PAIR_STATE_CLEARED,
        migratedAt: new Date(storedAt),
        refreshLeasedBy: null,
        refreshLeasedUntil: null,
      },
    });
    forgetCachedSessions(row.shop);
    if (count === 1) {
      log.info("Moved the shop's non-expiring offline access token to an expiring pair", {
        shop: row.shop,
        attempts: row.migrationAttempts + 1,
      });
      return "migrated";
    }
    // the shop opened the app meanwhile: its token exchange stored a newer pair, which is kept
    log.warn("The shop's token changed while it was migrated; the stored pair is kept", { shop: row.shop });
    return "skipped";
  }

  async function failed(
    row: SessionRow,
    same: { id: string; accessToken: string; refreshToken: null },
    error: unknown,
  ): Promise<MigrationOutcome> {
    const at = new Date(now());
    const attempts = row.migrationAttempts + 1;
    const firstFailedAt = row.migrationFailedAt ?? at;
    const refused = isRefusedRefresh(error);
    const status = (error as { response?: { code?: number } } | null)?.response?.code;
    const next = afterFailedMigration(attempts, firstFailedAt.getTime(), at.getTime());
    const tries = { migrationAttempts: attempts, migrationFailedAt: firstFailedAt };
    if ("giveUp" in next) {
      // counted expired: the library's token exchange makes a new pair when the merchant opens the app
      await recordAccessLost(db, row, refused ? "migration_refused" : "migration_given_up", at, {
        where: same,
        data: { ...tries, migrationNextAt: null, expires: at },
      });
      forgetCachedSessions(row.shop);
      log.error(
        "Gave up moving the shop's non-expiring offline access token after Shopify's 7 days: the shop has to open the app again",
        { shop: row.shop, attempts, status, reason: messageOf(error) },
      );
      return "lost";
    }
    await db.session.updateMany({ where: same, data: { ...tries, migrationNextAt: new Date(next.retryAt) } });
    log.warn("Moving the shop's non-expiring offline access token failed; tried again later", {
      shop: row.shop,
      attempts,
      status,
      retryAt: new Date(next.retryAt).toISOString(),
      reason: messageOf(error),
    });
    return "retry";
  }

  async function migrateOne(id: string): Promise<MigrationOutcome> {
    const holder = `${PROCESS_ID}:${crypto.randomUUID()}`;
    if (!(await claim(id, holder))) return "skipped";
    try {
      // read again under the lease: another process may have migrated it between the look and the claim
      const row = await db.session.findUnique({ where: { id } });
      return row ? await migrateHeld(row) : "skipped";
    } finally {
      await release(id, holder);
    }
  }

  return {
    get more() {
      return more;
    },
    async migrateDue() {
      // not the demo store (no Shopify), nor a shop whose uninstall left its session behind
      const left = await db.shop.findMany({
        where: { OR: [{ isDemo: true }, { installState: "uninstalled" }] },
        select: { domain: true },
      });
      const rows = await db.session.findMany({
        where: { ...dueAt(new Date(now())), shop: { notIn: left.map((shop) => shop.domain) } },
        orderBy: { id: "asc" },
        take: batch,
        select: { id: true, shop: true },
      });
      const outcomes = new Map<string, MigrationOutcome>();
      for (const row of rows) {
        try {
          outcomes.set(row.shop, await migrateOne(row.id));
        } catch (error) {
          // one shop's database error does not stop the others: its row is looked at again next time
          log.error("Migrating the shop's offline access token failed", { shop: row.shop, err: error });
        }
      }
      // a full batch held by another process is not looked at again at once
      more = rows.length === batch && [...outcomes.values()].some((outcome) => outcome !== "skipped");
      return outcomes;
    },
  };
}

/**
 * Starts the migration loop (a look now, then every MIGRATE_EVERY_MS) on the app's database and
 * API client; returns what stops it. Not in the demo store: it has no Shopify.
 */
export function startTokenMigration(options: { logger?: Logger } = {}): () => Promise<void> {
  const env = getEnv();
  if (env.demoMode) return async () => {};
  const migrator = createTokenMigrator({
    db: prisma,
    keys: () => env.secretKeys,
    migrate: migrateThrough(shopifyLibrary),
    ...(options.logger ? { logger: options.logger } : {}),
  });
  const loop = workerLoop(
    "Token migration",
    async () => {
      await migrator.migrateDue();
      return migrator.more;
    },
    {
      gatherMs: 0,
      backoff: { baseMs: 60_000, capMs: MIGRATE_EVERY_MS },
      ...(options.logger ? { logger: options.logger } : {}),
    },
  );
  return startScheduledLoop(loop, MIGRATE_EVERY_MS);
}
