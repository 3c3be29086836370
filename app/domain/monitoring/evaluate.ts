/**
 * Evaluates one order's discount facts against one rule (docs/product.md#rule-semantics). Pure: the
 * monitoring engine and the tests call it with facts and rules they already hold.
 */
import { discountCombinationLabel } from "./discount-kinds";
import type { OrderCostExtras } from "../costs/costs";
import { formatCents, formatPercent, formatThresholdValue, percentToFraction } from "../money";
import type { OrderFacts, OrderLineFacts } from "./order-facts";
import { severityFor, stackingSeverity, type Severity } from "../severity";

export interface EvaluableRule {
  id: string;
  name: string;
  /** max_discount | max_discount_amount | margin_floor | stacking_prevention */
  ruleType: string;
  thresholdUnit: string;
  thresholdPercent: number | null;
  thresholdAmountCents: number | null;
  /** set for collection rules: only the lines of this collection are tested */
  collectionId?: string | null;
  collectionLabel?: string | null;
  /** testing status: a breach is a rule_tested event only (docs/product.md#status-and-schedule) */
  testing?: boolean;
  /** in force only inside [startsAt, endsAt); absent or null: open on that side */
  startsAt?: Date | null;
  endsAt?: Date | null;
}

export interface StackingContext {
  enabled: boolean;
  blockedStacking: string[][];
}

export interface MarginFigures {
  marginPercent: number;
  revenueCents: number;
  /** unit costs, plus the fee and shipping when the cost model counts them */
  costCents: number;
  coveredLines: number;
  uncoveredLines: number;
  /** the cost model's parts (docs/product.md#costs): present when the shop counts fees or shipping */
  feeCents?: number;
  shippingCents?: number;
  costNote?: string;
}

export type RuleOutcome =
  | {
      breached: true;
      rule: EvaluableRule;
      severity: Severity;
      /** what was measured: percent, cents or a count of discounts */
      measured: number;
      threshold: number;
      unit: "PERCENT" | "AMOUNT" | "COUNT";
      discountPercent: number;
      totalDiscountCents: number;
      preDiscountSubtotalCents: number;
      /** margin the rule protects: how far the order went past the rule, in cents */
      marginSavedCents: number;
      margin: MarginFigures | null;
      message: string;
    }
  | {
      breached: false;
      rule: EvaluableRule;
      reason: "within_threshold" | "no_lines_in_scope" | "no_costs" | "no_stacking";
      margin: MarginFigures | null;
    };

function percentOf(part: number, whole: number): number {
  return whole > 0 ? (part / whole) * 100 : 0;
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

interface Scope {
  lines: OrderLineFacts[];
  subtotalCents: number;
  discountCents: number;
  prefix: string;
}

function scopeOf(facts: OrderFacts, rule: EvaluableRule): Scope {
  if (!rule.collectionId) {
    return {
      lines: facts.lines,
      subtotalCents: facts.preDiscountSubtotalCents,
      discountCents: facts.totalDiscountCents,
      prefix: `Order ${facts.orderName}`,
    };
  }
  const lines = facts.lines.filter((line) => line.collectionIds.includes(rule.collectionId!));
  return {
    lines,
    subtotalCents: lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0),
    discountCents: lines.reduce((sum, line) => sum + line.discountCents, 0),
    prefix: `${rule.collectionLabel || rule.collectionId} items in order ${facts.orderName}`,
  };
}

/**
 * Margin over the lines whose unit cost is known; the others are counted, never guessed. The
 * order's fee and shipping (the cost model's extras) count on the whole order only.
 */
export function marginOf(lines: OrderLineFacts[], extras?: OrderCostExtras | null): MarginFigures | null {
  const covered = lines.filter((line) => line.unitCostCents !== null);
  if (covered.length === 0) return null;
  const revenueCents = covered.reduce((sum, line) => sum + line.unitPriceCents * line.quantity - line.discountCents, 0);
  const costCents =
    covered.reduce((sum, line) => sum + (line.unitCostCents ?? 0) * line.quantity, 0) +
    (extras ? extras.feeCents + extras.shippingCents : 0);
  const marginPercent = revenueCents > 0 ? ((revenueCents - costCents) / revenueCents) * 100 : costCents > 0 ? -100 : 0;
  return {
    marginPercent: round1(marginPercent),
    revenueCents,
    costCents,
    coveredLines: covered.length,
    uncoveredLines: lines.length - covered.length,
    ...(extras ? { feeCents: extras.feeCents, shippingCents: extras.shippingCents, costNote: extras.note } : {}),
  };
}

/** The cost model's extras for a rule's scope: the whole order only (a collection's share is not guessed). */
const extrasOf = (facts: OrderFacts, rule: EvaluableRule) => (rule.collectionId ? null : (facts.costs?.extras ?? null));

function stackedKinds(facts: OrderFacts, stacking?: StackingContext): string[][] {
  if (!stacking?.enabled) return [];
  const kinds = new Set(facts.applications.map((application) => application.kind));
  return stacking.blockedStacking.filter((combination) => combination.every((kind) => kinds.has(kind)));
}

