/** ROI periods (docs/product.md#roi-dashboard); where each begins and ends is app/domain/roi/roi-report.ts. */

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

/** How each period reads after a verb, on a figure that names its period: "No orders counted this month". */
export const ROI_RANGE_PHRASES: Record<RoiRange, string> = {
  this_week: "this week",
  this_month: "this month",
  this_quarter: "this quarter",
  this_year: "this year",
};

/** The previous period's name, in a card's comparison line. */
export const PREVIOUS_RANGE_LABELS: Record<RoiRange, string> = {
  this_week: "Last week",
  this_month: "Last month",
  this_quarter: "Last quarter",
  this_year: "Last year",
};

/** What one bar of the ROI chart covers in each period. */
export const ROI_BUCKET_NAMES: Record<RoiRange, string> = {
  this_week: "day",
  this_month: "day",
  this_quarter: "week",
  this_year: "month",
};
