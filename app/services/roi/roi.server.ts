import prisma from "../../db.server";
import { dashboardCounts } from "../../domain/audit-events";
import { PLANS, type PlanId } from "../../domain/plans";
import { rangeDays, rangeStartDay, type RoiRange } from "../../domain/periods";
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

/** The ROI dashboard: the summary and the savings by rule type over the range containing `now`. */
export async function loadRoi(shopId: string, plan: PlanId, range: RoiRange, now = new Date()) {
  const sinceDay = rangeStartDay(range, now);
  const since = new Date(`${sinceDay}T00:00:00.000Z`);
  const [summary, byRule] = await Promise.all([
    roiSince(shopId, plan, sinceDay, rangeDays(range, now)),
    prisma.auditEvent.groupBy({
      by: ["ruleKey"],
      where: { shopId, eventType: "rule_triggered", createdAt: { gte: since } },
      _count: { _all: true },
      _sum: { marginSavedCents: true },
    }),
  ]);
  return {
    summary,
    byRuleType: byRule
      .map((row) => ({
        ruleKey: row.ruleKey ?? "unknown",
        count: row._count._all,
        savedCents: row._sum.marginSavedCents ?? 0,
      }))
      .sort((a, b) => b.savedCents - a.savedCents),
  };
}
