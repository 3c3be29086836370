import prisma from "../../db.server";
import { getEnv } from "../../env.server";
import { PLANS, planName, type PlanId } from "../../domain/plans";
import { CORE_PLAN, PLUS_PLAN } from "../../shopify.server";
import { disableValidation } from "../checkout/deploy.server";
import type { AdminContext } from "../shops/admin-context.server";

export interface PlanChangeResult {
  ok: boolean;
  message: string;
  plan?: PlanId;
  confirmationUrl?: string;
}

const BILLING_PLAN_NAMES: Partial<Record<PlanId, typeof CORE_PLAN | typeof PLUS_PLAN>> = {
  core: CORE_PLAN,
  plus: PLUS_PLAN,
};

async function storePlan(shopId: string, plan: PlanId) {
  await prisma.shop.update({ where: { id: shopId }, data: { plan } });
}

/**
 * Upgrade through Shopify's Billing API: `billing.request` throws the response that sends
 * the merchant to Shopify's confirmation page (App Bridge follows it for fetch requests).
 * The demo store has no Shopify to bill, so there the plan is switched directly.
 */
export async function upgradePlan(context: AdminContext, target: PlanId): Promise<PlanChangeResult> {
  const billingPlan = BILLING_PLAN_NAMES[target];
  if (!billingPlan || PLANS[target].comingSoon) {
    return { ok: false, message: "Unable to upgrade plan." };
  }
  if (!context.billing) {
    await storePlan(context.shop.id, target);
    return {
      ok: true,
      plan: target,
      message: `Demo store: switched to the ${planName(target)} plan without billing.`,
    };
  }
  const env = getEnv();
  await context.billing.request({
    plan: billingPlan,
    isTest: env.billingTest,
    returnUrl: `${env.appUrl}/billing/success?shop=${encodeURIComponent(context.shop.domain)}`,
  });
  return { ok: false, message: "Unable to upgrade plan." };
}

/** Downgrade: active subscriptions are cancelled, then the stored plan follows. */
export async function downgradePlan(context: AdminContext, target: PlanId): Promise<PlanChangeResult> {
  if (target !== "free") return { ok: false, message: "Unable to downgrade." };
  // blocking comes with Plus: its validation is switched off before the plan changes
  const refused = await disableValidation(context.shop.id, context.admin ? context.admin.graphql : null).catch(
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
  if (refused) console.error(`Could not switch checkout blocking off for shop ${context.shop.id}: ${refused}`);
  const billing = context.billing;
  if (billing) {
    const env = getEnv();
    const check = await billing.check({ isTest: env.billingTest });
    for (const subscription of check.appSubscriptions) {
      await billing.cancel({ subscriptionId: subscription.id, isTest: env.billingTest, prorate: true });
    }
  }
  await storePlan(context.shop.id, target);
  return { ok: true, plan: target, message: `Successfully downgraded to ${planName(target)} plan.` };
}
