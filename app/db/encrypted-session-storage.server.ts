import { Session } from "@shopify/shopify-api";
import type { SessionStorage } from "@shopify/shopify-app-session-storage";
import type { PrismaClient } from "@prisma/client";
import { openSecret, sealSecret, sealedKeyId, type ResealCount, type SecretKey } from "../domain/secret-box";
import { logger } from "../logger.server";
import { messageOf } from "../domain/result";
import { isUniqueViolation } from "./errors";
import { pairExpiry } from "../domain/shops/admin-access";

/**
 * Shopify's access and refresh tokens at rest (docs/security.md#secrets-at-rest): sealed
 * with the merchant secrets' box and keys (app/domain/secret-box.ts), bound to the shop's
 * domain, so a token copied into another shop's row does not open. Tokens stored in clear
 * before encryption are read as they are until resealSessions seals them.
 */

/** The additional data a shop's tokens are sealed with: the shop, and what the value is. */
const context = (shop: string) => `shopify-session:${shop}`;

export function sealSessionToken(shop: string, token: string, key: SecretKey): string {
  return sealSecret(token, context(shop), key);
}

/** A stored token in clear: opened when sealed, as it is when stored before encryption. */
export function openSessionToken(shop: string, stored: string, keys: SecretKey[]): string {
  return sealedKeyId(stored) === null ? stored : openSecret(stored, context(shop), keys);
}

/**
 * A SessionStorage that seals the tokens on the way in and opens them on the way out; the
 * rest of the session is stored as the inner storage stores it. A session whose tokens do not
 * open (their key is no longer configured, or they were copied from another shop's row) loads
 * as missing: Shopify's token exchange then makes a new one the next time the shop opens the app.
 */
export class EncryptedSessionStorage implements SessionStorage {
  constructor(
    private readonly inner: SessionStorage,
    /** the current key first, then the previous ones (env.secretKeys) */
    private readonly keys: () => SecretKey[],
    /** the database of the inner storage's Session table: offline sessions are then written guarded (storeOfflineSession) */
    private readonly db?: PrismaClient,
  ) {}

  async storeSession(session: Session): Promise<boolean> {
    const [current] = this.keys();
    if (!current) throw new Error("ALERTS_ENCRYPTION_KEY is not set: Shopify's access tokens cannot be stored");
    if (this.db && !session.isOnline) return storeOfflineSession(this.db, session, current);
    // a copy: the caller (and the session cache) keeps the session in clear
    const sealed = new Session(session.toObject());
    if (session.accessToken) sealed.accessToken = sealSessionToken(session.shop, session.accessToken, current);
    if (session.refreshToken) sealed.refreshToken = sealSessionToken(session.shop, session.refreshToken, current);
    return this.inner.storeSession(sealed);
  }

  async loadSession(id: string): Promise<Session | undefined> {
    const stored = await this.inner.loadSession(id);
    return stored && this.opened(stored);
  }

  deleteSession(id: string): Promise<boolean> {
    return this.inner.deleteSession(id);
  }

  deleteSessions(ids: string[]): Promise<boolean> {
    return this.inner.deleteSessions(ids);
  }

  async findSessionsByShop(shop: string): Promise<Session[]> {
    const stored = await this.inner.findSessionsByShop(shop);
    return stored.map((session) => this.opened(session)).filter((session) => session !== undefined);
  }

  /** The stored session (a fresh object of the inner storage's) with its tokens in clear. */
  private opened(session: Session): Session | undefined {
    const keys = this.keys();
    try {
      if (session.accessToken) session.accessToken = openSessionToken(session.shop, session.accessToken, keys);
      if (session.refreshToken) session.refreshToken = openSessionToken(session.shop, session.refreshToken, keys);
      return session;
    } catch (error) {
      logger.error("A session's tokens do not open; treated as missing, the shop's next visit makes a new one", {
        sessionId: session.id,
        shop: session.shop,
        reason: messageOf(error),
      });
      return undefined;
    }
  }
}

/**
 * The row's fields of an offline session's pair stored at `storedAt`, sealed: an expiring pair
 * without expiry counts as expiring an hour after it was stored.
 */
export function sealedPair(session: Session, key: SecretKey, storedAt: number = Date.now()) {
  return {
    accessToken: session.accessToken ? sealSessionToken(session.shop, session.accessToken, key) : "",
    refreshToken: session.refreshToken ? sealSessionToken(session.shop, session.refreshToken, key) : null,
    expires: pairExpiry(session.expires, Boolean(session.refreshToken), storedAt),
    refreshTokenExpires: session.refreshTokenExpires ?? null,
    pairStoredAt: new Date(storedAt),
  };
}

