/**
 * Money rollups (docs/architecture.md#counts-and-money): per shop, local day (the shop's time zone)
 * and rule type, what OrderMoney's rows and the counted events add up to, so the ROI dashboard, the
 * Dashboard and `/api/roi/summary` read a few hundred rows instead of every order and event of a
 * period. Pure: what one write adds to the rollups, and what a period's rows add up to.
 */
import { addToMoneyGroup, type Bucket, type BlockGroup, type BucketTotal, type MoneyGroup } from "./roi-report";
import { moneyTotals, type MoneyRow, type MoneySplit } from "../monitoring/order-money";

/** The events the rollups count, as ROI shows them. */
export const ROLLUP_EVENT_TYPES = ["checkout_blocked", "alert_sent"] as const;

/** A rollup row's rule type when the money or block has none (the key column is never null). */
export const NO_RULE_KEY = "";

/** The counters of one rollup row (shop, day, rule type). */
export interface RollupCounts extends MoneySplit {
  /** OrderMoney rows counted that day */
  moneyRows: number;
  /** rows counted in saved (stopped or recovered > 0) */
  savedOrders: number;
  /** rows counted in flagged (flagged > 0) */
  flaggedOrders: number;
  blockedCheckouts: number;
  alertsSent: number;
}

export interface RollupRow extends RollupCounts {
  /** YYYY-MM-DD in the shop's time zone */
  day: string;
  ruleKey: string;
}

export const ZERO_COUNTS: RollupCounts = {
  moneyRows: 0,
  stoppedCents: 0,
  recoveredCents: 0,
  flaggedCents: 0,
  savedOrders: 0,
  flaggedOrders: 0,
  blockedCheckouts: 0,
  alertsSent: 0,
};

const COUNT_KEYS = Object.keys(ZERO_COUNTS) as (keyof RollupCounts)[];

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar day of `at` in `timeZone`, as YYYY-MM-DD (an unknown zone reads as UTC). */
export function localDay(at: Date | number, timeZone: string): string {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat("en-US", {
        timeZone,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        calendar: "gregory",
        numberingSystem: "latn",
      });
    } catch {
      formatter = new Intl.DateTimeFormat("en-US", {
        timeZone: "UTC",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
      });
    }
    formatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? "";
  return `${part("year").padStart(4, "0")}-${part("month")}-${part("day")}`;
}

/** What one OrderMoney row counts in its day's rollup. */
export function moneyCounts(row: MoneySplit): RollupCounts {
  return {
    ...ZERO_COUNTS,
    moneyRows: 1,
    stoppedCents: row.stoppedCents,
    recoveredCents: row.recoveredCents,
    flaggedCents: row.flaggedCents,
    savedOrders: row.stoppedCents > 0 || row.recoveredCents > 0 ? 1 : 0,
    flaggedOrders: row.flaggedCents > 0 ? 1 : 0,
  };
}

/** Adds `counts` times `sign` to the increment of (day, ruleKey) in `into`. */
function add(into: Map<string, RollupRow>, day: string, ruleKey: string | null, counts: RollupCounts, sign: 1 | -1) {
  const key = ruleKey ?? NO_RULE_KEY;
  const id = `${day}\u0000${key}`;
  const entry = into.get(id) ?? { day, ruleKey: key, ...ZERO_COUNTS };
  for (const name of COUNT_KEYS) entry[name] += sign * counts[name];
  into.set(id, entry);
}

/** Increments that change nothing are left out. */
function changing(rows: Iterable<RollupRow>): RollupRow[] {
  return [...rows].filter((row) => COUNT_KEYS.some((name) => row[name] !== 0));
}

/**
 * What OrderMoney upserts change in the rollups: each new row's contribution added, the stored
 * row's (if any) taken away. A stored row keeps its period (`at`), so both count on its day; the
 * rule type may change with an edit.
 */
