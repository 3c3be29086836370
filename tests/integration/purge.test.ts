// Uninstalled shops' data is deleted 30 days after the uninstall, shop/redact or not
// (docs/security.md#privacy-and-deletion): tested with a clock; idempotent; a reinstall
// keeps the data; two purges side by side delete each shop once.
import { describe, expect, it, vi } from "vitest";
import prisma from "../../app/db.server";
import { logger } from "../../app/logger.server";
import { markShopUninstalled } from "../../app/services/privacy/privacy.server";
import { KEEP_UNINSTALLED_MS, purgeUninstalledShops } from "../../app/services/privacy/purge.server";
import { ensureShop, recordInstall } from "../../app/db/shops.server";
import { storeOfflineSession } from "../helpers/shopify";

const NOW = new Date("2026-11-25T12:00:00Z");
const DAY = 86_400_000;

async function shopWithData(domain: string) {
  const shop = await ensureShop(domain);
  await prisma.rule.create({
    data: { shopId: shop.id, name: "Max 30%", ruleType: "max_discount", threshold: "30", conditions: {} },
  });
  await prisma.auditEvent.create({
    data: { shopId: shop.id, eventType: "rule_created", severity: "low", message: "m", discountCodes: [] },
  });
  await prisma.contactRequest.create({
    data: { kind: "support", shopDomain: domain, name: "A", email: "a@example.com", message: "Hello there" },
  });
  await prisma.complianceRequest.create({
    data: { topic: "customers/data_request", shopDomain: domain, data: {} },
  });
  return shop;
}

const exists = async (domain: string) => (await prisma.shop.count({ where: { domain } })) === 1;

describe("the uninstalled-shop purge", () => {
  it("deletes a shop uninstalled over 30 days ago, keeps one uninstalled less long and one reinstalled", async () => {
    const old = await shopWithData("purge-old.myshopify.com");
    await shopWithData("purge-recent.myshopify.com");
    await shopWithData("purge-back.myshopify.com");
    await shopWithData("purge-installed.myshopify.com");
    await markShopUninstalled("purge-old.myshopify.com", new Date(NOW.getTime() - 31 * DAY));
    await markShopUninstalled("purge-recent.myshopify.com", new Date(NOW.getTime() - 29 * DAY));
    await markShopUninstalled("purge-back.myshopify.com", new Date(NOW.getTime() - 40 * DAY));
    // reinstalled before the 30 days ran out: installed again, its data kept
    await recordInstall("purge-back.myshopify.com", "read_orders");

    // a session stored after the uninstall (a sign-in that never completed the install) goes too
    await storeOfflineSession("purge-old.myshopify.com");
    const logged = vi.spyOn(logger, "info");
    expect(await purgeUninstalledShops(NOW)).toEqual(["purge-old.myshopify.com"]);
    expect(logged).toHaveBeenCalledWith("Uninstalled over 30 days ago: the shop's data deleted", {
      shop: "purge-old.myshopify.com",
    });
    logged.mockRestore();
    expect(await exists("purge-old.myshopify.com")).toBe(false);
    // shop/redact's deletion: everything the shop's domain names is gone
    expect(await prisma.session.count({ where: { shop: "purge-old.myshopify.com" } })).toBe(0);
    expect(await prisma.complianceRequest.count({ where: { shopDomain: "purge-old.myshopify.com" } })).toBe(0);
    expect(await prisma.rule.count({ where: { shopId: old.id } })).toBe(0);
    expect(await prisma.auditEvent.count({ where: { shopId: old.id } })).toBe(0);
    expect(await prisma.contactRequest.count({ where: { shopDomain: "purge-old.myshopify.com" } })).toBe(0);
    for (const kept of ["purge-recent", "purge-back", "purge-installed"]) {
      expect(await exists(`${kept}.myshopify.com`), kept).toBe(true);
      expect(await prisma.contactRequest.count({ where: { shopDomain: `${kept}.myshopify.com` } })).toBe(1);
      expect(await prisma.complianceRequest.count({ where: { shopDomain: `${kept}.myshopify.com` } })).toBe(1);
    }
    // again: nothing more to do
    expect(await purgeUninstalledShops(NOW)).toEqual([]);
    // the recent one goes once its 30 days are over
    expect(await purgeUninstalledShops(new Date(NOW.getTime() + 2 * DAY))).toEqual(["purge-recent.myshopify.com"]);
    expect(KEEP_UNINSTALLED_MS).toBe(30 * DAY);
  });

  it("deletes each shop once when two purges run side by side", async () => {
    const domains = ["purge-a.myshopify.com", "purge-b.myshopify.com", "purge-c.myshopify.com"];
    for (const domain of domains) {
      await shopWithData(domain);
      await markShopUninstalled(domain, new Date(NOW.getTime() - 45 * DAY));
    }
    const [first, second] = await Promise.all([purgeUninstalledShops(NOW), purgeUninstalledShops(NOW)]);
    expect([...first, ...second].sort()).toEqual(domains);
    for (const domain of domains) expect(await exists(domain)).toBe(false);
  });
});
