import type { RuleView } from "../../services/rules/rules.server";
import { ORDER_ACTIONS, ORDER_ACTION_LABELS, type OrderActions } from "../../domain/actions/order-actions";
import { RULE_TYPE_LABELS, formatThreshold, ruleStatusLabel, ruleTypeLabel } from "../../domain/rules/rule-display";
import {
  editableThreshold,
  type MappedCollectionRule,
  type RuleType,
  type ThresholdUnit,
} from "../../domain/rules/rules";
import { formatShopDateTime } from "../../domain/dates";
import {
  RULE_STATUS_LABELS,
  localInputValue,
  ruleStatus,
  schedulePhase,
  type RuleStatus,
} from "../../domain/rules/rule-schedule";

/** What a list item needs besides the rule: the time, the shop's zone, each testing rule's would-have breaches. */
export interface ListContext {
  now: Date;
  timeZone: string;
  /** rule_tested events per rule id */
  tested: Record<string, number>;
}

const NO_CONTEXT: ListContext = { now: new Date(0), timeZone: "UTC", tested: {} };

/** A rule's status and schedule as its dialog starts them: dates as the date-time fields take them. */
export interface ScheduleValues {
  status: RuleStatus;
  startsAt: string;
  endsAt: string;
}

type Scheduled = {
  isActive: boolean;
  testing?: boolean;
  startsAt?: Date | string | null;
  endsAt?: Date | string | null;
};

export function scheduleValues(rule: Scheduled, timeZone: string): ScheduleValues {
  return {
    status: ruleStatus(rule),
    startsAt: localInputValue(rule.startsAt, timeZone),
    endsAt: localInputValue(rule.endsAt, timeZone),
  };
}

/**
 * The list's second badge (docs/product.md#rules): "Scheduled · starts …", "Ends …", "Ended …";
 * null for a rule without dates, or one that is off.
 */
export function scheduleBadge(rule: Scheduled, context: ListContext): string | null {
  if (!rule.isActive) return null;
  const window = {
    startsAt: rule.startsAt ? new Date(rule.startsAt) : null,
    endsAt: rule.endsAt ? new Date(rule.endsAt) : null,
  };
  const when = (at: Date) => formatShopDateTime(at, { timeZone: context.timeZone });
  switch (schedulePhase(window, context.now)) {
    case "scheduled":
      return `Scheduled · starts ${when(window.startsAt!)}`;
    case "running":
      return window.endsAt ? `Ends ${when(window.endsAt)}` : null;
    case "ended":
      return `Ended ${when(window.endsAt!)}`;
    default:
      return null;
  }
}

/** The status badge: "Testing" for a testing rule that is on, else the action or why it is off. */
export function statusBadge(rule: Scheduled & { action: string; pausedByPlan: string | null }): string {
  return rule.isActive && !rule.pausedByPlan && rule.testing ? RULE_STATUS_LABELS.testing : ruleStatusLabel(rule);
}

/** "3 would-have breaches while testing" for a testing rule; null otherwise. */
export function testedLine(rule: Scheduled & { id: string }, context: ListContext): string | null {
  if (ruleStatus(rule) !== "testing") return null;
  const count = context.tested[rule.id] ?? 0;
  return `${count} would-have ${count === 1 ? "breach" : "breaches"} while testing (no alerts, no order actions)`;
}

/** A rule as the Rules list shows it, with what its edit dialog starts from. */
export interface RuleListItem {
  id: string;
  name: string;
  description: string | null;
  typeLabel: string;
  threshold: string;
  /** what the rule checks, shown after its type: "40%", "2 or more discounts on one order" */
  value: string;
  status: string;
  /** its status and schedule when they say more than the status badge ("Testing", "Scheduled · starts …") */
  schedule: string | null;
  /** a testing rule's would-have breaches, in words */
  tested: string | null;
  /** evaluated: active and not paused by the plan */
  isActive: boolean;
  collectionRule: boolean;
  /** what a breach does to the order besides the alert, in words ("Tag the order", ...) */
  actions: string[];
  edit:
    | ({
        ruleType: RuleType;
        thresholdUnit: ThresholdUnit;
        threshold: string;
        action: string;
        orderActions: OrderActions;
      } & ScheduleValues)
    | null;
  /** what a collection rule's edit dialog starts from */
  collectionEdit: CollectionRuleValues | null;
}

export interface CollectionRuleValues extends ScheduleValues {
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
 * of 0 is any total, so "$0.00" alone would say nothing (docs/product.md#rules).
 */
export function stackingSummary(threshold: string, unit: string): string {
  const stacked = "2 or more discounts on one order";
  if (Number(threshold.replace(/[$%,]/g, "")) === 0) return stacked;
  return unit === "PERCENT" ? `${stacked}, over ${threshold} off together` : `${stacked}, over ${threshold} together`;
}

export function ruleListItem(rule: RuleView, context: ListContext = NO_CONTEXT): RuleListItem {
  const typeLabel = ruleTypeLabel(rule.ruleType, rule.thresholdUnit);
  const threshold = formatThreshold(rule);
  return {
    id: rule.id,
    name: rule.name,
    description: rule.description,
    typeLabel,
    threshold,
    value: rule.ruleType === "stacking_prevention" ? stackingSummary(threshold, rule.thresholdUnit) : threshold,
    status: statusBadge(rule),
    schedule: scheduleBadge(rule, context),
    tested: testedLine(rule, context),
    isActive: rule.isActive && !rule.pausedByPlan,
    collectionRule: false,
    actions: actionLabels(rule.orderActions),
    edit: {
      ruleType: rule.ruleType as RuleType,
      thresholdUnit: rule.thresholdUnit === "PERCENT" ? "PERCENT" : "AMOUNT",
      threshold: editableThreshold(rule),
      action: rule.action,
      orderActions: rule.orderActions,
      ...scheduleValues(rule, context.timeZone),
    },
    collectionEdit: null,
  };
}

export function collectionRuleListItem(rule: MappedCollectionRule, context: ListContext = NO_CONTEXT): RuleListItem {
  return {
    id: rule.id,
    name: rule.name,
    description: rule.description,
    typeLabel: RULE_TYPE_LABELS.collection_rule,
    threshold: formatThreshold(rule),
    value: formatThreshold(rule),
    status: statusBadge(rule),
    schedule: scheduleBadge(rule, context),
    tested: testedLine(rule, context),
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
      ...scheduleValues(rule, context.timeZone),
    },
  };
}
