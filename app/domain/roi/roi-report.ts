/**
 * The ROI report (docs/product.md#roi-dashboard): periods in the shop's time zone, the figures
 * of recorded events in them, the previous period's from its own events, and the projection.
 * Pure: the service reads the events, this counts them.
 */
import { TZDate } from "@date-fns/tz";
import {
  addDays,
  addMonths,
  addWeeks,
  differenceInCalendarDays,
  format,
  startOfDay,
  startOfMonth,
  startOfQuarter,
  startOfWeek,
  startOfYear,
} from "date-fns";
import type { RoiRange } from "./periods";
import { moneyTotals, type MoneySplit } from "../monitoring/order-money";
import { roiSummary, type RoiSummary } from "./roi";

export interface Period {
  start: Date;
  /** exclusive */
  end: Date;
  /** calendar days in the shop's time zone (a DST day is one day) */
  days: number;
}

const MONTHS_IN: Record<Exclude<RoiRange, "this_week">, number> = { this_month: 1, this_quarter: 3, this_year: 12 };

/** The whole period of `range` containing `now`, in `timeZone` (weeks start on Monday). */
export function periodContaining(range: RoiRange, now: Date, timeZone: string): Period {
  const local = new TZDate(now.getTime(), timeZone);
  const start =
    range === "this_week"
      ? startOfWeek(local, { weekStartsOn: 1 })
      : range === "this_month"
        ? startOfMonth(local)
        : range === "this_quarter"
          ? startOfQuarter(local)
          : startOfYear(local);
  const end = range === "this_week" ? addWeeks(start, 1) : addMonths(start, MONTHS_IN[range]);
  return { start: new Date(start.getTime()), end: new Date(end.getTime()), days: differenceInCalendarDays(end, start) };
}

/** The period just before the one containing `now`. */
export function previousPeriod(range: RoiRange, now: Date, timeZone: string): Period {
  return periodContaining(range, new Date(periodContaining(range, now, timeZone).start.getTime() - 1), timeZone);
}

/** Days of `period` that have begun by `now` (today counts), at least 1 and at most the period's days. */
export function elapsedDays(period: Period, now: Date, timeZone: string): number {
  if (now >= period.end) return period.days;
  const days = differenceInCalendarDays(
    new TZDate(now.getTime(), timeZone),
    new TZDate(period.start.getTime(), timeZone),
  );
  return Math.min(period.days, Math.max(1, days + 1));
}

export interface Bucket {
  /** the day, week or month in full: "Wed Nov 11", "Week of Oct 5", "Jan" (tables, tooltips) */
  label: string;
  /** the same, short enough for a chart's axis: "Nov 11", "Oct 5", "Jan" */
  axisLabel: string;
  start: Date;
  end: Date;
}

/**
 * The chart's buckets: days of a week or month, weeks of a quarter, months of a year. With
 * `until`, the buckets that have not begun by then are left out: days after today are not drawn
 * as $0.00 (docs/product.md#roi-dashboard).
 */
export function timeframeBuckets(range: RoiRange, period: Period, timeZone: string, until?: Date): Bucket[] {
  const buckets: Bucket[] = [];
  let cursor = new TZDate(period.start.getTime(), timeZone);
  const step = (date: TZDate) =>
    range === "this_year" ? addMonths(date, 1) : range === "this_quarter" ? addWeeks(date, 1) : addDays(date, 1);
  const label = (date: TZDate) =>
    range === "this_year"
      ? format(date, "MMM")
      : range === "this_quarter"
        ? `Week of ${format(date, "MMM d")}`
        : format(date, "EEE MMM d");
  const axisLabel = (date: TZDate) => (range === "this_year" ? format(date, "MMM") : format(date, "MMM d"));
  const last = Math.min(period.end.getTime(), until ? until.getTime() + 1 : Infinity);
  while (cursor.getTime() < last) {
    const next = step(cursor);
    const end = Math.min(next.getTime(), period.end.getTime());
    buckets.push({
      label: label(cursor),
      axisLabel: axisLabel(cursor),
      start: new Date(cursor.getTime()),
      end: new Date(end),
    });
    cursor = range === "this_quarter" ? next : startOfDay(next);
  }
  return buckets;
}

/** One rule type's money over a period, summed (a GROUP BY over OrderMoney). */
export interface MoneyGroup extends MoneySplit {
  ruleKey: string | null;
}

/** Adds `split` to the group of `key` in `groups`, made for `ruleKey` when it is the first. */
export function addToMoneyGroup<Key>(
  groups: Map<Key, MoneyGroup>,
  key: Key,
  ruleKey: string | null,
  split: MoneySplit,
): void {
  const group = groups.get(key) ?? { ruleKey, stoppedCents: 0, recoveredCents: 0, flaggedCents: 0 };
  group.stoppedCents += split.stoppedCents;
  group.recoveredCents += split.recoveredCents;
  group.flaggedCents += split.flaggedCents;
  groups.set(key, group);
}

/** Checkouts blocked under one rule key over a period (a GROUP BY over the events). */
export interface BlockGroup {
  ruleKey: string | null;
  count: number;
}

/** One bucket of the chart, summed. */
export interface BucketTotal extends MoneySplit {
  label: string;
  axisLabel: string;
  blocks: number;
}