/** A new pair ends what the one before it left: a failing refresh, a pending migration, lost access. */
export const PAIR_STATE_CLEARED = {
  refreshRejectedAt: null,
  refreshFailedAt: null,
  migrationAttempts: 0,
  migrationFailedAt: null,
  migrationNextAt: null,
  accessLostAt: null,
  accessLostReason: null,
} as const;

/**
 * An offline session's row as the library's Prisma storage writes it, its tokens sealed; an expiring
 * pair Shopify answered without `expires_in` counts as expiring an hour after it is stored.
 */
function offlineRow(session: Session, key: SecretKey, storedAt: number) {
  return {
    shop: session.shop,
    state: session.state,
    isOnline: false,
    scope: session.scope || null,
    ...sealedPair(session, key, storedAt),
  };
}

/**
 * Writes an offline session unless the stored one is newer (docs/operations.md#shopify-access-tokens):
 * an expiring pair replaces the stored pair only if it expires no earlier, in one conditional UPDATE,
 * so a writer holding a pair read before a refresh (the library's own refresh, a hook storing the
 * session it loaded) never puts back a refresh token Shopify has retired. A non-expiring token is
 * written as it comes. A new pair clears what the pair before it left (a refused refresh token's mark,
 * a failing refresh, a pending migration, lost access). Returns false when refused.
 */
export async function storeOfflineSession(db: PrismaClient, session: Session, key: SecretKey): Promise<boolean> {
  const storedAt = Date.now();
  const data = { ...offlineRow(session, key, storedAt), ...PAIR_STATE_CLEARED };
  const expires = data.expires ?? undefined;
  // a pair whose access is lost is replaced whatever its expiry (the merchant opened the app to restore it)
  const notNewer = expires
    ? { OR: [{ expires: null }, { expires: { lte: expires } }, { accessLostAt: { not: null } }] }
    : {};
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const { count } = await db.session.updateMany({ where: { id: session.id, ...notNewer }, data });
    if (count === 1) return true;
    try {
      await db.session.create({ data: { id: session.id, ...data } });
      return true;
    } catch (error) {
      // the row exists: newer than this pair (refused), or created meanwhile by another writer (try again)
      if (!isUniqueViolation(error)) throw error;
    }
  }
  logger.warn("An older offline token pair was not stored over the newer one", {
    shop: session.shop,
    expires: expires?.toISOString(),
  });
  return false;
}

const BATCH = 200;

/**
 * Seals the tokens stored in clear and seals again those sealed with a previous key, so the
 * previous key can be dropped afterwards. Safe with other processes doing the same: each row
 * is written only if its tokens are still those read (a row changed meanwhile is left to the
 * writer, which sealed it). Idempotent: a row sealed with the current key is not read again.
 */
export async function resealSessions(db: PrismaClient, keys: SecretKey[]): Promise<ResealCount> {
  const [current] = keys;
  const count: ResealCount = { sealed: 0, resealed: 0, unopenable: 0 };
  if (!current) return count;
  const prefix = `v1:${current.id}:`;
  let after = "";
  for (;;) {
    const rows = await db.session.findMany({
      where: {
        id: { gt: after },
        OR: [{ accessToken: { not: { startsWith: prefix } } }, { refreshToken: { not: { startsWith: prefix } } }],
      },
      select: { id: true, shop: true, accessToken: true, refreshToken: true },
      orderBy: { id: "asc" },
      take: BATCH,
    });
    for (const row of rows) {
      const reseal = (stored: string | null) => {
        if (!stored) return { value: stored, change: null };
        const keyId = sealedKeyId(stored);
        if (keyId === current.id) return { value: stored, change: null };
        const plain = openSessionToken(row.shop, stored, keys);
        return { value: sealSessionToken(row.shop, plain, current), change: keyId === null ? "sealed" : "resealed" };
      };
      let access, refresh;
      try {
        access = reseal(row.accessToken);
        refresh = reseal(row.refreshToken);
      } catch {
        count.unopenable += 1;
        continue;
      }
      if (!access.change && !refresh.change) continue;
      const { count: written } = await db.session.updateMany({
        where: { id: row.id, accessToken: row.accessToken, refreshToken: row.refreshToken },
        data: { accessToken: access.value ?? "", refreshToken: refresh.value },
      });
      if (written === 0) continue;
      if (access.change === "sealed" || refresh.change === "sealed") count.sealed += 1;
      else count.resealed += 1;
    }
    if (rows.length < BATCH) return count;
    after = rows[rows.length - 1]!.id;
  }
}
