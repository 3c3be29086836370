import type { BillingErrorType } from "../../domain/billing-errors";
import type { PlanId } from "../../domain/plans";
import { adminGraphqlData } from "../shops/admin-graphql.server";
import type { AdminContext } from "../shops/admin-context.server";
import { refreshPlan } from "./plan-truth.server";

export interface VerifyResult {
  active: boolean;
  planType: PlanId;
  subscriptions: { name: string; status: string; createdAt: string }[];
  /** the subscription Shopify returned the merchant with ended without becoming active */
  failure?: BillingErrorType;
}

const SUBSCRIPTION_STATUS = `#graphql
  query MarginGuardrailCharge($id: ID!) {
    node(id: $id) { ... on AppSubscription { id status } }
  }`;

/** Shopify's status for a subscription that ended unapproved, as the error page's variant. */
const FAILURES: Record<string, BillingErrorType> = {
  DECLINED: "declined",
  CANCELLED: "cancelled",
  EXPIRED: "timeout",
};

/**
 * After Shopify's confirmation page (docs/product.md#plans, /billing/success): reads the
 * shop's active subscriptions from the Billing API and stores the plan they pay for. With the
 * `charge_id` Shopify adds to the return address, a charge that was declined, cancelled or
 * left to expire is told as such. The demo store has no Shopify: its stand-in confirmation
 * page stored the plan already.
 */
export async function verifySubscription(context: AdminContext, chargeId?: string | null): Promise<VerifyResult> {
  const graphql = context.admin?.graphql;
  if (!graphql) return { active: context.plan !== "free", planType: context.plan, subscriptions: [] };
  const { facts, subscriptions } = await refreshPlan(context.shop.id, graphql);
  const result: VerifyResult = {
    active: facts.plan !== "free",
    planType: facts.plan,
    subscriptions: subscriptions.map((subscription) => ({
      name: subscription.name,
      status: subscription.status,
      createdAt: String(subscription.createdAt ?? ""),
    })),
  };
  if (!result.active && chargeId && /^\d{1,20}$/.test(chargeId)) {
    const data = await adminGraphqlData<{ node: { status?: string } | null }>(graphql, SUBSCRIPTION_STATUS, {
      id: `gid://shopify/AppSubscription/${chargeId}`,
    });
    const failure = FAILURES[data.node?.status ?? ""];
    if (failure) result.failure = failure;
  }
  return result;
}
