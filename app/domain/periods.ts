/** ROI periods (docs/product.md#roi-dashboard): where each one starts, as a UTC day "YYYY-MM-DD". */

export const ROI_RANGES = ["this_week", "this_month", "this_quarter", "this_year"] as const;
export type RoiRange = (typeof ROI_RANGES)[number];
export const DEFAULT_ROI_RANGE: RoiRange = "this_month";

export const ROI_RANGE_LABELS: Record<RoiRange, string> = {
  this_week: "This week",
  this_month: "This month",
  this_quarter: "This quarter",
  this_year: "This year",
};

export function toRoiRange(value: unknown): RoiRange {
  return (ROI_RANGES as readonly unknown[]).includes(value) ? (value as RoiRange) : DEFAULT_ROI_RANGE;
}

function day(year: number, monthIndex: number, date: number): string {
  return new Date(Date.UTC(year, monthIndex, date)).toISOString().slice(0, 10);
}

/** First UTC day of the range containing `now`; weeks start on Monday. */
export function rangeStartDay(range: RoiRange, now: Date): string {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  switch (range) {
    case "this_week": {
      const sinceMonday = (now.getUTCDay() + 6) % 7;
      return day(year, month, now.getUTCDate() - sinceMonday);
    }
    case "this_month":
      return day(year, month, 1);
    case "this_quarter":
      return day(year, month - (month % 3), 1);
    case "this_year":
      return day(year, 0, 1);
  }
}

/** Days in the whole range containing `now` (a week is 7; months, quarters and years by the calendar). */
export function rangeDays(range: RoiRange, now: Date): number {
  const start = new Date(`${rangeStartDay(range, now)}T00:00:00.000Z`);
  const end = new Date(start);
  if (range === "this_week") end.setUTCDate(end.getUTCDate() + 7);
  else end.setUTCMonth(end.getUTCMonth() + (range === "this_month" ? 1 : range === "this_quarter" ? 3 : 12));
  return Math.round((end.getTime() - start.getTime()) / 86_400_000);
}
