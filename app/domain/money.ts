/** Money is kept in integer cents; these are the only conversions and formats. */

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** "$1,234.50"; amounts are shown with 2 decimals in dollars (docs/product.md#entities). */
export function formatCents(cents: number | null | undefined, currency = "USD"): string {
  const value = typeof cents === "number" && Number.isFinite(cents) ? cents / 100 : 0;
  return formatterFor(currency).format(value);
}

const formatters = new Map<string, Intl.NumberFormat>();

/** Number formats are costly to build; one per currency is kept. */
function formatterFor(currency: string): Intl.NumberFormat {
  const cached = formatters.get(currency);
  if (cached) return cached;
  const formatter = new Intl.NumberFormat("en-US", {
    style: "currency",
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  formatters.set(currency, formatter);
  return formatter;
}

/** Discount percent is shown with 1 decimal. */
export function formatPercent(value: number | null | undefined): string {
  const number = typeof value === "number" && Number.isFinite(value) ? value : 0;
  return `${number.toFixed(1)}%`;
}
