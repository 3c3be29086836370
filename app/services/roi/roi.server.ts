import type { PlanId } from "../../domain/billing/plans";
import type { RoiSummary } from "../../domain/roi/roi";
import { readRoi } from "./roi-reader.server";

/**
 * Blocked checkouts and alerts since an instant (the Dashboard's: a shop's midnight), and the money
 * of the orders counted since then
 * (saved and flagged, docs/product.md#what-the-figures-count), against what the plan costs over the
 * period's `periodDays` days: the Dashboard's summary, read as the ROI dashboard's figures are.
 */
export async function roiSince(
  shop: { id: string; plan: PlanId; timezone: string },
  since: Date,
  periodDays: number,
): Promise<RoiSummary> {
  const [figures] = await readRoi(shop, [
    { start: since, end: null, days: periodDays, elapsedDays: periodDays, buckets: [] },
  ]);
  // the summary's figures only: the Dashboard shows no chart, shares or projection
  const {
    byRuleType: _byRuleType,
    byTimeframe: _byTimeframe,
    monthlyRateCents: _rate,
    annualProjectionCents: _annual,
    ...summary
  } = figures;
  return summary;
}
