/**
 * Money is kept in integer cents, percentages as numbers from 0 to 100 (docs/product.md#entities).
 * This module holds every conversion between them and every format of money, thresholds and
 * counts (docs/architecture.md#counts-and-money); nothing else divides by 100 or calls
 * toLocaleString (eslint.config.js refuses both).
 *
 * The locale is en-US, the one the app's copy is written in (the dates use the same one:
 * SHOP_LOCALE in app/domain/dates.ts): "$1,234.50", "1,234", "-$5.00".
 *
 * The Functions (extensions/) bundle parts of this module and run without Intl: the formats
 * made with Intl build their formatters on first use, so a bundle that does not call them
 * names no Intl, and centsToDecimal and formatCentsWithoutIntl use none.
 */

const LOCALE = "en-US";

// ---------------------------------------------------------------- conversions

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** 15 → 0.15: a percentage as the share it takes. */
export function percentToFraction(percent: number): number {
  return percent / 100;
}

/** `percent` % of `cents`, rounded to whole cents: percentOfCents(1999, 15) = 300. */
export function percentOfCents(cents: number, percent: number): number {
  return Math.round((cents * percent) / 100);
}

/** 250 basis points → 2.5 %. */
export function basisPointsToPercent(basisPoints: number): number {
  return basisPoints / 100;
}

/** 12.345 → 12.35, 30 → 30: a number kept to at most two decimals. */
export function roundToHundredths(value: number): number {
  return Math.round(value * 100) / 100;
}

// ---------------------------------------------------------------- formats without Intl

const finiteOrZero = (value: number | null | undefined): number =>
  typeof value === "number" && Number.isFinite(value) ? value : 0;

/** Thousands grouped with commas: "1234567" → "1,234,567". */
const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** Whole cents (half a cent away from zero), split into sign, dollars and the two cent digits. */
function centsParts(cents: number): { negative: boolean; units: number; hundredths: string } {
  const whole = Math.round(Math.abs(finiteOrZero(cents)));
  return {
    negative: cents < 0 && whole > 0,
    units: Math.floor(whole / 100),
    hundredths: String(whole % 100).padStart(2, "0"),
  };
}

/**
 * Cents as a plain decimal with 2 decimals, no symbol and no grouping: "1234.50", "-0.05",
 * "0.00". For inputs, CSV cells, webhook and API bodies, and Shopify payloads. Half a cent
 * rounds away from zero; anything not a finite number is "0.00".
 */
export function centsToDecimal(cents: number): string {
  const { negative, units, hundredths } = centsParts(cents);
  return `${negative ? "-" : ""}${units}.${hundredths}`;
}

/**
 * Display money where there is no Intl (the Discount Function): "$1,234.50" in USD, as
 * formatCents writes it, and "1,234.50 EUR" in any other currency, whose symbol only Intl knows.
 */
export function formatCentsWithoutIntl(cents: number, currency = "USD"): string {
  const { negative, units, hundredths } = centsParts(cents);
  const amount = `${grouped(String(units))}.${hundredths}`;
  if (currency === "USD") return `${negative ? "-" : ""}$${amount}`;
  return `${negative ? "-" : ""}${amount} ${currency}`;
}

// ---------------------------------------------------------------- formats with Intl

const formats = new Map<string, Intl.NumberFormat>();

/** Number formats are costly to build: each is made once, on first use. */
function numberFormat(key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const kept = formats.get(key);
  if (kept) return kept;
  const format = new Intl.NumberFormat(LOCALE, options);
  formats.set(key, format);
  return format;
}

/**
 * Display money, the one style of the screens, alerts and digests: "$1,234.50", "-$5.00",
 * "€12.00", with 2 decimals (docs/product.md#entities). Missing or not finite is "$0.00".
 */
export function formatCents(cents: number | null | undefined, currency = "USD"): string {
  const format = numberFormat(`money ${currency}`, {
    style: "currency",
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return format.format(finiteOrZero(cents) / 100);
}

/**
 * Display money in whole units, for prices and figures that have no cents and for a chart's
 * axis: "$1,008", "$29"; "compact" writes "$12K".
 */
export function formatWholeMoney(
  cents: number,
  currency = "USD",
  notation: "standard" | "compact" = "standard",
): string {
  const format = numberFormat(`whole money ${currency} ${notation}`, {
    style: "currency",
    currency,
    maximumFractionDigits: 0,
    notation,
  });
  return format.format(finiteOrZero(cents) / 100);
}

const wholeNumber = () => numberFormat("whole", { maximumFractionDigits: 0 });

/** A count as shown: "1,234"; not finite is "0". */
export function formatCount(count: number): string {
  return wholeNumber().format(finiteOrZero(count));
}

/** A discount or margin percent with 1 decimal: "33.3%"; missing or not finite is "0.0%". */
export function formatPercent(value: number | null | undefined): string {
  return `${finiteOrZero(value).toFixed(1)}%`;
}

/** A whole percent, grouped: "7,789%", "-100%" (the return on the subscription). */
export function formatWholePercent(percent: number): string {
  return `${wholeNumber().format(finiteOrZero(percent))}%`;
}

/**
 * A rule's threshold as shown (docs/product.md#rules): a percent as entered, "30%" or "12.5%";
 * an amount (in cents) as display money, "$50.00". Not finite is "0%" or "$0.00".
 */
export function formatThresholdValue(unit: "PERCENT" | "AMOUNT", value: number, currency = "USD"): string {
  return unit === "PERCENT" ? `${finiteOrZero(value)}%` : formatCents(value, currency);
}
