/**
 * Date formatting in a shop's time zone. An `Intl.DateTimeFormat` takes tens of microseconds to
 * make and next to nothing to use, and the order engine asks for one per breach when a shop
 * has quiet hours or digests: each locale, options and zone gets one, made once. An unknown
 * zone is read as UTC.
 */

const formats = new Map<string, Intl.DateTimeFormat>();
/** More than any process meets; past it the cache starts again rather than grow. */
const FORMATS_KEPT = 1_000;

export function zonedFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions,
  timeZone: string,
): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    } catch {
      format = zonedFormat(locale, options, "UTC");
    }
    if (formats.size >= FORMATS_KEPT) formats.clear();
    formats.set(key, format);
  }
  return format;
}

const knownZones = new Map<string, boolean>();

/** The zone itself when Intl knows it, else UTC. */
export function zoneOrUtc(timeZone: string): string {
  let known = knownZones.get(timeZone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat("en", { timeZone });
      known = true;
    } catch {
      known = false;
    }
    if (knownZones.size >= FORMATS_KEPT) knownZones.clear();
    knownZones.set(timeZone, known);
  }
  return known ? timeZone : "UTC";
}

const SHOP_TIME: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" };

/** "24 Nov 2026, 06:30" in the shop's time zone (alert messages and the delivery log). */
export function shopLocalTime(iso: string, timeZone: string): string {
  return zonedFormat("en-GB", SHOP_TIME, timeZone).format(new Date(iso));
}
