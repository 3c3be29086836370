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
  const createdAt = { gte: period.start, lt: period.end };
  const [events, alertsSent] = await Promise.all([
    prisma.auditEvent.findMany({
      where: { shopId: shop.id, eventType: { in: SAVING_TYPES }, createdAt },
      select: { createdAt: true, eventType: true, ruleKey: true, marginSavedCents: true },
    }),
    prisma.auditEvent.count({ where: { shopId: shop.id, eventType: { contains: "alert_sent" }, createdAt } }),
  ]);
  const elapsed = elapsedDays(period, now, shop.timezone);
  return {
    period: { ...period, elapsedDays: elapsed },
    ...roiFigures({
      events,
      alertsSent,
      subscriptionCostCents: subscriptionCostCents(PLANS[shop.plan].priceUsd, period.days),
      buckets: timeframeBuckets(range, period, shop.timezone),
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
