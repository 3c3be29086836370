/**
 * Expiring offline access tokens, refreshed once per shop across workers and processes
 * (docs/operations.md#shopify-access-tokens). Shopify's access token lasts an hour and its
 * refresh token rotates on every use: two processes refreshing with the same refresh token, or a
 * stale writer storing the pair it read before a refresh, would leave the shop with a refresh token
 * Shopify no longer takes, and every background job of the shop without a session.
 *
 * So: a shop's refresh runs REFRESH_AHEAD_MS before the access token expires (ahead of the
 * library's own five minutes, which then never refreshes on its own), once per process (one
 * promise per session) and once across processes (a lease on the session's row, claimed by one
 * UPDATE ... WHERE the lease is free or has lapsed, as the app's other claims are). The holder reads
 * the row again (never a cache), refreshes with the refresh token stored there, and writes the
 * rotated pair only if the row still holds that refresh token (a compare-and-swap). The others
 * poll the row until the new pair is there. A refresh token Shopify refuses is recorded on the
 * row: it is not tried again, the newer pair is never deleted, and once its access token is
 * about to expire the session loads as missing, which background jobs already take as "no Admin
 * API" (the shop has to open the app again; its token exchange writes a new pair).
 *
 * A pair Shopify answers without `expires_in` is stored as expiring an hour after it was stored
 * (PAIR_LIFETIME_MS), and a stored one without expiry is due at once: Shopify's access tokens last an
 * hour whatever the answer said. A refresh that fails without a refusal is recorded (the Protection
 * status's warning) until one succeeds; a refused one marks the shop's access lost, which tells the
 * merchant once (recordAccessLost).
 */
import crypto from "node:crypto";
import os from "node:os";
import type { Prisma, PrismaClient, Session as SessionRow } from "@prisma/client";
import { Session, type Shopify } from "@shopify/shopify-api";
import type { SecretKey } from "../domain/secret-box";
import { messageOf } from "../domain/result";
import { pairExpiry, type AccessLostReason } from "../domain/shops/admin-access";
import { logger as processLogger, type Logger } from "../logger.server";
import { openSessionToken, PAIR_STATE_CLEARED, sealedPair } from "./encrypted-session-storage.server";
import type { NoticePayload } from "./outbox-claims.sql.server";

// the pair's row fields, written by the storage, the refresh and the migration alike
export { PAIR_STATE_CLEARED, sealedPair };

/** How long before the access token expires the app refreshes it (the library waits until 5 minutes). */
export const REFRESH_AHEAD_MS = 10 * 60_000;
/** The library's own refresh window (WITHIN_MILLISECONDS_OF_EXPIRY of @shopify/shopify-app-remix). */
export const LIBRARY_REFRESH_WINDOW_MS = 5 * 60_000;
/** How long a process may hold a shop's refresh before another may take it over. */
export const REFRESH_LEASE_MS = 30_000;
/** How long a process waits for another's refresh before it gives up on this load. */
export const REFRESH_WAIT_MS = 15_000;

/** Asks Shopify's token endpoint for a new pair (POST /admin/oauth/access_token, grant_type refresh_token). */
export type RefreshTokenCall = (shop: string, refreshToken: string) => Promise<Session>;

/**
 * The refresh through Shopify's library (`auth.refreshToken`, the request and session the app's own
 * library would make), on the app's API client (app/shopify.server.ts's `shopifyLibrary`).
 */
export function refreshThrough(api: Pick<Shopify, "auth">): RefreshTokenCall {
  return async (shop, refreshToken) => (await api.auth.refreshToken({ shop, refreshToken })).session;
}

/**
 * Whether an offline session is due for the app's refresh at `now`. An expiring pair stored without
 * its expiry (before it was counted an hour from its storing) is due at once: it may be past its hour.
 */
export function dueForRefresh(session: Session, now: number): boolean {
  if (session.isOnline || !session.refreshToken) return false;
  return session.expires === undefined || session.expires.getTime() - REFRESH_AHEAD_MS <= now;
}

/** The session with the expiry it is stored with: Shopify's, or an hour after `storedAt` when its answer had none. */
export function withPairExpiry(session: Session, storedAt: number): Session {
  const expires = pairExpiry(session.expires, Boolean(session.refreshToken), storedAt);
  return expires && !session.expires ? new Session({ ...session.toObject(), expires }) : session;
}

/** Still usable without a refresh: the library would not try to refresh it itself. */
const usable = (session: Session, now: number) =>
  !session.expires || session.expires.getTime() - LIBRARY_REFRESH_WINDOW_MS > now;

/** Whether Shopify's token endpoint refused the refresh token (a 4xx other than 429), rather than failed. */
export function isRefusedRefresh(error: unknown): boolean {
  const code = (error as { response?: { code?: unknown } } | null)?.response?.code;
  return typeof code === "number" && code >= 400 && code < 500 && code !== 429;
}

