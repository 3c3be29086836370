import type { BillingErrorType } from "../../domain/billing/billing-errors";
import type { PlanId } from "../../domain/billing/plans";
import { adminGraphqlData, type AdminGraphql } from "../admin-api/admin-graphql.server";
import type { AdminContext } from "../../types/admin-context";
import { refreshPlan } from "./plan-truth.server";
import { withinTimeout } from "./plans.server";
import { messageOf } from "../../domain/result";

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
 * Shopify's Billing API could not be asked: no connection, a connection ended without an
 * answer, an HTTP failure, or no answer within BILLING_CALL_TIMEOUT_MS.
 */
export class BillingApiUnavailable extends Error {}

/**
 * `graphql` whose failures to reach Shopify throw BillingApiUnavailable. A Response it throws
 * is the library's own answer (re-authentication after a 401) and goes on untouched.
 */
function reachingShopify(graphql: AdminGraphql): AdminGraphql {
  return async (query, options) => {
    try {
      return await withinTimeout(graphql(query, options));
    } catch (error) {
      if (error instanceof Response) throw error;
      const reason = messageOf(error);
      throw new BillingApiUnavailable(`Shopify's Billing API could not be reached: ${reason}`, { cause: error });
    }
  };
}

/**
 * After Shopify's confirmation page (docs/product.md#plans, /billing/success): reads the
 * shop's active subscriptions from the Billing API and stores the plan they pay for. With the
 * `charge_id` Shopify adds to the return address, a charge that was declined, cancelled or
 * left to expire is told as such. The demo store has no Shopify: its stand-in confirmation
 * page stored the plan already. Throws BillingApiUnavailable when Shopify cannot be asked.
 */
export async function verifySubscription(context: AdminContext, chargeId?: string | null): Promise<VerifyResult> {
  if (!context.admin?.graphql) return { active: context.plan !== "free", planType: context.plan, subscriptions: [] };
  const graphql = reachingShopify(context.admin.graphql);
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
    const data = await adminGraphqlData(graphql, SUBSCRIPTION_STATUS, {
      id: `gid://shopify/AppSubscription/${chargeId}`,
    });
    const failure = FAILURES[data.node?.status ?? ""];
    if (failure) result.failure = failure;
  }
  return result;
}
