/** The ROI chart's series (docs/product.md#roi-dashboard): saved and flagged money, each a colour. */
export const CHART_SERIES = [
  { key: "savedCents", name: "Saved", color: "#29845a" },
  { key: "flaggedCents", name: "Flagged", color: "#b28400" },
] as const;

export type ChartSeries = (typeof CHART_SERIES)[number];

/**
 * The series the chart draws and its legend names: those with money in some bar of the period.
 * A legend key with no bar ("Saved" before anything was saved) would promise what is not there.
 */
export function seriesWithMoney(points: readonly Record<ChartSeries["key"], number>[]): ChartSeries[] {
  return CHART_SERIES.filter((series) => points.some((point) => point[series.key] > 0));
}
