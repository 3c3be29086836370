/** Plans, prices and limits (docs/product.md#plans) and the plan button rules (section 4). */

export type PlanId = "free" | "core" | "plus";

export const PLAN_IDS: readonly PlanId[] = ["free", "core", "plus"];

/**
 * Whether Plus can be bought unless told otherwise: off, as in the seed (Plus shows "Coming
 * Soon"). The server's PLUS_PLAN_ENABLED turns it on and is passed to every caller below.
 */
export const PLUS_ENABLED_DEFAULT = false;

export const PLAN_PRICES_USD: Record<PlanId, number> = { free: 0, core: 29, plus: 79 };

export interface PlanInfo {
  id: PlanId;
  name: string;
  priceUsd: number;
  /** Active rules allowed; null means unlimited. */
  ruleLimit: number | null;
  badge?: string;
}

export const PLANS: Record<PlanId, PlanInfo> = {
  free: {
    id: "free",
    name: "Free",
    priceUsd: PLAN_PRICES_USD.free,
    ruleLimit: 2,
  },
  core: {
    id: "core",
    name: "Core",
    priceUsd: PLAN_PRICES_USD.core,
    ruleLimit: 10,
    badge: "Most Value",
  },
  plus: {
    id: "plus",
    name: "Plus",
    priceUsd: PLAN_PRICES_USD.plus,
    ruleLimit: null,
  },
};

/** Plus shows "Coming Soon" and cannot be bought while the Plus flag is off (docs/product.md#decisions, 15). */
export function isComingSoon(plan: PlanId, plusEnabled: boolean): boolean {
  return plan === "plus" && !plusEnabled;
}

/** Whether `plan` can be bought through Shopify's Billing API. */
export function isPurchasable(plan: PlanId, plusEnabled: boolean): boolean {
  return plan !== "free" && !isComingSoon(plan, plusEnabled);
}

/** Alerts (e-mail, Slack, webhooks) come with Core and Plus (docs/product.md#plans). */
export function planHasAlerts(plan: PlanId): boolean {
  return plan !== "free";
}

/** Code rules act on the plans that pay (docs/product.md#decisions, 18), as alerts do. */
export function planHasCodeRules(plan: PlanId): boolean {
  return planHasAlerts(plan);
}

/** The ROI dashboard (and `/api/roi/summary`) comes with Core and Plus (docs/product.md#plans). */
export function planHasRoiDashboard(plan: PlanId): boolean {
  return plan !== "free";
}

/** Blocking a whole checkout (the validation Function) is Plus's (docs/product.md#checkout-blocking). */
export function planHasCheckoutBlocking(plan: PlanId): boolean {
  return plan === "plus";
}

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === "string" && (PLAN_IDS as readonly string[]).includes(value);
}

/** Maps a stored value or a Shopify subscription name ("Core", "core") to a plan. */
export function toPlanId(value: unknown): PlanId | null {
  if (typeof value !== "string") return null;
  const normalized = value.trim().toLowerCase();
  return isPlanId(normalized) ? normalized : null;
}

export function planName(plan: PlanId): string {
  return PLANS[plan].name;
}

export type PlanButtonKind = "current" | "upgrade" | "downgrade" | "coming_soon";

export interface PlanButtonState {
  kind: PlanButtonKind;
  label: string;
  disabled: boolean;
}

/** The label and state of a button that moves `current` to `target`. */
export function planButton(
  current: PlanId,
  target: PlanId,
  options: { processing?: boolean; plusEnabled?: boolean } = {},
): PlanButtonState {
  const plusEnabled = options.plusEnabled ?? PLUS_ENABLED_DEFAULT;
  if (current === target) return { kind: "current", label: "Current Plan", disabled: true };
  if (isComingSoon(target, plusEnabled)) {
    return { kind: "coming_soon", label: "Coming Soon", disabled: true };
  }
  const kind: PlanButtonKind = PLAN_IDS.indexOf(target) > PLAN_IDS.indexOf(current) ? "upgrade" : "downgrade";
  if (options.processing) return { kind, label: "Processing...", disabled: true };
  const verb = kind === "upgrade" ? "Upgrade" : "Downgrade";
  return { kind, label: `${verb} to ${planName(target)}`, disabled: false };
}

/** The plan the page header offers: the next plan up, or one down from the top plan. */
export function headerPlanTarget(current: PlanId): PlanId {
  const index = PLAN_IDS.indexOf(current);
  return index < PLAN_IDS.length - 1 ? PLAN_IDS[index + 1] : PLAN_IDS[index - 1];
}

/**
 * The plan every page header's button offers (docs/product.md#admin-header): the next plan up
 * that can be bought, else the plan below. Free offers Core; Core offers Plus once Plus is sold,
 * Free until then (never a disabled "Coming Soon" in the header); Plus offers Core.
 */
export function titleBarPlanTarget(current: PlanId, plusEnabled: boolean): PlanId {
  if (current === "free") return "core";
  if (current === "core") return plusEnabled ? "plus" : "free";
  return "core";
}

/**
 * What a disabled Plus button says beside it: which plan it is and when it comes (docs/product.md#admin-header).
 * There is no date: the plan opens with Shopify Plus checkout integration.
 */
export const PLUS_COMING_SOON_NOTE =
  "Plus (checkout blocking, unlimited rules) opens with Shopify Plus checkout integration. It has no date yet, so it can't be bought today.";

export const PLUS_COMING_SOON_TOAST = {
  title: "Plus Plan Coming Soon",
  description: "Plus plan features will be available soon with Shopify Plus integration",
};

/** One way of finding the plan; null means "this source does not know". */
export type PlanLookup = () => Promise<PlanId | null> | PlanId | null;

/**
 * Plan detection (docs/product.md#plans): each lookup is asked in order and the first plan
 * wins. When a lookup fails, or none knows, the plan is `lastConfirmed`, the last one Shopify
 * confirmed (Free for a shop it never confirmed): no failure shows or grants a plan the
 * merchant did not approve.
 */
export async function detectPlan(lookups: PlanLookup[], lastConfirmed: PlanId | null = null): Promise<PlanId> {
  try {
    for (const lookup of lookups) {
      const plan = await lookup();
      if (plan) return plan;
    }
  } catch {
    return lastConfirmed ?? "free";
  }
  return lastConfirmed ?? "free";
}

/**
 * Why what would add an active rule is disabled at the plan's limit (docs/product.md#plans):
 * beside an Active switch that is off, the header's Add Rule and Add collection rule.
 */
export const RULE_LIMIT_REACHED = "At your plan's limit of active rules";

/** Whether one more active rule fits the plan. */
export function canActivateAnotherRule(plan: PlanId, activeRules: number): boolean {
  const limit = PLANS[plan].ruleLimit;
  return limit === null || activeRules < limit;
}
