import type { Prisma, Shop } from "@prisma/client";
import prisma from "../db.server";

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
