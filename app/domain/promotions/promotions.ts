/**
 * Promotions a merchant can dismiss, remembered per shop (docs/product.md#dashboard,
 * "dismissible promotions (remembered per shop)"). Each offer has its own name: a shop
 * that dismissed the offer of Core sees the offer of the next plan once it is on Core.
 */
import type { PlanId } from "../billing/plans";

export const PROMOTIONS = ["dashboard-upgrade-core", "dashboard-upgrade-plus", "dashboard-downgrade-core"] as const;
export type Promotion = (typeof PROMOTIONS)[number];

export function isPromotion(value: unknown): value is Promotion {
  return typeof value === "string" && (PROMOTIONS as readonly string[]).includes(value);
}

/** The Dashboard's plan banner for a shop on `plan` offering `target` (the header's plan button). */
export function dashboardPlanPromotion(plan: PlanId, target: PlanId): Promotion {
  if (plan === "plus") return "dashboard-downgrade-core";
  return target === "plus" ? "dashboard-upgrade-plus" : "dashboard-upgrade-core";
}
