import type { RuleView } from "../../services/rules/rules.server";
import { ORDER_ACTIONS, ORDER_ACTION_LABELS, type OrderActions } from "../../domain/order-actions";
import { RULE_TYPE_LABELS, formatThreshold, ruleStatusLabel, ruleTypeLabel } from "../../domain/rule-display";
import { editableThreshold, type MappedCollectionRule, type RuleType, type ThresholdUnit } from "../../domain/rules";

/** A rule as the Rules list shows it, with what its edit dialog starts from. */
export interface RuleListItem {
  id: string;
  name: string;
  description: string | null;
  typeLabel: string;
  threshold: string;
  /** what the rule checks, after its type: "Stacking Prevention · 2 or more discounts on one order" */
  summary: string;
  status: string;
  /** evaluated: active and not paused by the plan */
  isActive: boolean;
  collectionRule: boolean;
  /** what a breach does to the order besides the alert, in words ("Tag the order", ...) */
  actions: string[];
  edit: {
    ruleType: RuleType;
    thresholdUnit: ThresholdUnit;
    threshold: string;
    action: string;
    orderActions: OrderActions;
  } | null;
  /** what a collection rule's edit dialog starts from */
  collectionEdit: CollectionRuleValues | null;
}

export interface CollectionRuleValues {
  id?: string;
  collectionId: string;
  collectionTitle: string;
  ruleType: string;
  threshold: string;
  orderActions: OrderActions;
}

/** "Tag the order", ... for the actions that are on. */
const actionLabels = (actions: OrderActions) =>
  ORDER_ACTIONS.filter((action) => actions[action]).map((action) => ORDER_ACTION_LABELS[action]);

/**
 * A stacking rule fires on 2 or more discounts whose total is over its threshold: a threshold
 * of 0 is any total, so "$0.00" alone would say nothing (docs/decisions/0048-rules-pages.md).
 */
export function stackingSummary(threshold: string, unit: string): string {
  const stacked = "2 or more discounts on one order";
  if (Number(threshold.replace(/[$%,]/g, "")) === 0) return stacked;
  return unit === "PERCENT" ? `${stacked}, over ${threshold} off together` : `${stacked}, over ${threshold} together`;
}

export function ruleListItem(rule: RuleView): RuleListItem {
  const typeLabel = ruleTypeLabel(rule.ruleType, rule.thresholdUnit);
  const threshold = formatThreshold(rule);
  return {
    id: rule.id,
    name: rule.name,
    description: rule.description,
    typeLabel,
    threshold,
    summary: `${typeLabel} · ${
      rule.ruleType === "stacking_prevention" ? stackingSummary(threshold, rule.thresholdUnit) : threshold
    }`,
    status: ruleStatusLabel(rule),
    isActive: rule.isActive && !rule.pausedByPlan,
    collectionRule: false,
    actions: actionLabels(rule.orderActions),
    edit: {
      ruleType: rule.ruleType as RuleType,
      thresholdUnit: rule.thresholdUnit === "PERCENT" ? "PERCENT" : "AMOUNT",
      threshold: editableThreshold(rule),
      action: rule.action,
      orderActions: rule.orderActions,
    },
    collectionEdit: null,
  };
}

export function collectionRuleListItem(rule: MappedCollectionRule): RuleListItem {
  return {
    id: rule.id,
    name: rule.name,
    description: rule.description,
    typeLabel: RULE_TYPE_LABELS.collection_rule,
    threshold: formatThreshold(rule),
    summary: `${RULE_TYPE_LABELS.collection_rule} · ${formatThreshold(rule)}`,
    status: ruleStatusLabel(rule),
    isActive: rule.isActive && !rule.pausedByPlan,
    collectionRule: true,
    actions: actionLabels(rule.orderActions),
    edit: null,
    collectionEdit: {
      id: rule.id,
      collectionId: rule.collectionId,
      collectionTitle: rule.collectionTitle ?? "",
      ruleType: rule.collectionRuleType,
      threshold: rule.threshold,
      orderActions: rule.orderActions,
    },
  };
}
