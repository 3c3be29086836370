/**
 * The shop's admin access, as the Protection status reads it (docs/operations.md#shopify-access-tokens):
 * whether the app's offline access token is refreshed on its own (ok), a migration is pending or a
 * refresh is failing for now (warning), or access is lost and the merchant has to open the app (failing).
 */
import prisma from "../../db.server";
import { adminAccessOf, type AdminAccessStatus } from "../../domain/shops/admin-access";

export type { AdminAccessStatus } from "../../domain/shops/admin-access";

/** The shop's admin access now; a shop the app does not know, or holds no offline session for, is failing. */
export async function adminAccessStatus(shopId: string, now: number = Date.now()): Promise<AdminAccessStatus> {
  const shop = await prisma.shop.findUnique({ where: { id: shopId }, select: { domain: true, isDemo: true } });
  if (shop?.isDemo) {
    return {
      state: "ok",
      validUntil: null,
      lastRefreshedAt: null,
      migratedAt: null,
      detail: "The demo store has no Shopify access token: there is nothing to refresh.",
      fix: null,
    };
  }
  const row = shop
    ? await prisma.session.findFirst({ where: { shop: shop.domain, isOnline: false }, orderBy: { id: "asc" } })
    : null;
  return adminAccessOf(
    row && {
      hasAccessToken: Boolean(row.accessToken),
      hasRefreshToken: Boolean(row.refreshToken),
      expires: row.expires,
      pairStoredAt: row.pairStoredAt,
      refreshFailedAt: row.refreshFailedAt,
      migrationAttempts: row.migrationAttempts,
      migrationFailedAt: row.migrationFailedAt,
      migrationNextAt: row.migrationNextAt,
      migratedAt: row.migratedAt,
      accessLostAt: row.accessLostAt,
      accessLostReason: row.accessLostReason,
    },
    now,
  );
}
