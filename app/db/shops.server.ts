import type { Prisma, Shop } from "@prisma/client";
import prisma from "./client.server";
import { selectShopInstallState } from "./shops.sql.server";

/** Creates the shop with its default settings, or returns the existing one. */
export async function ensureShop(
  domain: string,
  data: Partial<Pick<Prisma.ShopCreateInput, "name" | "currency" | "timezone" | "isDemo">> = {},
): Promise<Shop> {
  const existing = await prisma.shop.findUnique({ where: { domain } });
  if (existing) return existing;
  return prisma.shop.upsert({
    where: { domain },
    update: {},
    create: {
      domain,
      ...data,
      alertSettings: { create: { emails: [], webhooks: [] } },
      blockingSettings: { create: {} },
      stackingSettings: { create: { blockedStacking: [] } },
      functionConfig: { create: {} },
    },
  });
}

/** Called after Shopify authenticates a shop: (re)installs it and records its scopes. */
export async function recordInstall(domain: string, scope: string | null): Promise<Shop> {
  forgetShop(domain);
  const shop = await ensureShop(domain);
  if (shop.installState === "installed" && shop.grantedScopes === scope) return shop;
  return prisma.shop.update({
    where: { id: shop.id },
    data: {
      installState: "installed",
      uninstalledAt: null,
      ...(shop.installState !== "installed" ? { installedAt: new Date() } : {}),
      grantedScopes: scope,
    },
  });
}

export function findShopByDomain(domain: string): Promise<Shop | null> {
  return prisma.shop.findUnique({ where: { domain } });
}

/** Shops webhooks arrive for, by domain: looked up once per this many milliseconds. */
export const SHOP_CACHE_MS = 30_000;
const shopCache = new Map<string, { shop: { id: string; installed: boolean } | null; at: number }>();

/** The shop a webhook names, cached briefly: every order webhook needs it before the ack. */
export async function webhookShop(domain: string): Promise<{ id: string; installed: boolean } | null> {
  const hit = shopCache.get(domain);
  if (hit && Date.now() - hit.at < SHOP_CACHE_MS) return hit.shop;
  const shop = await selectShopInstallState(domain);
  shopCache.set(domain, { shop, at: Date.now() });
  return shop;
}

export function forgetShop(domain?: string): void {
  if (domain) shopCache.delete(domain);
  else shopCache.clear();
}
