/**
 * Date formatting in a shop's time zone. The formatters and the zone check live in
 * ./zoned-format; the admin's one date and time format in ./dates.
 */
import { formatShopDateTime } from "./dates";

export { zoneOrUtc, zonedFormat } from "./zoned-format";

/** "Nov 24, 2026, 6:30 AM" in the shop's time zone (alert messages and the delivery log): the admin's one format. */
export function shopLocalTime(iso: string, timeZone: string): string {
  return formatShopDateTime(iso, { timeZone });
}
