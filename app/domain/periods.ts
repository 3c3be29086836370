/** ROI periods (docs/product.md#roi-dashboard); where each begins and ends is app/domain/roi-report.ts. */

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
