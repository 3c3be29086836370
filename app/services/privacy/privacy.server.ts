import type { AuditEvent, CodeRedemption, Prisma } from "@prisma/client";
import prisma from "../../db.server";
import { forgetCachedSessions } from "../../db/session-cache.server";
import { forgetShop } from "../../db/shops.server";
import { logger } from "../../logger.server";

/**
 * app/uninstalled: the shop's access tokens are gone, so its sessions are deleted and the
 * shop is marked uninstalled. Its data is kept until shop/redact (Shopify sends it 48 hours
 * after uninstall) or, at the latest, 30 days (see the data deletion page).
 */
export async function markShopUninstalled(domain: string, now = new Date()): Promise<void> {
  forgetCachedSessions(domain);
  forgetShop(domain);
  await prisma.$transaction([
    prisma.session.deleteMany({ where: { shop: domain } }),
    prisma.shop.updateMany({
      where: { domain },
      data: { installState: "uninstalled", uninstalledAt: now, plan: "free" },
    }),
    // Shopify removes an uninstalled app's validations: nothing is deployed any more
    prisma.functionConfig.updateMany({
      where: { shop: { domain } },
      data: { validationId: null, validationEnabled: false, deployedAt: null, metafieldSyncedAt: null },
    }),
    // and its app discounts: the code rules' discount is gone too (the settings are kept)
    prisma.codeRuleSettings.updateMany({ where: { shop: { domain } }, data: { discountId: null, syncedAt: null } }),
  ]);
}

/** app/scopes_update: keeps the session and the shop in step with the granted scopes. */
export async function updateGrantedScopes(
  domain: string,
  sessionId: string | undefined,
  scopes: string[],
): Promise<void> {
  const scope = scopes.join(",");
  forgetCachedSessions(domain);
  await prisma.$transaction([
    ...(sessionId ? [prisma.session.updateMany({ where: { id: sessionId, shop: domain }, data: { scope } })] : []),
    prisma.shop.updateMany({ where: { domain }, data: { grantedScopes: scope } }),
  ]);
}

/**
 * shop/redact: deletes every row of the shop, and nothing of any other shop, once the shop is
 * uninstalled. A shop installed again since (Shopify sends shop/redact 48 hours after the
 * uninstall) keeps everything: the merchant came back.
 */
export async function redactShop(domain: string): Promise<void> {
  const shop = await prisma.shop.findUnique({ where: { domain }, select: { installState: true } });
  if (shop?.installState === "installed") {
    logger.warn("shop/redact for a shop installed again: nothing deleted", { shop: domain });
    return;
  }
  // a shop row is deleted only while still uninstalled (a reinstall meanwhile keeps it)
  await deleteShopData(domain, shop ? { installState: { not: "installed" } } : undefined);
}

/**
 * shop/redact's deletion. With `only`, the shop is deleted only while its row still meets it
 * (the 30-day purge: still uninstalled, since long enough), in one transaction, so a reinstall in
 * between, or another process deleting first, deletes nothing; returns whether this call deleted
 * the shop's row.
 */
export async function deleteShopData(domain: string, only?: Prisma.ShopWhereInput): Promise<boolean> {
  forgetCachedSessions(domain);
  forgetShop(domain);
  const deleted = await prisma.$transaction(async (tx) => {
    // Rules, settings, audit events, outbox, caches and rollups cascade with the shop.
    const { count } = await tx.shop.deleteMany({ where: { ...only, domain } });
    if (only && count === 0) return false;
    await tx.session.deleteMany({ where: { shop: domain } });
    await tx.contactRequest.deleteMany({ where: { shopDomain: domain } });
    await tx.complianceRequest.deleteMany({ where: { shopDomain: domain } });
    return count > 0;
  });
  // a reinstall may have cached the shop meanwhile: forget it again once it is gone
  if (deleted) {
    forgetCachedSessions(domain);
    forgetShop(domain);
  }
  return deleted;
}

