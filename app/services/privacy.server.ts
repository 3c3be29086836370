import prisma from "../db.server";
import { forgetCachedSessions } from "./session-cache.server";
import { forgetShop } from "./shops.server";

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
    ...(sessionId
      ? [prisma.session.updateMany({ where: { id: sessionId, shop: domain }, data: { scope } })]
      : []),
    prisma.shop.updateMany({ where: { domain }, data: { grantedScopes: scope } }),
  ]);
}

/** shop/redact: deletes every row of the shop, and nothing of any other shop. */
export async function redactShop(domain: string): Promise<void> {
  forgetCachedSessions(domain);
  forgetShop(domain);
  await prisma.$transaction([
    // Rules, settings, audit events, outbox, caches and rollups cascade with the shop.
    prisma.shop.deleteMany({ where: { domain } }),
    prisma.session.deleteMany({ where: { shop: domain } }),
    prisma.contactRequest.deleteMany({ where: { shopDomain: domain } }),
    prisma.complianceRequest.deleteMany({ where: { shopDomain: domain } }),
  ]);
}

function toIdStrings(values: unknown[]): string[] {
  return values
    .filter((value) => typeof value === "number" || typeof value === "string")
    .map((value) => String(value));
}

/** Shopify sends numeric ids in compliance payloads; events may hold the numeric id or the GID. */
function idVariants(kind: "Customer" | "Order", ids: string[]): string[] {
  return ids.flatMap((id) => [id, `gid://shopify/${kind}/${id}`]);
}

export interface CustomerRedactRequest {
  shopDomain: string;
  customerId: unknown;
  orderIds: unknown[];
}

/** customers/redact: removes the customer's id from the shop's audit events. */
export async function redactCustomer(request: CustomerRedactRequest): Promise<number> {
  const shop = await prisma.shop.findUnique({ where: { domain: request.shopDomain } });
  if (!shop) return 0;
  const customerIds = idVariants("Customer", toIdStrings([request.customerId]));
  const orderIds = idVariants("Order", toIdStrings(request.orderIds));
  const result = await prisma.auditEvent.updateMany({
    where: {
      shopId: shop.id,
      OR: [{ customerId: { in: customerIds } }, { orderId: { in: orderIds } }],
    },
    data: { customerId: null },
  });
  return result.count;
}

export interface CustomerDataRequest {
  shopDomain: string;
  dataRequestId: string;
  customerId: unknown;
  orderIds: unknown[];
}

/**
 * customers/data_request: gathers what the app holds about the customer (audit events that
 * name the customer or the requested orders) and stores it for support to send to the
 * merchant, who answers the customer.
 */
export async function recordCustomerDataRequest(request: CustomerDataRequest): Promise<number> {
  const shop = await prisma.shop.findUnique({ where: { domain: request.shopDomain } });
  const customerIds = idVariants("Customer", toIdStrings([request.customerId]));
  const orderIds = idVariants("Order", toIdStrings(request.orderIds));
  const events = shop
    ? await prisma.auditEvent.findMany({
        where: {
          shopId: shop.id,
          OR: [{ customerId: { in: customerIds } }, { orderId: { in: orderIds } }],
        },
        orderBy: { createdAt: "asc" },
      })
    : [];
  await prisma.complianceRequest.create({
    data: {
      topic: "customers/data_request",
      shopDomain: request.shopDomain,
      externalId: request.dataRequestId,
      data: JSON.parse(JSON.stringify({ customerId: request.customerId, events })),
    },
  });
  return events.length;
}
