import prisma from "../../db.server";
import type { RoiRange } from "../../domain/periods";
import { PLANS, type PlanId } from "../../domain/plans";
import { anythingMeasured, moneyBetween, moneyByRuleKey } from "./money-figures.server";
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
  /**
   * whether anything was ever counted for the shop (a breach or a blocked checkout): a shop with
   * nothing to measure sees an empty state, not figures of zero (docs/decisions/0050-dashboard-numbers.md)
   */
  measured: boolean;
}

async function periodFigures(shop: RoiShop, range: RoiRange, period: Period, now: Date): Promise<PeriodFigures> {
  const between = (from: Date, to: Date) => ({ gte: from, lt: to });
  const buckets = timeframeBuckets(range, period, shop.timezone, now);
  // sums in the database (OrderMoney's (shopId, at) index, the events' (shopId, eventType,
  // createdAt)): a year of orders is never loaded
  const [money, blocks, alertsSent, bucketTotals] = await Promise.all([
    moneyByRuleKey(shop.id, period.start, period.end),
    prisma.auditEvent.groupBy({
      by: ["ruleKey"],
      where: { shopId: shop.id, eventType: "checkout_blocked", createdAt: between(period.start, period.end) },
      _count: { _all: true },
    }),
    prisma.auditEvent.count({
      where: { shopId: shop.id, eventType: "alert_sent", createdAt: between(period.start, period.end) },
    }),
    Promise.all(
      buckets.map(async (bucket) => {
        // the bucket's money and its blocks, asked together
        const [money, blocks] = await Promise.all([
          moneyBetween(shop.id, bucket.start, bucket.end),
          prisma.auditEvent.count({
            where: { shopId: shop.id, eventType: "checkout_blocked", createdAt: between(bucket.start, bucket.end) },
          }),
        ]);
        return { label: bucket.label, axisLabel: bucket.axisLabel, ...money, blocks };
      }),
    ),
  ]);
  const elapsed = elapsedDays(period, now, shop.timezone);
  return {
    period: { ...period, elapsedDays: elapsed },
    ...roiFigures({
      money,
      blocks: blocks.map((row) => ({ ruleKey: row.ruleKey, count: row._count._all })),
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
  const [current, previous, measured] = await Promise.all([
    periodFigures(shop, range, periodContaining(range, now, shop.timezone), now),
    periodFigures(shop, range, previousPeriod(range, now, shop.timezone), now),
    anythingMeasured(shop.id),
  ]);
  return { range, timezone: shop.timezone, currency: shop.currency, ...current, previous, measured };
}