function toIdStrings(values: unknown[]): string[] {
  return values.filter((value) => typeof value === "number" || typeof value === "string").map((value) => String(value));
}

/** Shopify sends numeric ids in compliance payloads; events may hold the numeric id or the GID. */
function idVariants(kind: "Customer" | "Order", ids: string[]): string[] {
  return ids.flatMap((id) => [id, `gid://shopify/${kind}/${id}`]);
}

/**
 * Ids per query: each id is matched in two forms, and SQLite binds at most 999 parameters per
 * statement in older builds (32,766 in newer ones); 400 ids stay well below either.
 */
export const IDS_PER_QUERY = 400;

function chunks<T>(items: T[], size = IDS_PER_QUERY): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/** Who an audit event names: the customer, or one of the orders (in batches of ids). */
function customerMatches(customerIds: string[], orderIds: string[]) {
  const orderBatches = chunks(orderIds, IDS_PER_QUERY * 2);
  const batches = orderBatches.length > 0 ? orderBatches : [[]];
  return batches.map((batch, index) => ({
    OR: [...(index === 0 ? [{ customerId: { in: customerIds } }] : []), { orderId: { in: batch } }],
  }));
}

export interface CustomerRedactRequest {
  shopDomain: string;
  customerId: unknown;
  orderIds: unknown[];
}

/**
 * customers/redact: removes the customer's id from the shop's audit events and from the leak
 * detector's per-order code redemptions (docs/product.md#leaked-codes); the
 * counts stay, no longer naming anyone. Returns the number of audit events changed.
 */
export async function redactCustomer(request: CustomerRedactRequest): Promise<number> {
  const shop = await prisma.shop.findUnique({ where: { domain: request.shopDomain } });
  if (!shop) return 0;
  const customerIds = idVariants("Customer", toIdStrings([request.customerId]));
  const orderIds = idVariants("Order", toIdStrings(request.orderIds));
  const matches = customerMatches(customerIds, orderIds);
  const results = await prisma.$transaction([
    ...matches.map((match) =>
      prisma.auditEvent.updateMany({ where: { shopId: shop.id, ...match }, data: { customerId: null } }),
    ),
    ...matches.map((match) =>
      prisma.codeRedemption.updateMany({ where: { shopId: shop.id, ...match }, data: { customerId: null } }),
    ),
  ]);
  return results.slice(0, matches.length).reduce((sum, result) => sum + result.count, 0);
}

export interface CustomerDataRequest {
  shopDomain: string;
  dataRequestId: string;
  customerId: unknown;
  orderIds: unknown[];
}

/**
 * customers/data_request: gathers what the app holds about the customer (audit events and
 * code redemptions that name the customer or the requested orders) and stores it for support to send to the
 * merchant, who answers the customer.
 */
export async function recordCustomerDataRequest(request: CustomerDataRequest): Promise<number> {
  const shop = await prisma.shop.findUnique({ where: { domain: request.shopDomain } });
  const customerIds = idVariants("Customer", toIdStrings([request.customerId]));
  const orderIds = idVariants("Order", toIdStrings(request.orderIds));
  const found = new Map<string, AuditEvent>();
  const redemptions = new Map<string, CodeRedemption>();
  for (const match of shop ? customerMatches(customerIds, orderIds) : []) {
    for (const event of await prisma.auditEvent.findMany({ where: { shopId: shop!.id, ...match } })) {
      found.set(event.id, event);
    }
    for (const row of await prisma.codeRedemption.findMany({ where: { shopId: shop!.id, ...match } })) {
      redemptions.set(row.id, row);
    }
  }
  const events = [...found.values()].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const codeRedemptions = [...redemptions.values()]
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .map(({ codeKey, orderId, country, at }) => ({ code: codeKey, orderId, country, at }));
  await prisma.complianceRequest.create({
    data: {
      topic: "customers/data_request",
      shopDomain: request.shopDomain,
      externalId: request.dataRequestId,
      data: JSON.parse(JSON.stringify({ customerId: request.customerId, events, codeRedemptions })),
    },
  });
  return events.length;
}
