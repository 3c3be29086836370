// The direct SQLite reads behind GET /api/rules (docs/decisions/0057-csv-at-the-databases-speed.md)
// return exactly what Prisma returns, and see every committed write at once.
import { describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { ensureShop } from "../../app/db/shops.server";
import { fastRulesOf, fastShopByDomain, sqliteReader } from "../../app/db/fast-reads.server";
import { sqlEngine } from "../../app/db/columns";

const DOMAIN = "fast-reads.myshopify.com";

const rule = (shopId: string, index: number) => ({
  shopId,
  name: `Rule ${index} "quoted", ünïcode 😀`,
  description: index % 2 ? null : "a description",
  ruleType: "max_discount",
  threshold: String(20 + index),
  thresholdAmountCents: index % 2 ? 1234 + index : null,
  thresholdPercent: index % 2 ? null : 12.5 + index,
  currency: "EUR",
  thresholdUnit: index % 2 ? "AMOUNT" : "PERCENT",
  action: "alert",
  isActive: index % 3 !== 0,
  pausedByPlan: index === 4 ? "free" : null,
  pausedAt: index === 4 ? new Date("2026-11-02T03:04:05.678Z") : null,
  // equal priorities and creation times: the order falls to the id, as Prisma's
  priority: index % 2,
  conditions: index % 2 ? { minimumSubtotalCents: 5000, codes: ["A", "B"], nested: { on: true } } : {},
  tagOrder: index === 1,
  holdOrder: index === 2,
  flowTrigger: index === 3,
  createdAt: new Date("2026-11-01T00:00:00.000Z"),
});

describe.skipIf(sqlEngine() !== "sqlite")("fast reads on SQLite", () => {
  it("read a shop and its rules as Prisma does", async () => {
    const shop = await ensureShop(DOMAIN);
    await prisma.shop.update({
      where: { id: shop.id },
      data: {
        planCheckedAt: new Date("2026-11-20T10:11:12.345Z"),
        flowTriggerEnabled: true,
        onboardingStep: 2,
        name: "Fast ‘reads’",
        uninstalledAt: null,
      },
    });
    for (let index = 0; index < 6; index++) await prisma.rule.create({ data: rule(shop.id, index) });

    expect(sqliteReader()).not.toBeNull();
    expect(fastShopByDomain(DOMAIN)).toEqual(await prisma.shop.findUnique({ where: { domain: DOMAIN } }));
    const expected = await prisma.rule.findMany({
      where: { shopId: shop.id },
      orderBy: [{ priority: "desc" }, { createdAt: "asc" }, { id: "asc" }],
    });
    expect(expected).toHaveLength(6);
    expect(fastRulesOf(shop.id)).toEqual(expected);
    expect(fastRulesOf("no-such-shop")).toEqual([]);
    expect(fastShopByDomain("no-such-shop.myshopify.com")).toBeNull();
  });

  it("see a write the moment Prisma commits it", async () => {
    const shop = await ensureShop(DOMAIN);
    await prisma.shop.update({ where: { id: shop.id }, data: { plan: "pro", isDemo: true } });
    expect(fastShopByDomain(DOMAIN)).toMatchObject({ plan: "pro", isDemo: true });
    await prisma.rule.deleteMany({ where: { shopId: shop.id } });
    expect(fastRulesOf(shop.id)).toEqual([]);
  });
});
