/**
 * Formatters in a shop's time zone. An `Intl.DateTimeFormat` takes tens of microseconds to
 * make and next to nothing to use, and the order engine asks for one per breach when a shop
 * has quiet hours or digests: each locale, options and zone gets one, made once. An unknown
 * zone is read as UTC.
 */
import { keptValues } from "./kept-values";

/** More zones and formats than any process meets. */
const KEPT = 1_000;

const knownZone = keptValues<string, boolean>(KEPT);

/** The zone itself when Intl knows it, else UTC. */
export function zoneOrUtc(timeZone: string): string {
  const known = knownZone(timeZone, () => {
    try {
      new Intl.DateTimeFormat("en", { timeZone });
      return true;
    } catch {
      return false;
    }
  });
  return known ? timeZone : "UTC";
}

const format = keptValues<string, Intl.DateTimeFormat>(KEPT);

export function zonedFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions,
  timeZone: string,
): Intl.DateTimeFormat {
  const zone = zoneOrUtc(timeZone);
  return format(
    `${locale}|${zone}|${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(locale, { ...options, timeZone: zone }),
  );
}
