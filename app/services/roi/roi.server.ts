import { TZDate } from "@date-fns/tz";
import { addDays, startOfDay } from "date-fns";
import prisma from "../../db.server";
import { dashboardCounts } from "../../domain/audit-events";
import { moneyTotals } from "../../domain/order-money";
import { PLANS, type PlanId } from "../../domain/plans";
import { roiSummary, subscriptionCostCents, type RoiSummary } from "../../domain/roi";
import { localDay } from "../../domain/roi-rollups";
import { moneyBetween } from "./money-figures.server";
import { ensureMoneyRollups, rollupsFrom } from "./rollups.server";

/**
 * The money of the shop's orders counted since `since` (an instant), from the money rollups
 * (docs/architecture.md#counts-and-money): the whole local days after it from the rollups, and the
 * part of its local day from `since` on (when `since` is not a local midnight) from OrderMoney,
 * one day's rows at most on its (shopId, at) index.
 */
async function moneySince(shop: { id: string; timezone: string }, since: Date) {
  const local = new TZDate(since.getTime(), shop.timezone);
  const dayStart = startOfDay(local);
  if (dayStart.getTime() === since.getTime()) {
    return moneyTotals(await rollupsFrom(shop.id, localDay(since, shop.timezone)));
  }
  const nextDay = new Date(startOfDay(addDays(dayStart, 1)).getTime());
  const [whole, part] = await Promise.all([
    rollupsFrom(shop.id, localDay(nextDay, shop.timezone)),
    moneyBetween(shop.id, since, nextDay),
  ]);
  return moneyTotals([...whole, part]);
}

/**
 * Blocked checkouts and alerts since a UTC day, from the rollups, and the money of the orders
 * counted since then (saved and flagged, docs/product.md#what-the-figures-count), against what
 * the plan costs over the period's `periodDays` days.
 */
export async function roiSince(
  shop: { id: string; plan: PlanId; timezone: string },
  sinceDay: string,
  periodDays: number,
): Promise<RoiSummary> {
  await ensureMoneyRollups(shop);
  const [rollups, money] = await Promise.all([
    prisma.eventRollup.groupBy({
      by: ["eventType"],
      where: { shopId: shop.id, day: { gte: sinceDay } },
      _sum: { count: true },
    }),
    moneySince(shop, new Date(`${sinceDay}T00:00:00Z`)),
  ]);
  const counts = dashboardCounts(rollups.map((row) => ({ eventType: row.eventType, count: row._sum.count ?? 0 })));
  return roiSummary({
    money,
    ...counts,
    subscriptionCostCents: subscriptionCostCents(PLANS[shop.plan].priceUsd, periodDays),
  });
}
