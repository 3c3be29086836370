/**
 * ROI of the subscription from recorded events (docs/product.md#decisions, 10: never invented),
 * with money as app/domain/order-money.ts defines it (docs/decisions/0025-what-saved-means.md).
 */
import type { MoneyTotals } from "./order-money";

export interface RoiInput {
  money: MoneyTotals;
  blockedCheckouts: number;
  alertsSent: number;
  subscriptionCostCents: number;
}

export interface RoiSummary {
  /** stopped + recovered: what ROI divides by the cost */
  totalSavedCents: number;
  /** checkouts the deployed validation blocked, their overage */
  stoppedCents: number;
  /** held orders the merchant then cancelled or edited down */
  recoveredCents: number;
  /** overage on orders that went through with a breach: never part of saved */
  flaggedCents: number;
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
  const saved = input.money.savedCents;
  return {
    totalSavedCents: saved,
    stoppedCents: input.money.stoppedCents,
    recoveredCents: input.money.recoveredCents,
    flaggedCents: input.money.flaggedCents,
    blockedCheckouts: input.blockedCheckouts,
    alertsSent: input.alertsSent,
    subscriptionCostCents: cost,
    roi: cost > 0 ? Math.round((saved / cost) * 10) / 10 : null,
    roiPercentage: cost > 0 ? Math.round(((saved - cost) / cost) * 100) : null,
  };
}

/**
 * What a plan costs over a period of `days` days: its monthly price for every 30 days
 * (Shopify bills every 30 days), in cents. A year on Core is 365 × $29 / 30 = $352.83.
 */
export function subscriptionCostCents(monthlyPriceUsd: number, days: number): number {
  return Math.round((monthlyPriceUsd * 100 * days) / 30);
}
