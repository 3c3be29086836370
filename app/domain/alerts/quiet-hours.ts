/**
 * Quiet hours: a daily window, in the shop's time zone, during which immediate alerts are
 * held and then sent together when it ends (docs/product.md#alerts). "22:00" to "08:00" spans
 * midnight. Pure: the time is passed in; the zone's rules (DST) come from Intl.
 */
import { zonedFormat } from "../time-zones";

export interface QuietHours {
  /** "HH:MM", 24-hour */
  start: string;
  end: string;
}

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function isClockTime(value: string): boolean {
  return TIME.test(value);
}

function minutesOf(time: string): number {
  const match = TIME.exec(time);
  if (!match) throw new Error(`Not a time of day: ${time}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

const CLOCK: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" };

/** Minutes since local midnight at `at` in `timeZone` (UTC when the zone is unknown). */
export function localMinutes(at: Date, timeZone: string): number {
  const parts = zonedFormat("en-GB", CLOCK, timeZone).formatToParts(at);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return value("hour") * 60 + value("minute");
}

/** True when `at` falls in the window [start, end) of the shop's local day. Equal ends: no window. */
export function inQuietHours(window: QuietHours | null, at: Date, timeZone: string): boolean {
  if (!window) return false;
  const start = minutesOf(window.start);
  const end = minutesOf(window.end);
  if (start === end) return false;
  const now = localMinutes(at, timeZone);
  return start < end ? now >= start && now < end : now >= start || now < end;
}

const MINUTE = 60_000;

/**
 * When the quiet hours that hold `at` end: the next instant whose local time is `end`. Across a
 * DST change the wall clock jumps, so the first guess is corrected by what the clock then reads;
 * an end time that a spring-forward skips becomes the first minute after the jump.
 */
export function quietHoursEnd(window: QuietHours, at: Date, timeZone: string): Date {
  const end = minutesOf(window.end);
  const wait = (end - localMinutes(at, timeZone) + 1440) % 1440 || 1440;
  let candidate = new Date(Math.floor(at.getTime() / MINUTE) * MINUTE + wait * MINUTE);
  for (let correction = 0; correction < 3; correction += 1) {
    const off = ((localMinutes(candidate, timeZone) - end + 720 + 1440) % 1440) - 720;
    if (off === 0) return candidate;
    candidate = new Date(candidate.getTime() - off * MINUTE);
  }
  // the local time `end` does not exist that day (skipped by DST): the first minute after it
  while (localMinutes(candidate, timeZone) < end && candidate.getTime() - at.getTime() < 2 * 1440 * MINUTE) {
    candidate = new Date(candidate.getTime() + MINUTE);
  }
  return candidate;
}
