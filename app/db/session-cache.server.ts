import type { Session } from "@shopify/shopify-api";
import type { SessionStorage } from "@shopify/shopify-app-session-storage";

/** How long a loaded session is reused before it is read again. */
export const SESSION_CACHE_MS = 30_000;

const cache = new Map<string, { session: Session | undefined; at: number }>();

/** Drops a shop's cached sessions (uninstall, redaction and scope changes write around the storage). */
export function forgetCachedSessions(shop?: string): void {
  if (!shop) return cache.clear();
  for (const [id, entry] of cache) if (entry.session?.shop === shop || id.includes(shop)) cache.delete(id);
}

/**
 * Keeps recently loaded sessions in memory. Every webhook loads the shop's offline session
 * (authenticate.webhook), so the hot path saves a database read per delivery.
 */
export class CachedSessionStorage implements SessionStorage {
  constructor(private readonly inner: SessionStorage) {}

  async storeSession(session: Session): Promise<boolean> {
    const stored = await this.inner.storeSession(session);
    cache.set(session.id, { session, at: Date.now() });
    return stored;
  }

  async loadSession(id: string): Promise<Session | undefined> {
    const hit = cache.get(id);
    if (hit && Date.now() - hit.at < SESSION_CACHE_MS) return hit.session;
    const session = await this.inner.loadSession(id);
    cache.set(id, { session, at: Date.now() });
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
