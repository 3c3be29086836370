// The discount hygiene audit: settings that let a promotion run longer, wider or deeper than meant.
/**
 * Discount hygiene (docs/product.md#discount-hygiene): each live or scheduled discount checked for
 * the settings the field's audits flag (no end date, active for long, no usage limit, no
 * once-per-customer limit on a code, 100 % off, items already on sale, combining with every class,
 * a code in a Rollout's treatment), each finding with its severity and the fix to make in Shopify.
 * Pure: the service reads the discounts and the shop's thresholds.
 */
import { discountLabel } from "./combining";
import type { PreflightDiscount } from "./types";

export type HygieneKind =
  | "no_end_date"
  | "active_too_long"
  | "no_usage_limit"
  | "no_once_per_customer"
  | "full_discount"
  | "on_sale_items"
  | "combines_with_every_class"
  | "code_in_rollout";

export type HygieneSeverity = "high" | "medium" | "low";

export interface HygieneFinding {
  discountId: string;
  title: string;
  kind: HygieneKind;
  /** what is wrong, in a sentence naming the discount */
  finding: string;
  severity: HygieneSeverity;
  /** what to change in Shopify's admin */
  fix: string;
}

/** The merchant's thresholds (docs/product.md#discount-hygiene); the defaults and their sources there. */
export interface HygieneThresholds {
  /** an active discount started longer ago than this many days is flagged */
  activeDays: number;
  /** a percentage at or above this is flagged as a whole-price giveaway */
  fullPercent: number;
}

/** Six weeks (Seguno's discount risk audit), and 100 % off (the same audit's "100 % off"). */
export const HYGIENE_DEFAULTS: HygieneThresholds = { activeDays: 42, fullPercent: 100 };

/** The bounds the settings take (a day to a year; 1 to 100 %). */
export const HYGIENE_LIMITS = {
  activeDays: { min: 1, max: 365 },
  fullPercent: { min: 1, max: 100 },
} as const;

const DAY_MS = 86_400_000;
const ORDER: Record<HygieneSeverity, number> = { high: 0, medium: 1, low: 2 };

/** The findings for one discount, most severe first (the list's order within one severity). */
export function hygieneOf(discount: PreflightDiscount, thresholds: HygieneThresholds, now: Date): HygieneFinding[] {
  const label = discountLabel(discount);
  const found: HygieneFinding[] = [];
  const add = (kind: HygieneKind, severity: HygieneSeverity, finding: string, fix: string) =>
    found.push({ discountId: discount.id, title: discount.title, kind, finding, severity, fix });
  const isCode = discount.method === "code";
  const value = discount.value;

  if (value.kind === "percentage" && value.percent >= thresholds.fullPercent) {
    add(
      "full_discount",
      "high",
      `${label} takes ${value.percent}% off`,
      "Check the value: lower it, or limit the discount to the customers and items meant to have it.",
    );
  }
  // a discount a serving Rollout makes live ends with the Rollout, not with dates of its own
  if (discount.endsAt === null && !discount.rollout) {
    add("no_end_date", "medium", `${label} has no end date`, "Set an end date.");
  }
  const started = discount.startsAt ? Date.parse(discount.startsAt) : NaN;
  if (
    discount.status === "ACTIVE" &&
    Number.isFinite(started) &&
    now.getTime() - started > thresholds.activeDays * DAY_MS
  ) {
    const days = Math.floor((now.getTime() - started) / DAY_MS);
    add(
      "active_too_long",
      "low",
      `${label} has been active for ${days} days, more than ${thresholds.activeDays}`,
      "End it, or confirm the promotion is still meant to run.",
    );
  }
  if (isCode && discount.usageLimit === null) {
    add(
      "no_usage_limit",
      discount.allBuyers ? "medium" : "low",
      `${label} has no limit on the number of times it can be used`,
      "Limit the total number of times it can be used.",
    );
  }
  if (isCode && !discount.appliesOncePerCustomer) {
    add(
      "no_once_per_customer",
      "low",
      `${label} can be used more than once by the same customer`,
      "Limit it to one use per customer.",
    );
  }
  if (discount.saleVariants !== undefined && discount.saleVariants > 0) {
    add(
      "on_sale_items",
      "medium",
      `${label} applies to ${discount.saleVariants === 1 ? "a variant" : `${discount.saleVariants} variants`} already on sale (a compare-at price above the price)`,
      "Leave the items on sale out of the discount, or end their sale price while it runs.",
    );
  }
  const withAll = discount.combinesWith;
  if (withAll.product && withAll.order && (withAll.shipping || discount.discountClass === "SHIPPING")) {
    add(
      "combines_with_every_class",
      "medium",
      `${label} combines with product, order and shipping discounts`,
      "Turn off the combinations it is not meant to stack with.",
    );
  }
  if (isCode && discount.rollout) {
    add(
      "code_in_rollout",
      "low",
      `${label} is a code in Rollout '${discount.rollout}': only buyers who have the code and are in the treatment get it, so the Rollout's split alone does not decide who does`,
      "Put an automatic discount in the Rollout's treatment, or run the code outside the Rollout.",
    );
  }
  return found.sort((a, b) => ORDER[a.severity] - ORDER[b.severity]);
}

/** The findings for every discount, most severe first; within a severity, in the list's order. */
export function hygieneAudit(
  discounts: readonly PreflightDiscount[],
  thresholds: HygieneThresholds,
  now: Date,
): HygieneFinding[] {
  return discounts
    .flatMap((discount) => hygieneOf(discount, thresholds, now))
    .sort((a, b) => ORDER[a.severity] - ORDER[b.severity]);
}
