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
  label: string;
  start: Date;
  end: Date;
}

/** The chart's buckets: days of a week or month, weeks of a quarter, months of a year. */
export function timeframeBuckets(range: RoiRange, period: Period, timeZone: string): Bucket[] {
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
  while (cursor.getTime() < period.end.getTime()) {
    const next = step(cursor);
    const end = Math.min(next.getTime(), period.end.getTime());
    buckets.push({ label: label(cursor), start: new Date(cursor.getTime()), end: new Date(end) });
    cursor = range === "this_quarter" ? next : startOfDay(next);
  }
  return buckets;
}

/** An event that protected margin: a breach (alerts) or a blocked checkout. */
export interface SavingEvent {
  createdAt: Date;
  eventType: string;
  ruleKey: string | null;
  marginSavedCents: number | null;
}

/** Events of one rule key and event type, summed (what a GROUP BY gives). */
export interface SavingGroup {
  ruleKey: string | null;
  eventType: string;
  count: number;
  savedCents: number;
}

/** One bucket of the chart, summed. */
export interface BucketTotal {
  label: string;
  savedCents: number;
  blocks: number;
}

const BLOCKED = "checkout_blocked";

/** What the service's aggregate queries compute, from the events themselves. */
export function aggregateSavings(
  events: SavingEvent[],
  buckets: Bucket[],
): { groups: SavingGroup[]; bucketTotals: BucketTotal[] } {
  const groups = new Map<string, SavingGroup>();
  for (const event of events) {
    const key = `${event.ruleKey}|${event.eventType}`;
    const group = groups.get(key) ?? { ruleKey: event.ruleKey, eventType: event.eventType, count: 0, savedCents: 0 };
    group.count += 1;
    group.savedCents += event.marginSavedCents ?? 0;
    groups.set(key, group);
  }
  const bucketTotals = buckets.map((bucket) => {
    const inside = events.filter((event) => event.createdAt >= bucket.start && event.createdAt < bucket.end);
    return {
      label: bucket.label,
      savedCents: inside.reduce((sum, event) => sum + (event.marginSavedCents ?? 0), 0),
      blocks: inside.filter((event) => event.eventType === BLOCKED).length,
    };
  });
  return { groups: [...groups.values()], bucketTotals };
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
  savedCents: number;
  blocks: number;
  percentage: number;
}

export interface TimeframeSaving {
  period: string;
  savedCents: number;
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
 * The figures of one period from its events: value protected (the discount above the limit,
 * on flagged orders and on blocked checkouts), blocks, alerts delivered, the cost of the
 * period, savings by rule type (percentages adding up to 100) and over time, and the
 * projection from the rate so far.
 */
export function roiFigures(input: {
  groups: SavingGroup[];
  bucketTotals: BucketTotal[];
  alertsSent: number;
  subscriptionCostCents: number;
  elapsedDays: number;
}): RoiFigures {
  const savedCents = input.groups.reduce((sum, group) => sum + group.savedCents, 0);
  const blocks = (group: SavingGroup) => (group.eventType === BLOCKED ? group.count : 0);
  const blockedCheckouts = input.groups.reduce((sum, group) => sum + blocks(group), 0);
  const byType = new Map<string, { savedCents: number; blocks: number }>();
  for (const group of input.groups) {
    const type = group.ruleKey ?? (group.eventType === BLOCKED ? "checkout_blocking" : "other");
    const entry = byType.get(type) ?? { savedCents: 0, blocks: 0 };
    entry.savedCents += group.savedCents;
    entry.blocks += blocks(group);
    byType.set(type, entry);
  }
  const types = [...byType.entries()].sort((a, b) => b[1].savedCents - a[1].savedCents || a[0].localeCompare(b[0]));
  const percentages = percentagesOf(types.map(([, entry]) => entry.savedCents));
  const monthlyRateCents = Math.round((savedCents * 30) / Math.max(1, input.elapsedDays));
  return {
    ...roiSummary({
      savedCents,
      blockedCheckouts,
      alertsSent: input.alertsSent,
      subscriptionCostCents: input.subscriptionCostCents,
    }),
    byRuleType: types.map(([type, entry], index) => ({ type, ...entry, percentage: percentages[index] ?? 0 })),
    byTimeframe: input.bucketTotals.map((bucket) => ({
      period: bucket.label,
      savedCents: bucket.savedCents,
      blocks: bucket.blocks,
    })),
    monthlyRateCents,
    annualProjectionCents: monthlyRateCents * 12,
  };
}
