import type { RoiRange } from "../../domain/roi/periods";
import type { PlanId } from "../../domain/billing/plans";
import { anythingMeasured } from "./money-figures.server";
import { readRoi } from "./roi-reader.server";
import {
  elapsedDays,
  periodContaining,
  previousPeriod,
  timeframeBuckets,
  type Period,
  type RoiFigures,
} from "../../domain/roi/roi-report";

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

/**
 * The ROI of `range` in the shop's time zone (docs/product.md#roi-dashboard): the period's
 * recorded events against the plan's cost for the period, and the previous period's the same
 * way (never fixed fractions of the current one).
 */
export async function roiReport(shop: RoiShop, range: RoiRange, now = new Date()): Promise<RoiReport> {
  const periods = [periodContaining(range, now, shop.timezone), previousPeriod(range, now, shop.timezone)].map(
    (period) => ({ ...period, elapsedDays: elapsedDays(period, now, shop.timezone) }),
  );
  const [figures, measured] = await Promise.all([
    readRoi(
      shop,
      periods.map((period) => ({ ...period, buckets: timeframeBuckets(range, period, shop.timezone, now) })),
    ),
    anythingMeasured(shop.id),
  ]);
  const [current, previous] = periods.map((period, index): PeriodFigures => ({ period, ...figures[index] }));
  return { range, timezone: shop.timezone, currency: shop.currency, ...current, previous, measured };
}
