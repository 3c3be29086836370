import prisma from "../../db.server";
import { dashboardCounts } from "../../domain/audit-events";
import { PLANS, type PlanId } from "../../domain/plans";
import { roiSummary, subscriptionCostCents, type RoiSummary } from "../../domain/roi";
import { moneyBetween } from "./money-figures.server";

/**
 * Blocked checkouts and alerts since a UTC day, from the rollups, and the money of the orders
 * counted since then (saved and flagged, docs/decisions/0025-what-saved-means.md), against what
 * the plan costs over the period's `periodDays` days.
 */
export async function roiSince(
  shopId: string,
  plan: PlanId,
  sinceDay: string,
  periodDays: number,
): Promise<RoiSummary> {
  const [rollups, money] = await Promise.all([
    prisma.eventRollup.groupBy({
      by: ["eventType"],
      where: { shopId, day: { gte: sinceDay } },
      _sum: { count: true },
    }),
    moneyBetween(shopId, new Date(`${sinceDay}T00:00:00Z`)),
  ]);
  const counts = dashboardCounts(rollups.map((row) => ({ eventType: row.eventType, count: row._sum.count ?? 0 })));
  return roiSummary({
    money,
    ...counts,
    subscriptionCostCents: subscriptionCostCents(PLANS[plan].priceUsd, periodDays),
  });
}
