// Configuration risks of the live discounts: typo values, open codes, no end date, combining with everything.
import { formatCents } from "../money";
import { discountLabel } from "./combining";
import type { PreflightDiscount } from "./types";

export type RiskKind = "typo_value" | "no_usage_limit" | "no_end_date" | "combines_with_everything" | "not_modelled";

export interface Risk {
  kind: RiskKind;
  discountId: string;
  label: string;
  message: string;
}

/** The median of the carts' subtotals (0 without carts): what "a typical cart" means here. */
export function typicalCartCents(subtotals: number[]): number {
  if (subtotals.length === 0) return 0;
  const sorted = [...subtotals].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Percentages at or above this look like a typo (90 for 9, 100 for 10). */
export const TYPO_PERCENT = 90;

/** Configuration risks of the live discounts, in the order of the list. */
export function configurationRisks(discounts: PreflightDiscount[], typicalCents: number, currency: string): Risk[] {
  const risks: Risk[] = [];
  for (const discount of discounts) {
    const label = discountLabel(discount);
    const add = (kind: RiskKind, message: string) => risks.push({ kind, discountId: discount.id, label, message });
    const value = discount.value;
    if (value.kind === "unmodelled") {
      add("not_modelled", `${label}: ${value.reason}; the preflight does not value it`);
      continue;
    }
    if (value.kind === "percentage" && value.percent >= TYPO_PERCENT) {
      add("typo_value", `${label} takes ${value.percent}% off: a typo for ${Math.round(value.percent) / 10}%?`);
    }
    if (value.kind === "fixed" && typicalCents > 0 && value.amountCents > typicalCents) {
      add(
        "typo_value",
        `${label} takes ${formatCents(value.amountCents, currency)} off${value.eachItem ? " each item" : ""}, more than the typical cart (${formatCents(typicalCents, currency)})`,
      );
    }
    if (discount.method === "code" && discount.usageLimit === null && discount.allBuyers && discount.codesCount <= 1) {
      add(
        "no_usage_limit",
        `${label} is open to every customer and has no usage limit: once shared, anyone can use it`,
      );
    }
    // a discount a Rollout makes live ends with the Rollout, not with dates of its own
    if (discount.endsAt === null && value.kind !== "free_shipping" && !discount.rollout) {
      add("no_end_date", `${label} has no end date`);
    }
    const withAll = discount.combinesWith;
    if (withAll.product && withAll.order && withAll.shipping) {
      add("combines_with_everything", `${label} combines with product, order and shipping discounts`);
    }
  }
  return risks;
}
