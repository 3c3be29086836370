/**
 * Rules as the merchant defines them (docs/product.md#rules): types, actions,
 * units, the threshold input for each, storage in cents and percent, and collection rules
 * mapped into the rules list.
 */
import { centsToDollars, dollarsToCents, formatCents } from "../money";

import { orderActionsOf } from "../actions/order-actions";
import { ruleStatus, type RuleStatus } from "./rule-schedule";

export const RULE_TYPES = ["max_discount", "max_discount_amount", "margin_floor", "stacking_prevention"] as const;
export type RuleType = (typeof RULE_TYPES)[number];

export const RULE_TYPE_OPTIONS: { value: RuleType; label: string }[] = [
  { value: "max_discount", label: "Maximum Discount (%)" },
  { value: "max_discount_amount", label: "Maximum Discount ($)" },
  { value: "margin_floor", label: "Margin Floor" },
  { value: "stacking_prevention", label: "Stacking Prevention" },
];

export const RULE_ACTIONS = ["alert", "block"] as const;
export type RuleAction = (typeof RULE_ACTIONS)[number];
export const RULE_ACTION_OPTIONS = [
  { value: "alert", label: "Send Alert Only", disabled: false },
  { value: "block", label: "Block Checkout (Coming Soon)", disabled: true },
] as const;

export const THRESHOLD_UNITS = ["AMOUNT", "PERCENT"] as const;
export type ThresholdUnit = (typeof THRESHOLD_UNITS)[number];
export const UNIT_OPTIONS = [
  { value: "AMOUNT", label: "Amount ($)" },
  { value: "PERCENT", label: "Percentage (%)" },
] as const;

export const DEFAULT_CURRENCY = "USD";
export const DEFAULT_UNIT: ThresholdUnit = "AMOUNT";
export const DEFAULT_PRIORITY = 0;
export const PERCENT_MAX = 100;
/** The largest amount threshold, in the shop's currency: its cents fit the 32-bit column. */
export const AMOUNT_MAX = 20_000_000;
export const AMOUNT_STEP = 0.01;

export function isRuleType(value: unknown): value is RuleType {
  return typeof value === "string" && (RULE_TYPES as readonly string[]).includes(value);
}

/** The threshold field of the rule dialogs for a rule type and unit (docs/product.md#rules). */
export interface ThresholdInput {
  label: string;
  prefix?: string;
  suffix?: string;
  step: number;
  min: number;
  max?: number;
  showUnit: boolean;
  /** said under the field when the choice changes what the rule measures */
  help?: string;
}

export function thresholdInput(ruleType: string, unit: string): ThresholdInput {
  if (ruleType === "max_discount_amount") {
    return { label: "Maximum Amount ($)", prefix: "$", step: AMOUNT_STEP, min: 0, max: AMOUNT_MAX, showUnit: false };
  }
  if (ruleType === "margin_floor") {
    return { label: "Minimum Margin (%)", suffix: "%", step: 1, min: 0, max: PERCENT_MAX, showUnit: false };
  }
  // one field that says what it measures: the type names its unit, no Unit to choose
  if (ruleType === "max_discount" && unit !== "AMOUNT") {
    return { label: "Maximum Discount (%)", suffix: "%", step: 1, min: 0, max: PERCENT_MAX, showUnit: false };
  }
  if (ruleType === "max_discount") {
    // only a rule stored in money before (docs/product.md#rules): the Unit shows, to be set right
    return {
      label: "Maximum Discount",
      prefix: "$",
      step: AMOUNT_STEP,
      min: 0,
      max: AMOUNT_MAX,
      showUnit: true,
      help: PERCENT_RULE_IN_AMOUNT,
    };
  }
  // stacking prevention: the combined discount, in the unit chosen beside it
  if (unit === "PERCENT")
    return { label: "Combined Discount Over (%)", suffix: "%", step: 1, min: 0, max: PERCENT_MAX, showUnit: true };
  return {
    label: "Combined Discount Over ($)",
    prefix: "$",
    step: AMOUNT_STEP,
    min: 0,
    max: AMOUNT_MAX,
    showUnit: true,
  };
}

/**
 * "Maximum Discount (%)" measures a share of the subtotal: saved with Amount ($) it used to be
 * evaluated as a cap in money (docs/product.md#rules). It is refused with this message.
 */
