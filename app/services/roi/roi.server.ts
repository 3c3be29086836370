import prisma from "../../db.server";
import { dashboardCounts } from "../../domain/audit-events";
import { PLANS, type PlanId } from "../../domain/plans";
import { roiSummary, subscriptionCostCents, type RoiSummary } from "../../domain/roi";

/**
 * Blocked checkouts, alerts and value protected since a UTC day, from the rollups, against
 * what the plan costs over the period's `periodDays` days.
 */
export async function roiSince(
  shopId: string,
  plan: PlanId,
  sinceDay: string,
  periodDays: number,
): Promise<RoiSummary> {
  const rollups = await prisma.eventRollup.groupBy({
    by: ["eventType"],
    where: { shopId, day: { gte: sinceDay } },
    _sum: { count: true, marginSavedCents: true },
  });
  const counts = dashboardCounts(rollups.map((row) => ({ eventType: row.eventType, count: row._sum.count ?? 0 })));
  return roiSummary({
    savedCents: rollups.reduce((total, row) => total + (row._sum.marginSavedCents ?? 0), 0),
    ...counts,
    subscriptionCostCents: subscriptionCostCents(PLANS[plan].priceUsd, periodDays),
  });
}
