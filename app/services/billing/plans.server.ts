import { getEnv } from "../../env.server";
import type { BillingErrorType } from "../../domain/billing/billing-errors";
import { FREE_FACTS } from "../../domain/billing/plan-truth";
import { PLANS, PLAN_IDS, isPurchasable, planName, type PlanId } from "../../domain/billing/plans";
import { fail, ok, type Problem, type Result } from "../../domain/result";
import { adminGraphqlData, userErrorText } from "../admin-api/admin-graphql.server";
import type { AdminContext } from "../../types/admin-context";
import { activeSubscriptions, storePlan } from "./plan-truth.server";

/** A plan change made or begun (docs/product.md#plans): the page toasts `message`. */
export interface PlanChange {
  plan: PlanId;
  message: string;
  /** Shopify's confirmation page (or the demo's stand-in): the admin goes there at the top level */
  confirmationUrl?: string;
}

/** A plan change refused: the page toasts `message` and opens the billing error page. */
export interface BillingFailure extends Problem {
  /** the billing error page's variant */
  errorType: BillingErrorType;
  /** what Shopify said, for the billing error page */
  detail?: string;
}

export type PlanChangeResult = Result<PlanChange, BillingFailure>;

/** How long Shopify may take to answer a billing call before the change counts as timed out. */
export const BILLING_CALL_TIMEOUT_MS = 15_000;

const SUBSCRIPTION_CREATE = `#graphql
  mutation MarginGuardrailSubscribe($name: String!, $lineItems: [AppSubscriptionLineItemInput!]!, $returnUrl: URL!, $test: Boolean) {
    appSubscriptionCreate(name: $name, lineItems: $lineItems, returnUrl: $returnUrl, test: $test) {
      appSubscription { id status }
      confirmationUrl
      userErrors { field message }
    }
  }`;

const SUBSCRIPTION_CANCEL = `#graphql
  mutation MarginGuardrailCancel($id: ID!, $prorate: Boolean) {
    appSubscriptionCancel(id: $id, prorate: $prorate) {
      appSubscription { id status }
      userErrors { field message }
    }
  }`;

export class BillingTimeout extends Error {}

/** A billing call to Shopify, refused as timed out after BILLING_CALL_TIMEOUT_MS. */
export function withinTimeout<T>(call: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new BillingTimeout("Shopify did not answer in time")), BILLING_CALL_TIMEOUT_MS);
  });
  return Promise.race([call, timeout]).finally(() => clearTimeout(timer));
}

/** The subscription Shopify's Billing API is asked to create for `plan`: its price every 30 days. */
export function subscriptionRequest(plan: PlanId, shopDomain: string) {
  const env = getEnv();
  return {
    name: planName(plan),
    returnUrl: `${env.appUrl}/billing/success?shop=${encodeURIComponent(shopDomain)}`,
    test: env.billingTest,
    lineItems: [
      {
        plan: {
          appRecurringPricingDetails: {
            price: { amount: PLANS[plan].priceUsd, currencyCode: "USD" },
            interval: "EVERY_30_DAYS",
          },
        },
      },
    ],
  };
}

const unable = (errorType: BillingErrorType, detail?: string): PlanChangeResult =>
  fail({ message: "Unable to upgrade plan.", errorType, ...(detail ? { detail } : {}) });

/**
 * Upgrade: asks Shopify's Billing API for the subscription and returns its confirmation page,
 * where the merchant approves the charge; the plan changes once Shopify says it is active
 * (/billing/success, the app_subscriptions/update webhook). The demo store has no Shopify:
 * its confirmation page is a stand-in served by the app (docs/product.md#demo-store).
 */
export async function upgradePlan(context: AdminContext, target: PlanId): Promise<PlanChangeResult> {
  const plusEnabled = getEnv().plusPlanEnabled;
  if (!isPurchasable(target, plusEnabled)) {
    return unable("default", `The ${planName(target)} plan cannot be bought${target === "plus" ? " yet" : ""}.`);
  }
  if (PLAN_IDS.indexOf(target) <= PLAN_IDS.indexOf(context.plan)) {
    return unable("default", `Your plan is already ${planName(context.plan)}.`);
  }
  const redirecting = `Redirecting to upgrade to ${planName(target)} plan...`;
  if (!context.admin) {
    return ok({ plan: target, message: redirecting, confirmationUrl: `/billing/confirm?plan=${target}` });
  }
  const data = await withinTimeout(
    adminGraphqlData(context.admin.graphql, SUBSCRIPTION_CREATE, subscriptionRequest(target, context.shop.domain)),
  );
  const created = data.appSubscriptionCreate;
  if (!created) return unable("default", "Shopify did not answer appSubscriptionCreate.");
  if (created.userErrors.length) return unable("default", `Shopify: ${userErrorText(created.userErrors)}`);
  if (!created.confirmationUrl) return unable("default", "Shopify returned no confirmation page.");
  return ok({ plan: target, message: redirecting, confirmationUrl: created.confirmationUrl });
}

/**
 * Downgrade: the active subscriptions are cancelled (prorated), then the plan is stored, which
 * pauses the rules beyond the new limit and, when Plus ends, switches checkout blocking off.
 * Only Free is a downgrade here: a paid plan below the current one is bought as an upgrade
 * would be (Shopify replaces the subscription on approval).
 */
export async function downgradePlan(context: AdminContext, target: PlanId): Promise<PlanChangeResult> {
  const refused: BillingFailure = { message: "Unable to downgrade.", errorType: "default" };
  if (PLAN_IDS.indexOf(target) >= PLAN_IDS.indexOf(context.plan)) return fail(refused);
  if (target !== "free") {
    // Plus to Core: a Core subscription, approved on Shopify's page, replaces the Plus one
    const result = await upgradePlan({ ...context, plan: "free" }, target);
    if (!result.ok) return fail({ ...result.error, message: refused.message });
    return ok({ ...result.value, message: `Redirecting to change to the ${planName(target)} plan...` });
  }
  const graphql = context.admin?.graphql ?? null;
  if (graphql) {
    for (const subscription of await withinTimeout(activeSubscriptions(graphql))) {
      const data = await withinTimeout(
        adminGraphqlData(graphql, SUBSCRIPTION_CANCEL, {
          id: subscription.id,
          prorate: true,
        }),
      );
      const cancelled = data.appSubscriptionCancel;
      if (!cancelled) return fail({ ...refused, detail: "Shopify did not answer appSubscriptionCancel." });
      if (cancelled.userErrors.length) {
        return fail({ ...refused, detail: `Shopify: ${userErrorText(cancelled.userErrors)}` });
      }
    }
  }
  await storePlan(context.shop.id, FREE_FACTS, { checkedAt: new Date(), graphql });
  return ok({ plan: "free", message: `Successfully downgraded to ${planName("free")} plan.` });
}