export const PERCENT_RULE_IN_AMOUNT =
  "Maximum Discount (%) is a percentage: choose Percentage (%), or the rule type Maximum Discount ($) to cap the discount in money.";

/**
 * The unit a rule type is measured in: fixed for three types (a percent rule sent without a unit
 * is a percentage; sent with Amount it is refused, see PERCENT_RULE_IN_AMOUNT), chosen for
 * stacking prevention.
 */
export function unitFor(ruleType: string, chosen: string | undefined | null): ThresholdUnit {
  if (ruleType === "max_discount_amount") return "AMOUNT";
  if (ruleType === "margin_floor" || ruleType === "max_discount") return "PERCENT";
  return chosen === "PERCENT" ? "PERCENT" : DEFAULT_UNIT;
}

/** The unit the add dialog starts with for a type: "Maximum Discount (%)" is a percentage. */
export function initialUnitFor(ruleType: string): ThresholdUnit {
  return ruleType === "max_discount" || ruleType === "margin_floor" ? "PERCENT" : "AMOUNT";
}

export interface RuleThresholdFields {
  threshold: string;
  thresholdUnit: ThresholdUnit;
  thresholdAmountCents: number | null;
  thresholdPercent: number | null;
}

/**
 * How a threshold is stored (docs/product.md#rules): amounts as cents (dollars x 100), percents
 * as thresholdPercent, and the unit that says which one the rule uses.
 */
export function storedThreshold(
  ruleType: string,
  unit: string | undefined | null,
  threshold: number,
): RuleThresholdFields {
  const thresholdUnit = unitFor(ruleType, unit);
  return {
    threshold: String(threshold),
    thresholdUnit,
    thresholdAmountCents: thresholdUnit === "AMOUNT" ? dollarsToCents(threshold) : null,
    thresholdPercent: thresholdUnit === "PERCENT" ? threshold : null,
  };
}

/** The threshold as the edit dialog shows it: cents back to dollars for amounts. */
export function editableThreshold(rule: {
  threshold: string;
  thresholdUnit: string;
  thresholdAmountCents: number | null;
  thresholdPercent: number | null;
}): string {
  if (rule.thresholdUnit === "AMOUNT" && rule.thresholdAmountCents !== null) {
    return String(centsToDollars(rule.thresholdAmountCents));
  }
  if (rule.thresholdUnit === "PERCENT" && rule.thresholdPercent !== null) return String(rule.thresholdPercent);
  return rule.threshold;
}

export const COLLECTION_RULE_TYPES = ["margin_floor", "max_discount", "max_discount_amount"] as const;
export type CollectionRuleType = (typeof COLLECTION_RULE_TYPES)[number];
export const COLLECTION_RULE_TYPE_OPTIONS = [
  { value: "margin_floor", label: "Margin Floor" },
  { value: "max_discount", label: "Maximum Discount (%)" },
  { value: "max_discount_amount", label: "Maximum Discount ($)" },
] as const;

/**
 * The unit of a collection rule's threshold, fixed by its type: "Maximum Discount (%)" is a
 * percentage like a rule's (rows saved before it was were made Maximum Discount ($) rules with
 * the same amount, as they had been enforced).
 */
export function collectionRuleUnit(ruleType: string): ThresholdUnit {
  return ruleType === "margin_floor" || ruleType === "max_discount" ? "PERCENT" : "AMOUNT";
}

export interface CollectionRuleRecord {
  id: string;
  shopId: string;
  collectionId: string;
  collectionTitle?: string | null;
  ruleType: string;
  threshold: number;
  currency: string;
  action: string;
  isActive: boolean;
  /** the plan that paused it (docs/product.md#plans); absent or null when not paused */
  pausedByPlan?: string | null;
  priority: number;
  conditions: unknown;
  /** its order actions (docs/product.md#order-actions); absent in older records: none */
  tagOrder?: boolean;
  holdOrder?: boolean;
  flowTrigger?: boolean;
  /** testing status and schedule (docs/product.md#status-and-schedule); absent in older records: none */
  testing?: boolean;
  startsAt?: Date | string | null;
  endsAt?: Date | string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
}

