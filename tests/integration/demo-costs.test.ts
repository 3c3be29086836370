// The demo store's cost model (app/demo/seed-costs.server.ts): the Denim jacket's cost rose 30
// days ago, so its older orders keep the old cost; PayPal has its own fee rate; fees and
// shipping are off as for every shop.
import { describe, expect, it } from "vitest";
import { DEMO_SEEDED_AT, seededDemoStore } from "../helpers/seeded-demo";

process.env.SHOPIFY_API_KEY = "";
process.env.NODE_ENV = "development";

// the demo store seeded once for the run, at DEMO_SEEDED_AT, copied into this file's database
const seeded = await seededDemoStore();

describe("demo store cost model", () => {
  it("seeds a cost history and fee settings, and old orders keep the old cost", async () => {
    const { DEMO_COST_RISE } = await import("../../app/demo/seed-costs.server");
    const { applyCostModel } = await import("../../app/services/costs/model.server");
    const { orderFactsFromPayload } = await import("../../app/domain/monitoring/order-payload");
    const { buildDemoStore, variantGid } = await import("../../app/demo/demo-store");
    const prisma = (await import("../../app/db.server")).default;
    const now = DEMO_SEEDED_AT;
    const { shop } = seeded;

    const history = await prisma.variantCostHistory.findMany({
      where: { shopId: shop.id },
      orderBy: { effectiveAt: "asc" },
    });
    expect(history.map((row) => row.unitCostCents)).toEqual([DEMO_COST_RISE.beforeCents, DEMO_COST_RISE.afterCents]);
    const settings = await prisma.costSettings.findUniqueOrThrow({ where: { shopId: shop.id } });
    expect(settings).toMatchObject({ paymentFeesEnabled: false, shippingCostEnabled: false, costHistoryEnabled: true });
    expect(settings.gatewayFees).toEqual([{ gateway: "paypal", basisPoints: 349, fixedCents: 49 }]);

    // the demo's own orders with the jacket, before and after the rise: each costs as at its date
    const denim = variantGid(DEMO_COST_RISE.variant);
    const rise = now.getTime() - DEMO_COST_RISE.daysAgo * 86_400_000;
    const withJacket = buildDemoStore(now).orders.filter((order) =>
      order.payload.line_items.some((line) => `gid://shopify/ProductVariant/${line.variant_id}` === denim),
    );
    const older = withJacket.find((order) => order.createdAt.getTime() < rise);
    const newer = withJacket.find((order) => order.createdAt.getTime() > rise);
    expect(older && newer).toBeTruthy();
    const costs = await applyCostModel(
      shop.id,
      [older!, newer!].map((order) => {
        const read = orderFactsFromPayload(order.payload);
        if (!read.ok) throw new Error(read.error);
        return { facts: read.facts, at: order.createdAt };
      }),
    );
    expect(costs.map((facts) => facts.costs?.unitCosts[denim])).toEqual([
      DEMO_COST_RISE.beforeCents,
      DEMO_COST_RISE.afterCents,
    ]);
  });
});
