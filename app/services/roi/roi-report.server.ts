import prisma from "../../db.server";
import type { RoiRange } from "../../domain/periods";
import { PLANS, type PlanId } from "../../domain/plans";
import { subscriptionCostCents } from "../../domain/roi";
import {
  elapsedDays,
  periodContaining,
  previousPeriod,
  roiFigures,
  timeframeBuckets,
  type Period,
  type RoiFigures,
} from "../../domain/roi-report";

export interface RoiShop {
  id: string;
  plan: PlanId;
  timezone: string;
  currency: string;
}

export interface PeriodFigures extends RoiFigures {
  period: Period & { elapsedDays: number };
}

export interface RoiReport extends PeriodFigures {
  range: RoiRange;
  timezone: string;
  currency: string;
  /** the whole period before, from its own events */
  previous: PeriodFigures;
}

/** Events that protected margin: breaches (alerts) and blocked checkouts. */
const SAVING_TYPES = ["rule_triggered", "checkout_blocked"];

async function periodFigures(shop: RoiShop, range: RoiRange, period: Period, now: Date): Promise<PeriodFigures> {
  const saving = (createdAt: { gte: Date; lt: Date }) => ({
    shopId: shop.id,
    eventType: { in: SAVING_TYPES },
    createdAt,
  });
  const buckets = timeframeBuckets(range, period, shop.timezone);
  // sums in the database (the (shopId, eventType, createdAt) index): a year of events is never loaded
  const [groups, alertsSent, bucketTotals] = await Promise.all([
    prisma.auditEvent.groupBy({
      by: ["ruleKey", "eventType"],
      where: saving({ gte: period.start, lt: period.end }),
      _count: { _all: true },
      _sum: { marginSavedCents: true },
    }),
    prisma.auditEvent.count({
      where: {
        shopId: shop.id,
        eventType: { contains: "alert_sent" },
        createdAt: { gte: period.start, lt: period.end },
      },
    }),
    Promise.all(
      buckets.map(async (bucket) => {
        const rows = await prisma.auditEvent.groupBy({
          by: ["eventType"],
          where: saving({ gte: bucket.start, lt: bucket.end }),
          _count: { _all: true },
          _sum: { marginSavedCents: true },
        });
        return {
          label: bucket.label,
          savedCents: rows.reduce((sum, row) => sum + (row._sum.marginSavedCents ?? 0), 0),
          blocks: rows
            .filter((row) => row.eventType === "checkout_blocked")
            .reduce((sum, row) => sum + row._count._all, 0),
        };
      }),
    ),
  ]);
  const elapsed = elapsedDays(period, now, shop.timezone);
  return {
    period: { ...period, elapsedDays: elapsed },
    ...roiFigures({
      groups: groups.map((row) => ({
        ruleKey: row.ruleKey,
        eventType: row.eventType,
        count: row._count._all,
        savedCents: row._sum.marginSavedCents ?? 0,
      })),
      bucketTotals,
      alertsSent,
      subscriptionCostCents: subscriptionCostCents(PLANS[shop.plan].priceUsd, period.days),
      elapsedDays: elapsed,
    }),
  };
}

/**
 * The ROI of `range` in the shop's time zone (docs/product.md#roi-dashboard): the period's
 * recorded events against the plan's cost for the period, and the previous period's the same
 * way (never fixed fractions of the current one).
 */
export async function roiReport(shop: RoiShop, range: RoiRange, now = new Date()): Promise<RoiReport> {
  const [current, previous] = await Promise.all([
    periodFigures(shop, range, periodContaining(range, now, shop.timezone), now),
    periodFigures(shop, range, previousPeriod(range, now, shop.timezone), now),
  ]);
  return { range, timezone: shop.timezone, currency: shop.currency, ...current, previous };
}