/**
 * Marks the shop's offline session's access lost, if the row still matches `where` and is not marked
 * already, and queues the one notice that tells the merchant (the outbox's "notice" channel), in
 * one transaction: however many processes see the same refusal, one marks it and one notice goes.
 * Returns whether this call marked it.
 */
export async function recordAccessLost(
  db: PrismaClient,
  row: { id: string; shop: string },
  reason: AccessLostReason,
  at: Date,
  options: { where?: Prisma.SessionWhereInput; data?: Prisma.SessionUpdateManyMutationInput } = {},
): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.session.updateMany({
      where: { ...options.where, id: row.id, accessLostAt: null },
      data: { ...options.data, accessLostAt: at, accessLostReason: reason },
    });
    if (count !== 1) return false;
    const shop = await tx.shop.findUnique({ where: { domain: row.shop }, select: { id: true } });
    if (shop) {
      const payload: NoticePayload = {
        kind: "notice",
        notice: "admin_access_lost",
        reason,
        at: at.toISOString(),
      };
      await tx.alertAndActionOutbox.create({
        // due at once (the worker's clock), whatever clock marked it
        data: { shopId: shop.id, channel: "notice", payload: { ...payload }, status: "pending" },
      });
    }
    return true;
  });
}

/** A stored offline session's row as a Session with its tokens in clear; throws when they do not open. */
export function rowToOfflineSession(row: SessionRow, keys: SecretKey[]): Session {
  return new Session({
    id: row.id,
    shop: row.shop,
    state: row.state,
    isOnline: row.isOnline,
    ...(row.scope ? { scope: row.scope } : {}),
    ...(row.expires ? { expires: row.expires } : {}),
    accessToken: row.accessToken ? openSessionToken(row.shop, row.accessToken, keys) : "",
    ...(row.refreshToken ? { refreshToken: openSessionToken(row.shop, row.refreshToken, keys) } : {}),
    ...(row.refreshTokenExpires ? { refreshTokenExpires: row.refreshTokenExpires } : {}),
  });
}

export interface OfflineTokenDeps {
  db: PrismaClient;
  /** the current key first, then the previous ones (env.secretKeys) */
  keys: () => SecretKey[];
  refresh: RefreshTokenCall;
  logger?: Logger;
  now?: () => number;
  leaseMs?: number;
  waitMs?: number;
  pollMs?: number;
  /** how long the token endpoint may take before the attempt counts as failed */
  callTimeoutMs?: number;
}

export interface OfflineTokens {
  /**
   * The shop's offline session with an access token good for more than REFRESH_AHEAD_MS, refreshed
   * if needed (once per shop, whatever the number of callers and processes); undefined when the
   * session is gone, or it could not be refreshed (refused, or Shopify unreachable) and its access
   * token is about to expire.
   */
  fresh(sessionId: string): Promise<Session | undefined>;
}

/**
 * Takes the session row's refresh lease for `holder` when it is free or has lapsed (and the row
 * also matches `also`): one conditional UPDATE, so one process at a time refreshes or migrates a
 * shop's pair.
 */
export async function claimSessionLease(
  db: PrismaClient,
  id: string,
  holder: string,
  at: Date,
  leaseMs: number,
  also: Prisma.SessionWhereInput = {},
): Promise<boolean> {
  const { count } = await db.session.updateMany({
    where: { id, AND: [also, { OR: [{ refreshLeasedUntil: null }, { refreshLeasedUntil: { lt: at } }] }] },
    data: { refreshLeasedBy: holder, refreshLeasedUntil: new Date(at.getTime() + leaseMs) },
  });
  return count === 1;
}

/** Gives the lease back, if `holder` still holds it. */
export const releaseSessionLease = (db: PrismaClient, id: string, holder: string) =>
  db.session.updateMany({
    where: { id, refreshLeasedBy: holder },
    data: { refreshLeasedBy: null, refreshLeasedUntil: null },
  });

/** A call to Shopify's token endpoint, given `ms` to answer before it counts as failed. */
export function withinTime<T>(call: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("Shopify's token endpoint did not answer in time")), ms);
  });
  return Promise.race([call, timeout]).finally(() => clearTimeout(timer));
}

