/** Raw SQL of the shop lookup every order webhook makes before its ack (docs/architecture.md#an-order-webhook-to-a-delivered-alert). */
import prisma from "./client.server";

export async function selectShopInstallState(domain: string): Promise<{ id: string; installed: boolean } | null> {
  const rows = await prisma.$queryRaw<{ id: string; installState: string }[]>`
    SELECT "id", "installState" FROM "Shop" WHERE "domain" = ${domain}`;
  return rows[0] ? { id: rows[0].id, installed: rows[0].installState === "installed" } : null;
}
