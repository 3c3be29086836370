/**
 * Plans that follow Shopify (docs/architecture.md#billing): when the stored plan must be
 * asked of the Billing API again, what a subscription update changes, and which rules a plan
 * change pauses or an upgrade may resume. Pure: the services feed it rows and Shopify's answers.
 */
import { PLANS, PLAN_IDS, toPlanId, type PlanId } from "./plans";

/** An admin load asks the Billing API again once the stored plan is older than this. */
export const PLAN_REFRESH_MS = 5 * 60_000;
/** After a failed Billing API call, the next one waits this long (the load is Free meanwhile). */
export const PLAN_ERROR_RETRY_MS = 60_000;

/** Whether the stored plan must be asked of Shopify again: never asked, or asked too long ago. */
export function planRefreshDue(checkedAt: Date | null, now: Date, maxAgeMs = PLAN_REFRESH_MS): boolean {
  return checkedAt === null || now.getTime() - checkedAt.getTime() >= maxAgeMs;
}

/** A subscription as the Admin API's currentAppInstallation.activeSubscriptions gives it. */
export interface ShopifySubscription {
  id: string;
  name: string;
  status: string;
  createdAt?: string | null;
  trialDays?: number | null;
  currentPeriodEnd?: string | null;
  /** a Shopify test charge: nobody pays for it */
  test?: boolean | null;
}

/** What the shop row keeps of its subscription. */
export interface PlanFacts {
  plan: PlanId;
  subscriptionId: string | null;
  subscriptionStatus: string | null;
  trialEndsOn: Date | null;
  currentPeriodEnd: Date | null;
}

export const FREE_FACTS: PlanFacts = {
  plan: "free",
  subscriptionId: null,
  subscriptionStatus: null,
  trialEndsOn: null,
  currentPeriodEnd: null,
};

function dateOrNull(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The plan the shop's active subscriptions pay for: the highest of our plans among the ACTIVE
 * ones (during a change Shopify may briefly list two), or Free when none is ours. A test
 * subscription pays for nothing: it counts only when the app itself charges in test mode
 * (`acceptTest`, SHOPIFY_BILLING_TEST), never in production otherwise.
 */
export function factsFromSubscriptions(
  subscriptions: ShopifySubscription[],
  options: { acceptTest: boolean } = { acceptTest: false },
): PlanFacts {
  const ours = subscriptions
    .filter((subscription) => subscription.status === "ACTIVE")
    .filter((subscription) => options.acceptTest || subscription.test !== true)
    .map((subscription) => ({ subscription, plan: toPlanId(subscription.name) }))
    .filter((entry): entry is { subscription: ShopifySubscription; plan: PlanId } => entry.plan !== null)
    .sort((a, b) => PLAN_IDS.indexOf(b.plan) - PLAN_IDS.indexOf(a.plan));
  const best = ours[0];
  if (!best) return FREE_FACTS;
  const created = dateOrNull(best.subscription.createdAt);
  const trialDays = best.subscription.trialDays ?? 0;
  return {
    plan: best.plan,
    subscriptionId: best.subscription.id,
    subscriptionStatus: best.subscription.status,
    trialEndsOn: created && trialDays > 0 ? new Date(created.getTime() + trialDays * 86_400_000) : null,
    currentPeriodEnd: dateOrNull(best.subscription.currentPeriodEnd),
  };
}

/** The `app_subscription` object of an app_subscriptions/update webhook. */
export interface SubscriptionUpdate {
  admin_graphql_api_id: string;
  name: string;
  status: string;
  updated_at?: string | null;
}

/** What the shop row says of its subscription before an update. */
export interface StoredSubscription {
  plan: PlanId;
  subscriptionId: string | null;
  subscriptionUpdatedAt: Date | null;
}

export type UpdateDecision =
  { apply: true; facts: PlanFacts; updatedAt: Date | null } | { apply: false; reason: string };

const ENDED = new Set(["CANCELLED", "DECLINED", "EXPIRED", "FROZEN"]);

/**
 * What one app_subscriptions/update changes, from its payload alone (used when the Billing API
 * cannot be asked). Webhooks arrive late, twice and out of order, so:
 * - an update older than the last one applied changes nothing;
 * - an ACTIVE subscription of one of our plans becomes the plan;
 * - an ended subscription drops the shop to Free only if it is the one the plan rests on
 *   (an upgrade cancels the old subscription after the new one is active);
 * - PENDING and ACCEPTED change nothing (the merchant has not approved yet).
 */
export function decideSubscriptionUpdate(stored: StoredSubscription, update: SubscriptionUpdate): UpdateDecision {
  const updatedAt = dateOrNull(update.updated_at);
  if (updatedAt && stored.subscriptionUpdatedAt && updatedAt < stored.subscriptionUpdatedAt) {
    return { apply: false, reason: "an older update than the one already applied" };
  }
  const plan = toPlanId(update.name);
  if (update.status === "ACTIVE") {
    if (!plan || plan === "free") return { apply: false, reason: `"${update.name}" is not one of the app's plans` };
    return {
      apply: true,
      updatedAt,
      facts: { ...FREE_FACTS, plan, subscriptionId: update.admin_graphql_api_id, subscriptionStatus: "ACTIVE" },
    };
  }
  if (ENDED.has(update.status)) {
    const current =
      stored.subscriptionId === update.admin_graphql_api_id || (stored.subscriptionId === null && stored.plan === plan);
    if (!current) return { apply: false, reason: "a subscription the plan no longer rests on" };
    return { apply: true, updatedAt, facts: { ...FREE_FACTS, subscriptionStatus: update.status } };
  }
  return { apply: false, reason: `status ${update.status} changes no plan` };
}

/** A rule as the plan limit counts it (rules and collection rules count together). */
export interface LimitedRule {
  id: string;
  kind: "rule" | "collection";
  createdAt: Date;
}

/** The order a plan's limit keeps rules in: the oldest first (ties by id). */
export function oldestFirst(a: LimitedRule, b: LimitedRule): number {
  return a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id);
}

/**
 * Which active rules a plan pauses: the oldest `ruleLimit` stay active, the rest are paused
 * (never deleted). Unlimited plans pause nothing.
 */
export function rulesToPause(active: LimitedRule[], plan: PlanId): LimitedRule[] {
  const limit = PLANS[plan].ruleLimit;
  if (limit === null) return [];
  return [...active].sort(oldestFirst).slice(limit);
}

/** Which paused rules fit again beside `activeCount` active ones: the oldest first. */
export function rulesToResume(paused: LimitedRule[], activeCount: number, plan: PlanId): LimitedRule[] {
  const limit = PLANS[plan].ruleLimit;
  const room = limit === null ? paused.length : Math.max(0, limit - activeCount);
  return [...paused].sort(oldestFirst).slice(0, room);
}

/** What the paused-rules banner shows (the Rules page and the Dashboard). */
export interface PausedRulesView {
  names: string[];
  /** the plan whose limit paused them (the latest change) */
  pausedBy: PlanId;
  /** how many of them the current plan has room for */
  resumable: number;
}
