/**
 * The one date and time format of the admin's screens: "Nov 24, 2026,
 * 4:11 PM" in the shop's time zone. Screens call `formatShopDateTime` with the zone their
 * loader read from the shop, never the browser's, so the server and the browser render the
 * same string and hydration never disagrees. The app's copy is English, so the locale is
 * `SHOP_LOCALE` unless a caller passes another one.
 */
import { zonedFormat } from "./zoned-format";

/** The locale of the app's copy; dates follow it so a line never mixes two conventions. */
export const SHOP_LOCALE = "en-US";

export interface ShopDateOptions {
  /** a BCP 47 locale; `SHOP_LOCALE` when left out */
  locale?: string;
  /** the shop's IANA zone (`Shop.timezone`); an unknown zone reads as UTC */
  timeZone: string;
}

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" };
const DATE_ONLY: Intl.DateTimeFormatOptions = { dateStyle: "medium" };

/**
 * ICU puts a narrow or non-breaking space before "PM" in some versions and not in others; a
 * plain space keeps Node's and the browser's strings identical.
 */
const plainSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

const toDate = (value: Date | string | number) => (value instanceof Date ? value : new Date(value));

/** "Nov 24, 2026, 4:11 PM" in the shop's zone. */
export function formatShopDateTime(value: Date | string | number, { locale, timeZone }: ShopDateOptions): string {
  return plainSpaces(zonedFormat(locale ?? SHOP_LOCALE, DATE_TIME, timeZone).format(toDate(value)));
}

/** "Nov 24, 2026" in the shop's zone, for days without a time. */
export function formatShopDate(value: Date | string | number, { locale, timeZone }: ShopDateOptions): string {
  return plainSpaces(zonedFormat(locale ?? SHOP_LOCALE, DATE_ONLY, timeZone).format(toDate(value)));
}
