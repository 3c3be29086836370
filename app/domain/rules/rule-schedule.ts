/**
 * A rule's status and schedule (docs/product.md#rules, docs/product.md#status-and-schedule):
 * `isActive` is the on/off switch, `testing` records breaches as would-have events only, and a
 * rule is in force only inside [startsAt, endsAt). Instants are stored in UTC and entered and
 * shown in the shop's time zone. Pure: the time is passed in.
 */
import { formatShopDateTime } from "../dates";
import { zonedFormat } from "../zoned-format";

export const RULE_STATUSES = ["active", "testing", "inactive"] as const;
export type RuleStatus = (typeof RULE_STATUSES)[number];

export const RULE_STATUS_LABELS: Record<RuleStatus, string> = {
  active: "Active",
  testing: "Testing",
  inactive: "Inactive",
};

export function isRuleStatus(value: unknown): value is RuleStatus {
  return typeof value === "string" && (RULE_STATUSES as readonly string[]).includes(value);
}

/** The API's status of a rule's two columns. */
export function ruleStatus(rule: { isActive: boolean; testing?: boolean | null }): RuleStatus {
  if (!rule.isActive) return "inactive";
  return rule.testing ? "testing" : "active";
}

/** The columns a status is stored as. */
export function statusColumns(status: RuleStatus): { isActive: boolean; testing: boolean } {
  return { isActive: status !== "inactive", testing: status === "testing" };
}

export interface RuleWindow {
  startsAt?: Date | null;
  endsAt?: Date | null;
}

/** In force at `at`: on or after its start (if any) and before its end (if any). */
export function inForce(window: RuleWindow, at: Date): boolean {
  const t = at.getTime();
  if (window.startsAt && t < window.startsAt.getTime()) return false;
  if (window.endsAt && t >= window.endsAt.getTime()) return false;
  return true;
}

export type SchedulePhase = "always" | "scheduled" | "running" | "ended";

export function schedulePhase(window: RuleWindow, now: Date): SchedulePhase {
  if (!window.startsAt && !window.endsAt) return "always";
  if (window.startsAt && now.getTime() < window.startsAt.getTime()) return "scheduled";
  if (window.endsAt && now.getTime() >= window.endsAt.getTime()) return "ended";
  return "running";
}

/** The next start or end after `now` among the windows (when what is in force changes), or null. */
export function nextBoundary(windows: RuleWindow[], now: Date): Date | null {
  let next: number | null = null;
  for (const window of windows) {
    for (const edge of [window.startsAt, window.endsAt]) {
      if (edge && edge.getTime() > now.getTime() && (next === null || edge.getTime() < next)) next = edge.getTime();
    }
  }
  return next === null ? null : new Date(next);
}

const PARTS: Intl.DateTimeFormatOptions = {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
};

/** The wall clock of `at` in the zone, as if it were UTC (milliseconds). */
function wallMs(at: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of zonedFormat("en-US", PARTS, timeZone).formatToParts(new Date(at))) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour % 24, parts.minute, parts.second);
}

/** The zone's offset from UTC at `at`, in milliseconds (east positive). */
export function offsetMs(at: number, timeZone: string): number {
  return wallMs(Math.floor(at / 1000) * 1000, timeZone) - Math.floor(at / 1000) * 1000;
}

const DAY_MS = 86_400_000;

/**
 * The instant a wall-clock time names in the zone. A time the clocks pass twice (the hour after
 * summer time ends) is its first occurrence; a time they skip (the hour summer time starts) is
 * moved on by the gap, as the clocks are (2:30 becomes 3:30).
 */
export function zonedToUtc(wall: number, timeZone: string): Date {
  const offsets = [...new Set([offsetMs(wall - DAY_MS, timeZone), offsetMs(wall + DAY_MS, timeZone)])];
  const valid = offsets.map((offset) => wall - offset).filter((t) => offsetMs(t, timeZone) === wall - t);
  if (valid.length > 0) return new Date(Math.min(...valid));
  // in the gap: the offset before the change, read on the clock after it
  return new Date(wall - offsets[0]);
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?)?$/;
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * An instant as the API or the dialog gives it: ISO 8601 with an offset (or Z) as written; a
 * date, or a date and time without an offset ("2026-11-27T00:00", the dialog's field), in the
 * shop's zone. Null when it is not a real date and time.
 */
export function parseScheduleInstant(value: string, timeZone: string): Date | null {
  const text = value.trim();
  if (WITH_OFFSET.test(text)) {
    const date = new Date(text);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  const match = LOCAL.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(wall);
  // 2026-02-30 or 25:00 are not dates
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) {
    return null;
  }
  return zonedToUtc(wall, timeZone);
}

const pad = (value: number, size = 2) => String(Math.abs(value)).padStart(size, "0");

/** "2026-11-27T00:00:00-05:00": the instant in the shop's zone, with its offset (the API's form). */
export function formatScheduleInstant(at: Date, timeZone: string): string {
  const offset = offsetMs(at.getTime(), timeZone);
  const wall = new Date(Math.floor(at.getTime() / 1000) * 1000 + offset);
  const minutes = Math.round(Math.abs(offset) / 60_000);
  const sign = offset < 0 ? "-" : "+";
  return (
    `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}` +
    `T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}` +
    `${sign}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`
  );
}

/** "2026-11-27T00:00": the value of the dialog's date-time field, in the shop's zone. */
export function localInputValue(at: Date | string | null | undefined, timeZone: string): string {
  if (!at) return "";
  return formatScheduleInstant(new Date(at), timeZone).slice(0, 16);
}

/**
 * What the Rules page says of a rule's status and schedule: "Testing", "Scheduled · starts Nov
 * 27, 2026, 12:00 AM" (" · Testing" after it when testing), "Active · ends …", "Ended Dec 2,
 * 2026, 12:00 AM", "Inactive".
 */
export function scheduleLabel(
  rule: { isActive: boolean; testing?: boolean | null; startsAt?: Date | string | null; endsAt?: Date | string | null },
  now: Date,
  timeZone: string,
): string {
  const window = {
    startsAt: rule.startsAt ? new Date(rule.startsAt) : null,
    endsAt: rule.endsAt ? new Date(rule.endsAt) : null,
  };
  const status = ruleStatus(rule);
  if (status === "inactive") return RULE_STATUS_LABELS.inactive;
  const testing = status === "testing" ? " · Testing" : "";
  const when = (at: Date) => formatShopDateTime(at, { timeZone });
  switch (schedulePhase(window, now)) {
    case "always":
      return RULE_STATUS_LABELS[status];
    case "scheduled":
      return `Scheduled · starts ${when(window.startsAt!)}${testing}`;
    case "ended":
      return `Ended ${when(window.endsAt!)}`;
    case "running":
      return window.endsAt ? `${RULE_STATUS_LABELS[status]} · ends ${when(window.endsAt)}` : RULE_STATUS_LABELS[status];
  }
}
