/**
 * ROI of the subscription from recorded events (docs/product.md#decisions, 10: never invented),
 * with money as app/domain/monitoring/order-money.ts defines it (docs/product.md#what-the-figures-count).
 */
import { formatCount, formatWholePercent } from "../money";
import type { MoneyTotals } from "../monitoring/order-money";

export interface RoiInput {
  money: MoneyTotals;
  /** the orders counted with flagged money (each once): what a period with nothing saved names */
  flaggedOrders: number;
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
  /**
   * saved ÷ cost, a multiple; null on the Free plan. Kept for `/api/roi/summary`'s documented
   * shape only: the screens show one measure, `roiMeasure` (docs/product.md#roi-dashboard).
   */
  roi: number | null;
  /** (saved - cost) / cost in percent; null on the Free plan */
  roiPercentage: number | null;
  /** the one ROI the screens show, or why there is none */
  measure: RoiMeasure;
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
    measure: roiMeasure({
      savedCents: saved,
      flaggedCents: input.money.flaggedCents,
      flaggedOrders: input.flaggedOrders,
      blockedCheckouts: input.blockedCheckouts,
      subscriptionCostCents: cost,
    }),
  };
}

/**
 * ROI as the screens show it, one measure everywhere (docs/product.md#roi-dashboard):
 * the return on the subscription in percent, (saved − cost) ÷ cost, as docs/product.md#roi-dashboard
 * defines it, once something was saved. A period with no order or checkout counted has nothing to
 * measure, one with orders counted but nothing saved has no return yet (alerting saves nothing:
 * docs/product.md#what-the-figures-count), and a plan without a cost has nothing to divide by:
 * each says so in words, never "-100%" or "0%".
 */
export type RoiMeasure =
  | { kind: "percent"; percent: number }
  | { kind: "nothing-saved"; flaggedOrders: number; blockedCheckouts: number }
  | { kind: "nothing-counted" }
  | { kind: "no-cost" };

export function roiMeasure(input: {
  savedCents: number;
  flaggedCents: number;
  flaggedOrders: number;
  blockedCheckouts: number;
  subscriptionCostCents: number;
}): RoiMeasure {
  if (input.subscriptionCostCents <= 0) return { kind: "no-cost" };
  if (input.savedCents <= 0 && input.flaggedCents <= 0 && input.flaggedOrders <= 0 && input.blockedCheckouts <= 0)
    return { kind: "nothing-counted" };
  if (input.savedCents <= 0)
    return { kind: "nothing-saved", flaggedOrders: input.flaggedOrders, blockedCheckouts: input.blockedCheckouts };
  const cost = input.subscriptionCostCents;
  return { kind: "percent", percent: Math.round(((input.savedCents - cost) / cost) * 100) };
}

/**
 * The measure in words: "7,789%", "-40%" (saved less than the subscription cost), "Nothing saved
 * yet: 12 orders flagged", "No orders counted this month", "No subscription cost on Free".
 * `period` is how the figure's period reads after a verb: "this month", "in the last 30 days".
 */
export function roiText(measure: RoiMeasure, period: string): string {
  switch (measure.kind) {
    case "percent":
      return formatWholePercent(measure.percent);
    case "nothing-saved":
      return `Nothing saved yet: ${nothingSavedCounts(measure)}`;
    case "nothing-counted":
      return `No orders counted ${period}`;
    case "no-cost":
      return "No subscription cost on Free";
  }
}

/** "12 orders flagged", "1 order flagged, 2 checkouts blocked": what was counted instead. */
function nothingSavedCounts(measure: { flaggedOrders: number; blockedCheckouts: number }): string {
  const counted = (count: number, one: string, many: string, done: string) =>
    `${formatCount(count)} ${count === 1 ? one : many} ${done}`;
  const parts = [
    measure.flaggedOrders > 0 || measure.blockedCheckouts <= 0
      ? counted(measure.flaggedOrders, "order", "orders", "flagged")
      : null,
    measure.blockedCheckouts > 0 ? counted(measure.blockedCheckouts, "checkout", "checkouts", "blocked") : null,
  ];
  return parts.filter(Boolean).join(", ");
}

/**
 * What a plan costs over a period of `days` days: its monthly price for every 30 days
 * (Shopify bills every 30 days), in cents. A year on Core is 365 × $29 / 30 = $352.83.
 */
export function subscriptionCostCents(monthlyPriceUsd: number, days: number): number {
  return Math.round((monthlyPriceUsd * 100 * days) / 30);
}