export function moneyRowIncrements(
  writes: { stored: MoneyRow | null; next: MoneyRow }[],
  timeZone: string,
): RollupRow[] {
  const into = new Map<string, RollupRow>();
  for (const { stored, next } of writes) {
    const day = localDay((stored ?? next).at, timeZone);
    if (stored) add(into, day, stored.ruleKey, moneyCounts(stored), -1);
    add(into, day, next.ruleKey, moneyCounts(next), 1);
  }
  return changing(into.values());
}

/** What inserted events add to the rollups (events of other types add nothing). */
export function eventIncrements(
  events: { eventType: string; ruleKey: string | null; createdAt: Date | number }[],
  timeZone: string,
): RollupRow[] {
  const into = new Map<string, RollupRow>();
  for (const event of events) {
    const counts =
      event.eventType === "checkout_blocked"
        ? { ...ZERO_COUNTS, blockedCheckouts: 1 }
        : event.eventType === "alert_sent"
          ? { ...ZERO_COUNTS, alertsSent: 1 }
          : null;
    if (counts) add(into, localDay(event.createdAt, timeZone), event.ruleKey, counts, 1);
  }
  return changing(into.values());
}

/**
 * Rows grouped by a span of time (a 15-minute slot in a rebuild's query: every zone's offset and
 * change of offset falls on a quarter hour), folded into rollup rows by the local day the span
 * starts on.
 */
export function foldByDay(
  groups: { startsAt: number; ruleKey: string | null; counts: RollupCounts }[],
  timeZone: string,
): RollupRow[] {
  const into = new Map<string, RollupRow>();
  for (const group of groups) add(into, localDay(group.startsAt, timeZone), group.ruleKey, group.counts, 1);
  return changing(into.values());
}

/** Local days [first, end) as YYYY-MM-DD; no end: every day from `first` on. */
export interface DayRange {
  first: string;
  end: string | null;
}

/** A period's or bucket's days: [first, end) as YYYY-MM-DD in the zone. */
export function dayRange(span: { start: Date; end: Date }, timeZone: string): { first: string; end: string } {
  return { first: localDay(span.start, timeZone), end: localDay(span.end, timeZone) };
}

const ruleKeyOf = (key: string) => (key === NO_RULE_KEY ? null : key);

/**
 * What the service's aggregate queries over OrderMoney and the events computed, from the rollup
 * rows of some local days: money by rule type (a group for every rule type with a row of money),
 * blocks by rule type, alerts sent, and each chart bucket's totals.
 */
export function figuresFromRollups(
  rows: RollupRow[],
  days: DayRange,
  buckets: Bucket[],
  timeZone: string,
): { money: MoneyGroup[]; blocks: BlockGroup[]; alertsSent: number; bucketTotals: BucketTotal[] } {
  const inside = rows.filter((row) => row.day >= days.first && (days.end === null || row.day < days.end));
  const money = new Map<string, MoneyGroup>();
  const blocks = new Map<string, number>();
  let alertsSent = 0;
  for (const row of inside) {
    if (row.moneyRows > 0) addToMoneyGroup(money, row.ruleKey, ruleKeyOf(row.ruleKey), row);
    if (row.blockedCheckouts > 0) blocks.set(row.ruleKey, (blocks.get(row.ruleKey) ?? 0) + row.blockedCheckouts);
    alertsSent += row.alertsSent;
  }
  return {
    money: [...money.values()],
    blocks: [...blocks].map(([ruleKey, count]) => ({ ruleKey: ruleKeyOf(ruleKey), count })),
    alertsSent,
    bucketTotals: buckets.map((bucket) => {
      const days = dayRange(bucket, timeZone);
      const within = inside.filter((row) => row.day >= days.first && row.day < days.end);
      return {
        label: bucket.label,
        axisLabel: bucket.axisLabel,
        ...moneyTotals(within),
        blocks: within.reduce((sum, row) => sum + row.blockedCheckouts, 0),
      };
    }),
  };
}