export function evaluateRule(facts: OrderFacts, rule: EvaluableRule, stacking?: StackingContext): RuleOutcome {
  const scope = scopeOf(facts, rule);
  const base = {
    rule,
    discountPercent: round1(percentOf(scope.discountCents, scope.subtotalCents)),
    totalDiscountCents: scope.discountCents,
    preDiscountSubtotalCents: scope.subtotalCents,
  };
  if (scope.lines.length === 0) return { breached: false, rule, reason: "no_lines_in_scope", margin: null };
  const money = (cents: number) => formatCents(cents, facts.currency);
  const percentUnit = rule.thresholdUnit === "PERCENT";
  const thresholdPercent = rule.thresholdPercent ?? 0;
  const thresholdCents = rule.thresholdAmountCents ?? 0;

  if (rule.ruleType === "margin_floor") {
    const margin = marginOf(scope.lines, extrasOf(facts, rule));
    if (!margin) return { breached: false, rule, reason: "no_costs", margin: null };
    if (margin.marginPercent >= thresholdPercent) return { breached: false, rule, reason: "within_threshold", margin };
    const coverage =
      (margin.uncoveredLines > 0
        ? ` (${margin.coveredLines} of ${margin.coveredLines + margin.uncoveredLines} lines have a cost)`
        : "") + (margin.costNote ? `; ${margin.costNote}` : "");
    return {
      breached: true,
      ...base,
      severity: severityFor(margin.marginPercent, thresholdPercent),
      measured: margin.marginPercent,
      threshold: thresholdPercent,
      unit: "PERCENT",
      marginSavedCents: Math.max(
        0,
        Math.round(
          percentToFraction(thresholdPercent) * margin.revenueCents - (margin.revenueCents - margin.costCents),
        ),
      ),
      margin,
      message: `${scope.prefix} kept a ${formatPercent(margin.marginPercent)} margin, under the ${formatThresholdValue("PERCENT", thresholdPercent)} floor${coverage}`,
    };
  }

  const margin = marginOf(scope.lines, extrasOf(facts, rule));
  // the exact share, not the rounded one shown: 30.04% is above a 30% limit
  const exactPercent = percentOf(scope.discountCents, scope.subtotalCents);
  const overThreshold = percentUnit ? exactPercent > thresholdPercent : scope.discountCents > thresholdCents;
  const allowedCents = percentUnit
    ? Math.round(percentToFraction(thresholdPercent) * scope.subtotalCents)
    : thresholdCents;

  if (rule.ruleType === "stacking_prevention") {
    const applications = facts.applications.filter((application) => application.amountCents > 0);
    const blocked = stackedKinds(facts, stacking);
    if (applications.length < 2 && blocked.length === 0)
      return { breached: false, rule, reason: "no_stacking", margin };
    if (!overThreshold) return { breached: false, rule, reason: "within_threshold", margin };
    const largest = Math.max(0, ...applications.map((application) => application.amountCents));
    const names = applications.map((application) => application.code ?? application.title ?? application.kind);
    const combination = blocked.length > 0 ? `, a blocked combination (${discountCombinationLabel(blocked[0])})` : "";
    return {
      breached: true,
      ...base,
      severity: stackingSeverity(applications.length),
      measured: applications.length,
      threshold: percentUnit ? thresholdPercent : thresholdCents,
      unit: "COUNT",
      marginSavedCents: Math.max(0, scope.discountCents - largest),
      margin,
      message: `${scope.prefix} stacked ${applications.length} discounts (${names.join(", ")})${combination}`,
    };
  }

  // max_discount and max_discount_amount: the unit says whether the cap is a percent or an amount.
  if (!overThreshold) return { breached: false, rule, reason: "within_threshold", margin };
  return {
    breached: true,
    ...base,
    severity: percentUnit
      ? severityFor(base.discountPercent, thresholdPercent)
      : severityFor(scope.discountCents, thresholdCents),
    measured: percentUnit ? base.discountPercent : scope.discountCents,
    threshold: percentUnit ? thresholdPercent : thresholdCents,
    unit: percentUnit ? "PERCENT" : "AMOUNT",
    marginSavedCents: Math.max(0, scope.discountCents - allowedCents),
    margin,
    message: percentUnit
      ? `${scope.prefix} took ${formatPercent(base.discountPercent)} off, above the ${formatThresholdValue("PERCENT", thresholdPercent)} limit`
      : `${scope.prefix} was discounted ${money(scope.discountCents)}, above the ${money(thresholdCents)} cap`,
  };
}

/** Every rule's outcome for the order; callers pass the shop's active rules. */
export function evaluateOrder(facts: OrderFacts, rules: EvaluableRule[], stacking?: StackingContext): RuleOutcome[] {
  return rules.map((rule) => evaluateRule(facts, rule, stacking));
}
