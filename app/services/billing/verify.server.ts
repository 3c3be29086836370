import prisma from "../../db.server";
import { getEnv } from "../../env.server";
import { toPlanId, type PlanId } from "../../domain/plans";
import type { AdminContext } from "../shops/admin-context.server";

export interface VerifyResult {
  active: boolean;
  planType: PlanId;
  subscriptions: { name: string; status: string; createdAt: string }[];
}

/**
 * After Shopify's confirmation page (docs/product.md#billing, /billing/success): reads the
 * shop's active subscriptions from the Billing API and stores the plan they pay for.
 */
export async function verifySubscription(context: AdminContext): Promise<VerifyResult> {
  if (!context.billing) {
    return { active: context.plan !== "free", planType: context.plan, subscriptions: [] };
  }
  const check = await context.billing.check({ isTest: getEnv().billingTest });
  const subscriptions = check.appSubscriptions.map((subscription) => ({
    name: subscription.name,
    status: subscription.status,
    createdAt: String((subscription as { createdAt?: string }).createdAt ?? ""),
  }));
  const paid = subscriptions
    .map((subscription) => toPlanId(subscription.name))
    .find((plan): plan is PlanId => plan !== null);
  if (paid && paid !== context.shop.plan) {
    await prisma.shop.update({ where: { id: context.shop.id }, data: { plan: paid } });
  }
  return { active: Boolean(paid), planType: paid ?? "free", subscriptions };
}
