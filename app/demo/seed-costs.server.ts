/**
 * The demo store's cost model (docs/product.md#costs): the Denim jacket's unit cost
 * rose from $65.00 to $75.00 thirty days ago, so the orders before then keep their $65.00 margin
 * and the later ones count $75.00; and fee settings with PayPal's own rate. Fees and shipping
 * stay off, as for every shop until the merchant turns them on, so the demo's figures are the
 * engine's usual ones. Runs before the sample orders go through the engine.
 */
import prisma from "../db.server";
import { variantGid } from "./demo-store";

const DAY_MS = 86_400_000;
/** the Denim jacket of the demo catalog (app/demo/demo-store.ts) */
export const DEMO_COST_RISE = {
  variant: 9002,
  beforeCents: 6_500,
  afterCents: 7_500,
  daysAgo: 30,
} as const;

export async function seedCostModel(shopId: string, now: Date) {
  const variantId = variantGid(DEMO_COST_RISE.variant);
  const inventoryItemId = `gid://shopify/InventoryItem/${DEMO_COST_RISE.variant}`;
  await prisma.variantCostHistory.createMany({
    data: [
      {
        shopId,
        variantId,
        inventoryItemId,
        unitCostCents: DEMO_COST_RISE.beforeCents,
        currency: "USD",
        effectiveAt: new Date(now.getTime() - 120 * DAY_MS),
        source: "demo",
      },
      {
        shopId,
        variantId,
        inventoryItemId,
        unitCostCents: DEMO_COST_RISE.afterCents,
        currency: "USD",
        effectiveAt: new Date(now.getTime() - DEMO_COST_RISE.daysAgo * DAY_MS),
        source: "demo",
      },
    ],
  });
  await prisma.costSettings.create({
    data: {
      shopId,
      costHistoryEnabled: true,
      paymentFeesEnabled: false,
      paymentFeeBasisPoints: 290,
      paymentFeeFixedCents: 30,
      gatewayFees: [{ gateway: "paypal", basisPoints: 349, fixedCents: 49 }],
      shippingCostEnabled: false,
      shippingCostCents: 800,
    },
  });
}