export function createOfflineTokens(deps: OfflineTokenDeps): OfflineTokens {
  const { db, keys } = deps;
  const log = (deps.logger ?? processLogger).child({ source: "offline-token" });
  const now = deps.now ?? (() => Date.now());
  const leaseMs = deps.leaseMs ?? REFRESH_LEASE_MS;
  const waitMs = deps.waitMs ?? REFRESH_WAIT_MS;
  const pollMs = deps.pollMs ?? 50;
  const callTimeoutMs = deps.callTimeoutMs ?? 20_000;
  const inFlight = new Map<string, Promise<Session | undefined>>();
  const process_ = `${os.hostname()}:${process.pid}`;

  const read = (id: string) => db.session.findUnique({ where: { id } });
  /** The row's session in clear; a row whose tokens do not open is treated as missing (as the storage does). */
  const open = (row: SessionRow): Session | undefined => {
    try {
      return rowToOfflineSession(row, keys());
    } catch (error) {
      log.error("A session's tokens do not open; treated as missing", { shop: row.shop, reason: messageOf(error) });
      return undefined;
    }
  };

  /**
   * What a load gets when no refresh is made (refused, or failed): the stored session while the
   * library would not refresh it itself, then none. None rather than an error: a webhook is still
   * taken (authenticate.webhook has no session to give), and background work takes "no session" as
   * "no Admin API" until a later load refreshes the pair or the shop's token exchange replaces it.
   */
  function withoutRefresh(session: Session): Session | undefined {
    return usable(session, now()) ? session : undefined;
  }

  const claim = (id: string, holder: string) => claimSessionLease(db, id, holder, new Date(now()), leaseMs);
  const release = (id: string, holder: string) => releaseSessionLease(db, id, holder);
  const callEndpoint = (shop: string, refreshToken: string) =>
    withinTime(deps.refresh(shop, refreshToken), callTimeoutMs);

  /** Holding the lease: refreshes with the stored refresh token and swaps the pair in if it is still stored. */
  async function refreshHeld(row: SessionRow): Promise<Session | undefined> {
    const stored = open(row);
    if (!stored || !dueForRefresh(stored, now())) return stored;
    if (row.refreshRejectedAt) return withoutRefresh(stored);
    let next: Session;
    try {
      next = await callEndpoint(row.shop, stored.refreshToken!);
    } catch (error) {
      if (isRefusedRefresh(error)) {
        // recorded on the pair that was refused only: a newer pair written meanwhile is left as it is
        const at = new Date(now());
        const where = { refreshToken: row.refreshToken };
        await db.session.updateMany({ where: { ...where, id: row.id }, data: { refreshRejectedAt: at } });
        await recordAccessLost(db, row, "refresh_refused", at, { where });
        log.error(
          "Shopify refused the shop's refresh token: background work has no Admin API until the shop opens the app again",
          {
            shop: row.shop,
            status: (error as { response?: { code?: number } }).response?.code,
            reason: messageOf(error),
          },
        );
        return withoutRefresh(stored);
      }
      log.warn("Refreshing the shop's offline access token failed; the next load tries again", {
        shop: row.shop,
        reason: messageOf(error),
      });
      // the Protection status's warning, from the first failure until a refresh succeeds
      await db.session.updateMany({
        where: { id: row.id, refreshToken: row.refreshToken, refreshFailedAt: null },
        data: { refreshFailedAt: new Date(now()) },
      });
      return withoutRefresh(stored);
    }
    const [current] = keys();
    if (!current) throw new Error("ALERTS_ENCRYPTION_KEY is not set: Shopify's access tokens cannot be stored");
    const storedAt = now();
    const sealed = sealedPair(next, current, storedAt);
    // the compare-and-swap: only over the refresh token this refresh used
    const { count } = await db.session.updateMany({
      where: { id: row.id, refreshToken: row.refreshToken },
      data: {
        ...sealed,
        ...(next.scope ? { scope: next.scope } : {}),
        ...PAIR_STATE_CLEARED,
        refreshLeasedBy: null,
        refreshLeasedUntil: null,
      },
    });
    if (count === 1) {
      const stored = withPairExpiry(next, storedAt);
      log.info("Refreshed the shop's offline access token", { shop: row.shop, expires: stored.expires?.toISOString() });
      return new Session({ ...stored.toObject(), id: row.id, state: row.state });
    }
    // another writer (the shop's token exchange, or a refresh after this lease lapsed) stored a newer pair
    log.warn("The shop's token pair changed while it was refreshed; the stored pair is kept", { shop: row.shop });
    const after = await read(row.id);
    const kept = after ? open(after) : undefined;
    return kept && withoutRefresh(kept);
  }

  /** Waits for the lease holder's new pair; takes the lease over if the holder's has lapsed. */
  async function refreshOnce(id: string): Promise<Session | undefined> {
    const holder = `${process_}:${crypto.randomUUID()}`;
    const deadline = now() + waitMs;
    let first: Session | undefined;
    for (;;) {
      const row = await read(id);
      if (!row) return undefined;
      const session = open(row);
      if (!session) return undefined;
      first ??= session;
      if (!dueForRefresh(session, now())) return session;
      if (row.refreshRejectedAt) return withoutRefresh(session);
      if (await claim(id, holder)) {
        try {
          // read again under the lease: another process may have refreshed between the read and the claim
          const held = await read(id);
          return held ? await refreshHeld(held) : undefined;
        } finally {
          await release(id, holder);
        }
      }
      if (now() >= deadline) {
        log.warn("Waited for another process's refresh of the shop's offline token; gave up", { shop: row.shop });
        return withoutRefresh(first!);
      }
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }

  return {
    fresh(sessionId) {
      const running = inFlight.get(sessionId);
      if (running) return running;
      const started = refreshOnce(sessionId).finally(() => inFlight.delete(sessionId));
      inFlight.set(sessionId, started);
      return started;
    },
  };
}