/**
 * What the service's aggregate queries compute, from the rows themselves: each order's or
 * checkout's money (counted in the period of its `at`) and the blocked checkouts' times.
 */
export function aggregateMoney(
  rows: (MoneySplit & { ruleKey: string | null; at: Date })[],
  blocked: { ruleKey: string | null; createdAt: Date }[],
  buckets: Bucket[],
): { money: MoneyGroup[]; blocks: BlockGroup[]; bucketTotals: BucketTotal[] } {
  const money = new Map<string | null, MoneyGroup>();
  for (const row of rows) {
    addToMoneyGroup(money, row.ruleKey, row.ruleKey, row);
  }
  const blocks = new Map<string | null, number>();
  for (const block of blocked) blocks.set(block.ruleKey, (blocks.get(block.ruleKey) ?? 0) + 1);
  const inside = (at: Date, bucket: Bucket) => at >= bucket.start && at < bucket.end;
  return {
    money: [...money.values()],
    blocks: [...blocks].map(([ruleKey, count]) => ({ ruleKey, count })),
    bucketTotals: buckets.map((bucket) => ({
      label: bucket.label,
      axisLabel: bucket.axisLabel,
      ...moneyTotals(rows.filter((row) => inside(row.at, bucket))),
      blocks: blocked.filter((block) => inside(block.createdAt, bucket)).length,
    })),
  };
}

/**
 * Whole percentages of `parts` that add up to exactly 100 (largest remainder); all 0 when
 * nothing was saved.
 */
export function percentagesOf(parts: number[]): number[] {
  const total = parts.reduce((sum, part) => sum + part, 0);
  if (total <= 0) return parts.map(() => 0);
  const exact = parts.map((part) => (part / total) * 100);
  const floors = exact.map(Math.floor);
  let missing = 100 - floors.reduce((sum, value) => sum + value, 0);
  const byRemainder = exact.map((value, index) => ({ index, remainder: value - Math.floor(value) }));
  byRemainder.sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (missing <= 0) break;
    floors[index] += 1;
    missing -= 1;
  }
  return floors;
}

export interface RuleTypeSaving {
  type: string;
  /** stopped + recovered */
  savedCents: number;
  flaggedCents: number;
  blocks: number;
  /** share of the period's saved */
  percentage: number;
}

export interface TimeframeSaving {
  period: string;
  /** the period short, for the chart's axis */
  axisLabel: string;
  savedCents: number;
  flaggedCents: number;
  blocks: number;
}

export interface RoiFigures extends RoiSummary {
  byRuleType: RuleTypeSaving[];
  byTimeframe: TimeframeSaving[];
  /** this period's saving at its rate so far, for a 30-day month */
  monthlyRateCents: number;
  /** the monthly rate × 12 */
  annualProjectionCents: number;
}

/**
 * The figures of one period (docs/product.md#what-the-figures-count): saved (stopped by
 * blocked checkouts + recovered from held orders), flagged (overage on orders that went
 * through), each order once; blocks, alerts delivered, the cost of the period; savings by
 * rule type (percentages of saved adding up to 100) and over time; the projection of saved
 * from the rate so far.
 */
export function roiFigures(input: {
  money: MoneyGroup[];
  blocks: BlockGroup[];
  bucketTotals: BucketTotal[];
  /** the orders counted with flagged money in the period (each once) */
  flaggedOrders: number;
  alertsSent: number;
  subscriptionCostCents: number;
  elapsedDays: number;
}): RoiFigures {
  const money = moneyTotals(input.money);
  const blockedCheckouts = input.blocks.reduce((sum, group) => sum + group.count, 0);
  const byType = new Map<string, { savedCents: number; flaggedCents: number; blocks: number }>();
  const entry = (ruleKey: string | null, fallback: string) => {
    const type = ruleKey ?? fallback;
    const found = byType.get(type) ?? { savedCents: 0, flaggedCents: 0, blocks: 0 };
    byType.set(type, found);
    return found;
  };
  for (const group of input.money) {
    const found = entry(group.ruleKey, "other");
    found.savedCents += moneyTotals([group]).savedCents;
    found.flaggedCents += group.flaggedCents;
  }
  for (const group of input.blocks) entry(group.ruleKey, "checkout_blocking").blocks += group.count;
  const types = [...byType.entries()].sort(
    (a, b) => b[1].savedCents - a[1].savedCents || b[1].flaggedCents - a[1].flaggedCents || a[0].localeCompare(b[0]),
  );
  const percentages = percentagesOf(types.map(([, found]) => found.savedCents));
  const monthlyRateCents = Math.round((money.savedCents * 30) / Math.max(1, input.elapsedDays));
  return {
    ...roiSummary({
      money,
      flaggedOrders: input.flaggedOrders,
      blockedCheckouts,
      alertsSent: input.alertsSent,
      subscriptionCostCents: input.subscriptionCostCents,
    }),
    byRuleType: types.map(([type, found], index) => ({ type, ...found, percentage: percentages[index] ?? 0 })),
    byTimeframe: input.bucketTotals.map((bucket) => ({
      period: bucket.label,
      axisLabel: bucket.axisLabel,
      savedCents: moneyTotals([bucket]).savedCents,
      flaggedCents: bucket.flaggedCents,
      blocks: bucket.blocks,
    })),
    monthlyRateCents,
    annualProjectionCents: monthlyRateCents * 12,
  };
}
