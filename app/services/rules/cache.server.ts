/**
 * The monitoring worker and the checkout webhooks reuse a shop's active rules and settings
 * for a few seconds instead of reading them for every order or checkout. Every change made
 * through this process forgets them at once. On PostgreSQL the change is also announced to the
 * other app processes (NOTIFY), which forget it as soon as they hear it, well within a second
 * (rules-changes.server.ts); on SQLite, or while that announcement cannot be heard, another
 * process sees a change within RULES_CACHE_MS.
 */
import { announceRuleChange } from "../booted-workers.server";

export const RULES_CACHE_MS = 5_000;

const entries = new Map<string, { value: unknown; at: number }>();

/** A shop's settings of one kind ("rules", "checkout"), read at most once per RULES_CACHE_MS. */
export async function cachedForShop<T>(shopId: string, load: () => Promise<T>, kind = "rules"): Promise<T> {
  const key = `${kind}:${shopId}`;
  const hit = entries.get(key);
  if (hit && Date.now() - hit.at < RULES_CACHE_MS) return hit.value as T;
  const value = await load();
  entries.set(key, { value, at: Date.now() });
  return value;
}

/** Forgets what this process cached for the shop (or for all shops), without telling the others. */
export function forgetLocally(shopId?: string | null): void {
  if (!shopId) return entries.clear();
  for (const key of entries.keys()) if (key.endsWith(`:${shopId}`)) entries.delete(key);
}

/** Forgets every kind cached for the shop (or for all shops), here and in the other app processes. */
export function forgetShopRules(shopId?: string): void {
  forgetLocally(shopId);
  announceRuleChange(shopId ?? null);
}
