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
