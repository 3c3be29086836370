/** How rules read in lists (docs/product.md#rules). */
import { dollarsToCents, formatThresholdValue } from "../money";

export const RULE_TYPE_LABELS: Record<string, string> = {
  max_discount: "Maximum Discount (%)",
  max_discount_amount: "Maximum Discount ($)",
  margin_floor: "Margin Floor",
  stacking_prevention: "Stacking Prevention",
  collection_rule: "Collection Rule",
  // the checkout rule's blocks (app/domain/checkout/checkout-events.ts)
  checkout_validation: "Checkout blocking",
  // an order that got past the code rules (app/domain/monitoring/protection-gaps.ts)
  code_rules: "Code rules",
};

/**
 * The type as the list shows it: a max_discount rule measured in money says so, instead of
 * passing for a percentage (docs/product.md#rule-semantics).
 */
export function ruleTypeLabel(ruleType: string, unit: string): string {
  if (ruleType === "max_discount" && unit === "AMOUNT") return "Maximum Discount (amount cap)";
  return RULE_TYPE_LABELS[ruleType] ?? ruleType;
}

export interface DisplayableRule {
  ruleType: string;
  threshold: string | number | null;
  thresholdAmountCents?: number | null;
  thresholdPercent?: number | null;
  thresholdUnit?: string | null;
  isActive: boolean;
  action: string;
  /** the plan that paused the rule, if one did */
  pausedByPlan?: string | null;
}

function finite(value: unknown): number | null {
  const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof number === "number" && Number.isFinite(number) ? number : null;
}

/** '{n}%' or display money ("$50.00"); an invalid value falls back to 0% or $0.00. */
export function formatThreshold(rule: DisplayableRule): string {
  // The unit decides; rules stored without one read as their type suggests.
  const percent =
    rule.ruleType === "margin_floor" ||
    (rule.thresholdUnit ? rule.thresholdUnit === "PERCENT" : rule.ruleType === "max_discount");
  if (percent) {
    const value = finite(rule.thresholdPercent) ?? finite(rule.threshold) ?? 0;
    return formatThresholdValue("PERCENT", value);
  }
  const cents =
    rule.thresholdAmountCents !== null && rule.thresholdAmountCents !== undefined
      ? (finite(rule.thresholdAmountCents) ?? 0)
      : dollarsToCents(finite(rule.threshold) ?? 0);
  return formatThresholdValue("AMOUNT", cents);
}

/** 'Inactive' when off, 'Block' when on with action block, otherwise 'Alert'. */
/** The badge of a rule a plan change paused (docs/product.md#plans). */
export const PAUSED_LABEL = "Paused by plan";

export function ruleStatusLabel(rule: Pick<DisplayableRule, "isActive" | "action" | "pausedByPlan">): string {
  if (!rule.isActive) return "Inactive";
  if (rule.pausedByPlan) return PAUSED_LABEL;
  return rule.action === "block" ? "Block" : "Alert";
}
