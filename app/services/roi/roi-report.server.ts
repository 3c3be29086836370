import type { RoiRange } from "../../domain/periods";
import { PLANS, type PlanId } from "../../domain/plans";
import { anythingMeasured } from "./money-figures.server";
import { ensureMoneyRollups, rollupsOver } from "./rollups.server";
import { periodFromRollups } from "../../domain/roi-rollups";
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
   * nothing to measure sees an empty state, not figures of zero (docs/product.md#roi-dashboard)
   */
  measured: boolean;
}

async function periodFigures(shop: RoiShop, range: RoiRange, period: Period, now: Date): Promise<PeriodFigures> {
  const buckets = timeframeBuckets(range, period, shop.timezone, now);
  // the period's rollup rows (a day per rule type, docs/architecture.md#counts-and-money): a year
  // of orders and events is never read
  const { money, blocks, alertsSent, bucketTotals } = periodFromRollups(
    await rollupsOver(shop, period),
    period,
    buckets,
    shop.timezone,
  );
  const elapsed = elapsedDays(period, now, shop.timezone);
  return {
    period: { ...period, elapsedDays: elapsed },
    ...roiFigures({
      money,
      blocks,
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
  await ensureMoneyRollups(shop);
  const [current, previous, measured] = await Promise.all([
    periodFigures(shop, range, periodContaining(range, now, shop.timezone), now),
    periodFigures(shop, range, previousPeriod(range, now, shop.timezone), now),
    anythingMeasured(shop.id),
  ]);
  return { range, timezone: shop.timezone, currency: shop.currency, ...current, previous, measured };
}
