/**
 * Date formatting and day boundaries in a shop's time zone. The formatters and the zone check
 * live in ./zoned-format; the admin's one date and time format in ./dates.
 */
import { TZDate } from "@date-fns/tz";
import { startOfDay, subDays } from "date-fns";
import { formatShopDateTime } from "./dates";
import { zoneOrUtc } from "./zoned-format";

export { zoneOrUtc, zonedFormat } from "./zoned-format";

/** "Nov 24, 2026, 6:30 AM" in the shop's time zone (alert messages and the delivery log): the admin's one format. */
export function shopLocalTime(iso: string, timeZone: string): string {
  return formatShopDateTime(iso, { timeZone });
}

/**
 * The shop's midnight that starts the day of `at` in its time zone, or the day `daysBefore`
 * calendar days earlier (docs/product.md#dates-and-times): every period the screens name (the
 * Dashboard's 30 days, the ROI periods, the orders behind a figure) starts at one, never at UTC's.
 * A day that changes the clocks is still one day, of 23 or 25 hours.
 */
export function shopMidnight(at: Date | number, timeZone: string, daysBefore = 0): Date {
  const local = new TZDate(new Date(at).getTime(), zoneOrUtc(timeZone));
  return new Date(startOfDay(subDays(local, daysBefore)).getTime());
}
