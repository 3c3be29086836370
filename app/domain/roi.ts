/** ROI of the subscription from recorded events (docs/product.md#decisions, 10: never invented). */

export interface RoiInput {
  savedCents: number;
  blockedCheckouts: number;
  alertsSent: number;
  subscriptionCostCents: number;
}

export interface RoiSummary {
  totalSavedCents: number;
  blockedCheckouts: number;
  alertsSent: number;
  subscriptionCostCents: number;
  /** value protected per dollar of subscription; null on the Free plan */
  roi: number | null;
  /** (saved - cost) / cost in percent; null on the Free plan */
  roiPercentage: number | null;
}

export function roiSummary(input: RoiInput): RoiSummary {
  const cost = input.subscriptionCostCents;
  return {
    totalSavedCents: input.savedCents,
    blockedCheckouts: input.blockedCheckouts,
    alertsSent: input.alertsSent,
    subscriptionCostCents: cost,
    roi: cost > 0 ? Math.round((input.savedCents / cost) * 10) / 10 : null,
    roiPercentage: cost > 0 ? Math.round(((input.savedCents - cost) / cost) * 100) : null,
  };
}

/**
 * What a plan costs over a period of `days` days: its monthly price for every 30 days
 * (Shopify bills every 30 days), in cents. A year on Core is 365 × $29 / 30 = $352.83.
 */
export function subscriptionCostCents(monthlyPriceUsd: number, days: number): number {
  return Math.round((monthlyPriceUsd * 100 * days) / 30);
}
