// What 'Downgrade to Free?' names as staying on (docs/product.md#dialogs): the shop's active
// rules and collection rules, oldest first, in the order a plan change keeps them.
import { describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { ensureShop } from "../../app/db/shops.server";
import { rulesToPause } from "../../app/domain/billing/plan-truth";
import { activeRuleNames, limitedRules, EVALUATED_RULES } from "../../app/services/rules/plan-limit.server";

const day = (date: number) => new Date(Date.UTC(2026, 9, date));

async function rule(shopId: string, name: string, createdAt: Date, extra: Record<string, unknown> = {}) {
  await prisma.rule.create({
    data: {
      shopId,
      name,
      ruleType: "max_discount",
      threshold: "20",
      thresholdUnit: "PERCENT",
      thresholdPercent: 20,
      conditions: {},
      createdAt,
      ...extra,
    },
  });
}

describe("the rules a downgrade keeps, by name", () => {
  it("lists the counted rules oldest first, collection rules among them; off and paused ones not", async () => {
    const shop = await ensureShop("downgrade-names.myshopify.com");
    await rule(shop.id, "Newest", day(9));
    await rule(shop.id, "Oldest", day(2));
    await rule(shop.id, "Switched off", day(1), { isActive: false });
    await rule(shop.id, "Paused by Core", day(1), { pausedByPlan: "core", pausedAt: day(20) });
    await prisma.collectionRule.create({
      data: {
        shopId: shop.id,
        collectionId: "gid://shopify/Collection/1",
        collectionTitle: "Summer Sale",
        ruleType: "margin_floor",
        threshold: 20,
        conditions: {},
        createdAt: day(5),
      },
    });

    const names = await activeRuleNames(shop.id);
    expect(names).toEqual(["Oldest", "Summer Sale - Margin Floor", "Newest"]);

    // the plan change pauses exactly the ones after Free's 2
    const paused = rulesToPause(await limitedRules(prisma, shop.id, EVALUATED_RULES), "free").map((one) => one.id);
    const kept = await prisma.rule.findMany({ where: { shopId: shop.id, ...EVALUATED_RULES, id: { notIn: paused } } });
    const keptCollections = await prisma.collectionRule.count({
      where: { shopId: shop.id, ...EVALUATED_RULES, id: { notIn: paused } },
    });
    expect(kept.map((one) => one.name)).toEqual(["Oldest"]);
    expect(keptCollections).toBe(1);
  });
});
