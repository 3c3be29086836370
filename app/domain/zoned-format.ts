/**
 * Formatters in a shop's time zone. An `Intl.DateTimeFormat` takes tens of microseconds to
 * make and next to nothing to use, and the order engine asks for one per breach when a shop
 * has quiet hours or digests: each locale, options and zone gets one, made once. An unknown
 * zone is read as UTC.
 */
import { LRUCache } from "lru-cache";

/** More zones and formats than any process meets; past it, the least recently used go. */
const KEPT = 1_000;

const knownZone = new LRUCache<string, boolean>({
  max: KEPT,
  memoMethod: (timeZone) => {
    try {
      new Intl.DateTimeFormat("en", { timeZone });
      return true;
    } catch {
      return false;
    }
  },
});

/** The zone itself when Intl knows it, else UTC. */
export function zoneOrUtc(timeZone: string): string {
  return knownZone.memo(timeZone) ? timeZone : "UTC";
}

interface FormatOf {
  locale: string;
  options: Intl.DateTimeFormatOptions;
  zone: string;
}

const formats = new LRUCache<string, Intl.DateTimeFormat, FormatOf>({
  max: KEPT,
  memoMethod: (_key, _stale, { context: { locale, options, zone } }) =>
    new Intl.DateTimeFormat(locale, { ...options, timeZone: zone }),
});

export function zonedFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions,
  timeZone: string,
): Intl.DateTimeFormat {
  const zone = zoneOrUtc(timeZone);
  return formats.memo(`${locale}|${zone}|${JSON.stringify(options)}`, { context: { locale, options, zone } });
}
