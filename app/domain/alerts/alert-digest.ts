/**
 * Digests (docs/product.md#alerts, docs/architecture.md#an-order-webhook-to-a-delivered-alert): hourly and daily
 * alerts, and immediate ones held by the quiet hours, are sent as one message per channel when
 * their period ends: counts by rule and by severity, the worst 10 breaches, and the money of
 * their orders as the ROI counts it (docs/product.md#what-the-figures-count): saved (held, then
 * cancelled or edited down) and flagged (went through), each order once. When a period ends is a cron schedule in the shop's time zone
 * (croner computes it, DST included). Pure: the time is passed in.
 */
import { Cron } from "croner";
import { LRUCache } from "lru-cache";
import type { AlertEvent } from "./alert-event";
import { inQuietHours, quietHoursEnd, type QuietHours } from "./quiet-hours";
import { SEVERITIES, type Severity } from "../severity";
import type { MoneyRow } from "../monitoring/order-money";
import { zoneOrUtc } from "../time-zones";

export type DigestFrequency = "hourly" | "daily";
/** Why alerts were held: their frequency, or the quiet hours. */
export type HeldFor = DigestFrequency | "quiet_hours";

/** On the hour; every day at 09:00, in the shop's time zone. */
export const DIGEST_SCHEDULES: Record<DigestFrequency, string> = { hourly: "0 * * * *", daily: "0 9 * * *" };
export const DAILY_DIGEST_TIME = "09:00";
export const DIGEST_WORST = 10;

/** One schedule per frequency and zone, made once: the engine asks for one per held breach. */
const schedules = new LRUCache<string, Cron, { frequency: DigestFrequency; zone: string }>({
  max: 1_000,
  memoMethod: (_key, _stale, { context: { frequency, zone } }) =>
    new Cron(DIGEST_SCHEDULES[frequency], { timezone: zone, paused: true }),
});

function scheduleOf(frequency: DigestFrequency, timeZone: string): Cron {
  const zone = zoneOrUtc(timeZone);
  return schedules.memo(`${frequency}|${zone}`, { context: { frequency, zone } });
}

/** The end of the digest period that holds `at`: the schedule's next run after it. */
export function nextDigestAt(frequency: DigestFrequency, at: Date, timeZone: string): Date {
  const next = scheduleOf(frequency, timeZone).nextRun(at);
  if (!next) throw new Error(`No next run for the ${frequency} digest`);
  return next;
}

/**
 * When a held alert is released: at the end of its digest period, moved to the end of the
 * quiet hours when that falls inside them (a digest never wakes anyone either).
 */
export function digestReleaseAt(
  frequency: DigestFrequency,
  at: Date,
  timeZone: string,
  quietHours: QuietHours | null,
): Date {
  const end = nextDigestAt(frequency, at, timeZone);
  return quietHours && inQuietHours(quietHours, end, timeZone) ? quietHoursEnd(quietHours, end, timeZone) : end;
}

/** One breach as a digest lists it. */
export type DigestEntry = Pick<
  AlertEvent,
  | "id"
  | "severity"
  | "message"
  | "orderId"
  | "orderName"
  | "discountCodes"
  | "discountPercent"
  | "totalDiscountCents"
  | "overLimitCents"
  | "currency"
  | "ruleName"
  | "threshold"
  | "gap"
> & { createdAt: string };

export interface Digest {
  kind: "digest";
  heldFor: HeldFor;
  /** the shop's, for the times the message shows */
  timeZone: string;
  /** the first breach's time and the release time, ISO */
  from: string;
  to: string;
  total: number;
  bySeverity: Record<Severity, number>;
  /** most breaches first */
  byRule: { rule: string; count: number }[];
  /**
   * flagged money per currency, largest first: what the ROI counts as flagged for these orders
   * now (went through with a breach; each order once, never more than its discount)
   */
  overLimit: { currency: string; cents: number }[];
  /**
   * saved money per currency, largest first: what the ROI counts as saved for these orders now
   * (held, then cancelled or edited down); absent in digests made before it was counted
   */
  saved?: { currency: string; cents: number }[];
  worst: DigestEntry[];
}

