/**
 * What each plan does, in the merchant's words (docs/product.md#plans): the one list the Pricing
 * cards (and the landing page's) show and the 'Downgrade to Free?' dialog names what stops from.
 * Each feature is on a plan by the gate the code itself checks, so a card never promises what
 * the plan does not switch on, and the dialog never misses what a downgrade switches off. Pure.
 */
import { planHasOrderActions } from "../actions/order-actions";
import { planHasLeakFlags } from "../leaks/code-leaks";
import { planHasChartMarkers } from "../markers/chart-markers";
import {
  PLANS,
  PLAN_IDS,
  planHasAlerts,
  planHasCheckoutBlocking,
  planHasCodeRules,
  planHasRoiDashboard,
  planName,
  type PlanId,
} from "./plans";

export interface PlanFeature {
  id: string;
  label: string;
  /** the gate the app checks for it */
  on: (plan: PlanId) => boolean;
}

const EVERY_PLAN = () => true;

/** In the order the cards list them: what every plan has, then Core's, then Plus's. */
export const PLAN_FEATURES: readonly PlanFeature[] = [
  { id: "monitoring", label: "Every order checked against your rules", on: EVERY_PLAN },
  { id: "audit-log", label: "Audit log of every breach", on: EVERY_PLAN },
  { id: "rule-kinds", label: "Discount caps, margin floors, stacking and collection rules", on: EVERY_PLAN },
  {
    id: "backtest",
    label: "Backtest, promotion preflight, and Check stacking risk on Shopify's discount pages",
    on: EVERY_PLAN,
  },
  { id: "checkout-preview", label: "Preview of what checkout blocking would stop", on: EVERY_PLAN },
  { id: "support", label: "E-mail support", on: EVERY_PLAN },
  { id: "alerts", label: "Alerts by Slack, e-mail and webhook", on: planHasAlerts },
  { id: "roi", label: "ROI dashboard", on: planHasRoiDashboard },
  { id: "order-actions", label: "Order actions: tag and hold breaching orders", on: planHasOrderActions },
  { id: "code-rules", label: "Code rules: turn discount codes away at checkout", on: planHasCodeRules },
  { id: "leak-flags", label: "Leaked-code flags, and deactivating a leaked code", on: planHasLeakFlags },
  // "Margin rule breached" fires with order actions, "Discount code probably leaked" with leak flags
  {
    id: "flow",
    label: "Shopify Flow triggers for breaches and leaked codes",
    on: (plan) => planHasOrderActions(plan) && planHasLeakFlags(plan),
  },
  {
    id: "chart-markers",
    label: "Markers on Shopify's analytics charts: leaked codes, risky promotions, protection gaps",
    on: planHasChartMarkers,
  },
  { id: "checkout-blocking", label: "Real-time checkout blocking", on: planHasCheckoutBlocking },
];

/** "2 active rules", "Unlimited active rules". */
export function ruleLimitLabel(plan: PlanId): string {
  const limit = PLANS[plan].ruleLimit;
  return limit === null ? "Unlimited active rules" : `${limit} active rules`;
}

/** The features `plan` has. */
export function planFeatures(plan: PlanId): PlanFeature[] {
  return PLAN_FEATURES.filter((feature) => feature.on(plan));
}

/** The plan below `plan`, null for Free. */
function planBelow(plan: PlanId): PlanId | null {
  const index = PLAN_IDS.indexOf(plan);
  return index > 0 ? PLAN_IDS[index - 1] : null;
}

/**
 * A plan card's list: its rule limit, "Everything in {the plan below}" (every plan has all the
 * one below has, a unit test checks), then what it adds.
 */
export function planCardLines(plan: PlanId): string[] {
  const below = planBelow(plan);
  const added = planFeatures(plan).filter((feature) => !below || !feature.on(below));
  return [
    ruleLimitLabel(plan),
    ...(below ? [`Everything in ${planName(below)}`] : []),
    ...added.map((feature) => feature.label),
  ];
}

/** What stops when `from` becomes `to`: the features of `from` that `to` lacks, as the cards name them. */
export function featuresLost(from: PlanId, to: PlanId): string[] {
  return planFeatures(from)
    .filter((feature) => !feature.on(to))
    .map((feature) => feature.label);
}

/** "“A”", "“A” and “B”", "“A”, “B” and “C”". */
function namesList(names: string[]): string {
  const quoted = names.map((name) => `“${name}”`);
  return quoted.length <= 1 ? (quoted[0] ?? "") : `${quoted.slice(0, -1).join(", ")} and ${quoted.at(-1)}`;
}

export interface DowngradeToFree {
  subscription: string;
  /** which of the shop's rules stay on, by name, and how many are paused */
  rules: string;
  /** the features that stop, as the cards name them */
  stops: string[];
}

/**
 * What 'Downgrade to Free?' says (docs/product.md#dialogs): the subscription cancelled with a
 * prorated credit; the shop's active rules, oldest first (`activeRules`), of which the oldest
 * Free's limit allows stay on by name and the rest are paused, not deleted; and what stops.
 */
export function downgradeToFree(current: PlanId, activeRules: string[]): DowngradeToFree {
  const limit = PLANS.free.ruleLimit ?? activeRules.length;
  const kept = activeRules.slice(0, limit);
  const paused = activeRules.length - kept.length;
  const rules =
    kept.length === 0
      ? `You have no active rules. Free checks up to ${limit}.`
      : paused === 0
        ? `Your active ${kept.length === 1 ? "rule stays" : "rules stay"} on: ${namesList(kept)}.`
        : `Free checks ${limit} active rules: ${namesList(kept)} ${kept.length === 1 ? "stays" : "stay"} on. The other ${
            paused === 1 ? "one is" : `${paused} are`
          } paused, not deleted, until you upgrade.`;
  return {
    subscription: `Your ${planName(current)} subscription is cancelled now, and Shopify credits you for the rest of this billing period.`,
    rules,
    stops: featuresLost(current, "free"),
  };
}