export interface MappedCollectionRule {
  id: string;
  shopId: string;
  name: string;
  description: string;
  ruleType: "collection_rule";
  collectionRuleType: string;
  collectionId: string;
  collectionTitle: string | null;
  threshold: string;
  thresholdUnit: ThresholdUnit;
  thresholdAmountCents: number | null;
  thresholdPercent: number | null;
  currency: string;
  action: string;
  isActive: boolean;
  pausedByPlan: string | null;
  priority: number;
  conditions: unknown;
  orderActions: { tag: boolean; hold: boolean; flow: boolean };
  status: RuleStatus;
  testing: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * A collection rule from the server, shown in the rules list (docs/product.md#rules). Its type says
 * its unit, as a rule's does: Margin Floor and Maximum Discount (%) are percentages (the threshold
 * stored as the percent), Maximum Discount ($) an amount in the shop's currency.
 */
export function mapCollectionRule(rule: CollectionRuleRecord): MappedCollectionRule {
  const label = rule.collectionTitle || rule.collectionId;
  const percent = collectionRuleUnit(rule.ruleType) === "PERCENT";
  const cents = percent ? null : dollarsToCents(rule.threshold);
  const name =
    rule.ruleType === "margin_floor"
      ? `${label} - Margin Floor`
      : rule.ruleType === "max_discount"
        ? `${label} - Max Discount`
        : rule.ruleType === "max_discount_amount"
          ? `${label} - Max Discount ($)`
          : `${label} - ${rule.ruleType}`;
  const description =
    rule.ruleType === "margin_floor"
      ? `Minimum ${rule.threshold}% margin required for ${label} collection`
      : rule.ruleType === "max_discount"
        ? `Maximum ${rule.threshold}% discount allowed for ${label} collection`
        : rule.ruleType === "max_discount_amount"
          ? `Maximum ${formatCents(cents, rule.currency)} discount allowed for ${label} collection`
          : `Collection-specific rule: ${rule.threshold} threshold for ${label}`;
  return {
    id: rule.id,
    shopId: rule.shopId,
    name,
    description,
    ruleType: "collection_rule",
    collectionRuleType: rule.ruleType,
    collectionId: rule.collectionId,
    collectionTitle: rule.collectionTitle ?? null,
    threshold: String(rule.threshold),
    thresholdUnit: percent ? "PERCENT" : "AMOUNT",
    thresholdPercent: percent ? rule.threshold : null,
    thresholdAmountCents: cents,
    currency: rule.currency,
    action: rule.action || "alert",
    isActive: rule.isActive,
    pausedByPlan: rule.pausedByPlan ?? null,
    priority: rule.priority,
    conditions: rule.conditions,
    orderActions: orderActionsOf(rule),
    status: ruleStatus(rule),
    testing: Boolean(rule.testing),
    startsAt: rule.startsAt ? new Date(rule.startsAt) : null,
    endsAt: rule.endsAt ? new Date(rule.endsAt) : null,
    createdAt: new Date(rule.createdAt).toISOString(),
    updatedAt: new Date(rule.updatedAt).toISOString(),
  };
}

const GID = {
  Collection: /^gid:\/\/shopify\/Collection\/\d+$/,
  Product: /^gid:\/\/shopify\/Product\/\d+$/,
};

/** A Shopify GID of `kind`, from a GID or a bare numeric id; null otherwise. */
function normalizeGid(kind: keyof typeof GID, value: string): string | null {
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return `gid://shopify/${kind}/${trimmed}`;
  return GID[kind].test(trimmed) ? trimmed : null;
}

/** A collection id as Shopify's GID, from a GID or a bare numeric id; null otherwise. */
export const normalizeCollectionId = (value: string) => normalizeGid("Collection", value);

/** A product id as Shopify's GID, from a GID or a bare numeric id; null otherwise. */
export const normalizeProductId = (value: string) => normalizeGid("Product", value);

/** The discount method kinds of docs/product.md#rules (static). */
export const DISCOUNT_METHOD_KINDS = [
  { kind: "DiscountCodeBasic", description: "Amount off products / order" },
  { kind: "DiscountCodeBxgy", description: "Buy X get Y" },
  { kind: "DiscountCodeFreeShipping", description: "Free shipping" },
  { kind: "DiscountAutomaticBasic", description: "Automatic discounts" },
] as const;
export type DiscountMethodKind = (typeof DISCOUNT_METHOD_KINDS)[number]["kind"];

export const DEFAULT_CUSTOMER_MESSAGE =
  "This discount combination isn't allowed. Please contact support for assistance.";