function rank(event: AlertEvent): [number, number, number] {
  return [SEVERITIES.indexOf(event.severity), event.overLimitCents ?? 0, event.discountPercent ?? 0];
}

function worseFirst(a: AlertEvent, b: AlertEvent): number {
  const [left, right] = [rank(a), rank(b)];
  for (let index = 0; index < left.length; index += 1) {
    if (left[index] !== right[index]) return right[index] - left[index];
  }
  return a.createdAt.getTime() - b.createdAt.getTime();
}

function entryOf(event: AlertEvent): DigestEntry {
  return {
    id: event.id,
    severity: event.severity,
    message: event.message,
    orderId: event.orderId,
    orderName: event.orderName,
    discountCodes: event.discountCodes,
    discountPercent: event.discountPercent,
    totalDiscountCents: event.totalDiscountCents,
    overLimitCents: event.overLimitCents ?? null,
    currency: event.currency,
    ruleName: event.ruleName,
    threshold: event.threshold,
    createdAt: event.createdAt.toISOString(),
    ...(event.gap ? { gap: event.gap } : {}),
  };
}

/** One order's money as the ROI counts it (its OrderMoney row). */
export type DigestMoney = Pick<MoneyRow, "subject" | "currency" | "stoppedCents" | "recoveredCents" | "flaggedCents">;

function byCurrency(totals: Map<string, number>): { currency: string; cents: number }[] {
  return [...totals]
    .map(([currency, cents]) => ({ currency, cents }))
    .sort((a, b) => b.cents - a.cents || a.currency.localeCompare(b.currency));
}

/**
 * The digest of the breaches held for one period and channel. `money`: the OrderMoney rows of
 * their orders (others are ignored): the digest's saved and flagged are theirs, so a digest, the
 * Dashboard and the ROI tell the same figures (docs/product.md#what-the-figures-count).
 */
export function digestOf(
  events: AlertEvent[],
  heldFor: HeldFor,
  releasedAt: Date,
  timeZone: string,
  money: Iterable<DigestMoney>,
): Digest {
  if (events.length === 0) throw new Error("A digest needs at least one breach");
  const bySeverity = Object.fromEntries(SEVERITIES.map((severity) => [severity, 0])) as Record<Severity, number>;
  const rules = new Map<string, number>();
  for (const event of events) {
    bySeverity[event.severity] += 1;
    const rule = event.ruleName ?? "Other";
    rules.set(rule, (rules.get(rule) ?? 0) + 1);
  }
  // saved and flagged as the ROI counts them, each order once (docs/product.md#what-the-figures-count)
  const orders = new Set(events.flatMap((event) => (event.orderId ? [event.orderId] : [])));
  const flagged = new Map<string, number>();
  const saved = new Map<string, number>();
  const seen = new Set<string>();
  for (const row of money) {
    if (!orders.has(row.subject) || seen.has(row.subject)) continue;
    seen.add(row.subject);
    flagged.set(row.currency, (flagged.get(row.currency) ?? 0) + row.flaggedCents);
    saved.set(row.currency, (saved.get(row.currency) ?? 0) + row.stoppedCents + row.recoveredCents);
  }
  const first = Math.min(...events.map((event) => event.createdAt.getTime()));
  return {
    kind: "digest",
    heldFor,
    timeZone: zoneOrUtc(timeZone),
    from: new Date(first).toISOString(),
    to: releasedAt.toISOString(),
    total: events.length,
    bySeverity,
    byRule: [...rules]
      .map(([rule, count]) => ({ rule, count }))
      .sort((a, b) => b.count - a.count || a.rule.localeCompare(b.rule)),
    overLimit: byCurrency(flagged),
    saved: byCurrency(saved),
    worst: [...events].sort(worseFirst).slice(0, DIGEST_WORST).map(entryOf),
  };
}
