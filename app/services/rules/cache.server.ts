/**
 * The monitoring worker reuses a shop's active rules and settings for a few seconds instead
 * of reading them for every order. Every change made through this process forgets them at
 * once; another app instance sees a change within RULES_CACHE_MS.
 */
export const RULES_CACHE_MS = 5_000;

const entries = new Map<string, { value: unknown; at: number }>();

export async function cachedForShop<T>(shopId: string, load: () => Promise<T>): Promise<T> {
  const hit = entries.get(shopId);
  if (hit && Date.now() - hit.at < RULES_CACHE_MS) return hit.value as T;
  const value = await load();
  entries.set(shopId, { value, at: Date.now() });
  return value;
}

export function forgetShopRules(shopId?: string): void {
  if (shopId) entries.delete(shopId);
  else entries.clear();
}
