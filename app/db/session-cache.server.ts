import type { Session } from "@shopify/shopify-api";
import type { SessionStorage } from "@shopify/shopify-app-session-storage";
import { dueForRefresh, type OfflineTokens } from "./offline-token.server";

/** How long a loaded session is reused before it is read again. */
export const SESSION_CACHE_MS = 30_000;

const cache = new Map<string, { session: Session | undefined; at: number }>();

/** Drops a shop's cached sessions (uninstall, redaction and scope changes write around the storage). */
export function forgetCachedSessions(shop?: string): void {
  if (!shop) return cache.clear();
  for (const [id, entry] of cache) if (entry.session?.shop === shop || id.includes(shop)) cache.delete(id);
}

/**
 * Keeps recently loaded sessions in memory. Admin requests and the webhooks whose handlers use it
 * load the shop's offline session, so a hot path saves a database read per request.
 *
 * With `tokens`, an offline session whose access token is due for refresh
 * (docs/operations.md#shopify-access-tokens) is not served from memory: `tokens` reads the
 * stored pair (another process may have refreshed it; a cached refresh token may be retired),
 * refreshes it once for all callers if it is still due, and that pair is what is cached. Before it
 * is due, a pair cannot have been refreshed elsewhere (every process refreshes at the same point
 * before the same expiry), so the cached one is still the stored one.
 */
export class CachedSessionStorage implements SessionStorage {
  constructor(
    private readonly inner: SessionStorage,
    private readonly tokens?: OfflineTokens,
  ) {}

  async storeSession(session: Session): Promise<boolean> {
    const stored = await this.inner.storeSession(session);
    // refused (an older pair than the stored one): what is stored is read again next time
    if (stored) cache.set(session.id, { session, at: Date.now() });
    else cache.delete(session.id);
    return stored;
  }

  async loadSession(id: string): Promise<Session | undefined> {
    const hit = cache.get(id);
    const cached = hit !== undefined && Date.now() - hit.at < SESSION_CACHE_MS;
    let session = cached ? hit.session : await this.inner.loadSession(id);
    if (session && this.tokens && dueForRefresh(session, Date.now())) {
      session = await this.tokens.fresh(id);
      // none: not refreshed (refused, or Shopify unreachable); the next load asks the database again
      if (!session) cache.delete(id);
      else cache.set(id, { session, at: Date.now() });
    } else if (!cached) cache.set(id, { session, at: Date.now() });
    return session;
  }

  async deleteSession(id: string): Promise<boolean> {
    cache.delete(id);
    return this.inner.deleteSession(id);
  }

  async deleteSessions(ids: string[]): Promise<boolean> {
    for (const id of ids) cache.delete(id);
    return this.inner.deleteSessions(ids);
  }

  findSessionsByShop(shop: string): Promise<Session[]> {
    return this.inner.findSessionsByShop(shop);
  }
}
