import type { Prisma, Shop } from "@prisma/client";
import prisma from "../../db.server";
import { getEnv } from "../../env.server";
import {
  PLAN_ERROR_RETRY_MS,
  decideSubscriptionUpdate,
  factsFromSubscriptions,
  planRefreshDue,
  rulesToPause,
  type PlanFacts,
  type ShopifySubscription,
  type SubscriptionUpdate,
} from "../../domain/billing/plan-truth";
import { detectPlan, toPlanId, type PlanId } from "../../domain/billing/plans";
import { disableValidation } from "../checkout/deploy.server";
import { actionClientFor, type ActionClient } from "../actions/admin-client.server";
import { isBlockingLive } from "../checkout/function-config.server";
import { matchCodeRulesDiscountToPlan } from "../code-rules/code-rules.server";
import { adminGraphqlData, graphqlForShopDomain, type AdminGraphql } from "../admin-api/admin-graphql.server";
import { forgetShopRules } from "../rules/cache.server";
import { EVALUATED_RULES, limitedRules, resumeWithinLimit, updateLimitedRules } from "../rules/plan-limit.server";
import { logger } from "../../logger.server";
import { messageOf } from "../../domain/result";

/**
 * The shop's plan follows Shopify (docs/architecture.md#billing): it is asked of the
 * Billing API on return from the confirmation page, on every app_subscriptions/update webhook
 * and on an admin load once the stored answer is older than PLAN_REFRESH_MS. Storing a plan
 * pauses the rules beyond its limit (never deletes them), resumes those a smaller plan paused
 * when there is room, and makes what Shopify runs follow the plan (matchShopifyToPlan).
 */

const ACTIVE_SUBSCRIPTIONS = `#graphql
  query MarginGuardrailSubscriptions {
    currentAppInstallation {
      activeSubscriptions { id name status test createdAt trialDays currentPeriodEnd }
    }
  }`;

/** The shop's active app subscriptions, as the Billing API reports them. */
export async function activeSubscriptions(graphql: AdminGraphql): Promise<ShopifySubscription[]> {
  const data = await adminGraphqlData(graphql, ACTIVE_SUBSCRIPTIONS);
  return data.currentAppInstallation.activeSubscriptions;
}

/** Pauses the active rules beyond `plan`'s limit, keeping the oldest; returns how many. */
async function pauseBeyondLimit(
  tx: Prisma.TransactionClient,
  shopId: string,
  plan: PlanId,
  now: Date,
): Promise<number> {
  const pause = rulesToPause(await limitedRules(tx, shopId, EVALUATED_RULES), plan);
  if (pause.length > 0) await updateLimitedRules(tx, shopId, pause, { pausedByPlan: plan, pausedAt: now });
  return pause.length;
}

export interface StoredPlan {
  from: PlanId;
  to: PlanId;
  /** rules the plan paused in this change */
  paused: number;
  /** rules paused before that the plan had room for, resumed in this change */
  resumed: number;
}

/**
 * Stores what Shopify says of the shop's subscription. `checkedAt` marks the answer as fresh
 * (the Billing API was asked); `updatedAt` is a webhook's updated_at, so older ones lose.
 * Rules beyond the plan's limit are paused whenever the plan is stored, so a shop that was
 * over its limit before is brought within it too.
 */
export async function storePlan(
  shopId: string,
  facts: PlanFacts,
  /** checkedAt null: the plan is unconfirmed by the Billing API, which the next admin load asks */
  options: { checkedAt?: Date | null; updatedAt?: Date | null; graphql?: AdminGraphql | null } = {},
): Promise<StoredPlan> {
  const now = new Date();
  const result = await prisma.$transaction(async (tx) => {
    const shop = await tx.shop.findUniqueOrThrow({ where: { id: shopId }, select: { plan: true, domain: true } });
    await tx.shop.update({
      where: { id: shopId },
      data: {
        plan: facts.plan,
        subscriptionId: facts.subscriptionId,
        subscriptionStatus: facts.subscriptionStatus,
        trialEndsOn: facts.trialEndsOn,
        currentPeriodEnd: facts.currentPeriodEnd,
        ...(options.checkedAt !== undefined ? { planCheckedAt: options.checkedAt } : {}),
        ...(options.updatedAt ? { subscriptionUpdatedAt: options.updatedAt } : {}),
      },
    });
    const paused = await pauseBeyondLimit(tx, shopId, facts.plan, now);
    // a plan with room resumes what a smaller one paused, the oldest first (docs/product.md#decisions, 16)
    const { resumed } = await resumeWithinLimit(tx, shopId, facts.plan, now);
    return { from: toPlanId(shop.plan) ?? "free", to: facts.plan, paused, resumed, domain: shop.domain };
  });
  if (result.from !== result.to || result.paused > 0 || result.resumed > 0) {
    forgetShopRules(shopId);
    logger.info("Plan changed", {
      shopId,
      from: result.from,
      to: result.to,
      rulesPaused: result.paused,
      rulesResumed: result.resumed,
    });
  }
  await matchShopifyToPlan({ id: shopId, domain: result.domain }, facts.plan, options.graphql ?? null);
  const { domain: _domain, ...stored } = result;
  return stored;
}

/**
 * What Shopify runs for a paid plan follows the stored plan (docs/product.md#decisions, 16 and 18), through the
 * Admin API the feature was set up with (the demo's stand-in in the demo store, else the shop's
 * offline session, else `graphql`): checkout blocking's validation is switched off below Plus,
 * and the code-rules discount is switched off below Core and on again from Core. It looks at
 * what is stored, not at the change, so a switch Shopify refused is tried again at the next
 * plan check and by the follow-up job (plan-follow-up.server.ts). Shopify's refusals and failures
 * are recorded or logged, never thrown; returns whether everything is in step now.
 */
export async function matchShopifyToPlan(
  shop: { id: string; domain: string },
  plan: PlanId,
  graphql: AdminGraphql | null = null,
): Promise<boolean> {
  let client: Promise<ActionClient | null> | null = null;
  const clientOnce = () =>
    (client ??= actionClientFor(shop.domain).then(
      (found) => found ?? (graphql ? { graphql, standIn: false } : null),
      () => (graphql ? { graphql, standIn: false } : null),
    ));
  let inStep = true;
  // blocking comes with Plus: its validation is switched off below it
  const blocking = plan === "plus" ? null : await prisma.functionConfig.findUnique({ where: { shopId: shop.id } });
  if (blocking && isBlockingLive(blocking)) {
    const refused = await disableValidation(shop.id, (await clientOnce())?.graphql ?? null).catch((error: unknown) =>
      messageOf(error),
    );
    if (refused) {
      inStep = false;
      logger.error("Could not switch checkout blocking off (tried again later)", { shopId: shop.id, reason: refused });
    }
  }
  // code rules come with Core: their discount is switched off below it, and on again above
  const codes = await matchCodeRulesDiscountToPlan(shop.id, plan, clientOnce);
  return inStep && codes !== "refused";
}

/**
 * Asks the Billing API for the shop's plan and stores the answer as fresh (with a webhook's
 * `updatedAt`); returns the plan and the subscriptions it came from.
 */
export async function refreshPlan(
  shopId: string,
  graphql: AdminGraphql,
  updatedAt: Date | null = null,
): Promise<{ facts: PlanFacts; subscriptions: ShopifySubscription[] }> {
  const subscriptions = await activeSubscriptions(graphql);
  const facts = factsFromSubscriptions(subscriptions, { acceptTest: getEnv().billingTest });
  await storePlan(shopId, facts, { checkedAt: new Date(), updatedAt, graphql });
  return { facts, subscriptions };
}

/** One Billing API call at a time per shop in this process, and a pause after a failure. */
const inFlight = new Map<string, Promise<PlanId>>();
const failedAt = new Map<string, { at: number; reason: string }>();

class PlanCheckFailed extends Error {}

async function billingPlan(shop: Shop, graphql: AdminGraphql, now: Date): Promise<PlanId> {
  if (!planRefreshDue(shop.planCheckedAt, now)) return toPlanId(shop.plan) ?? "free";
  const failure = failedAt.get(shop.id);
  if (failure && now.getTime() - failure.at < PLAN_ERROR_RETRY_MS) throw new PlanCheckFailed(failure.reason);
  let pending = inFlight.get(shop.id);
  if (!pending) {
    pending = refreshPlan(shop.id, graphql)
      .then(({ facts }) => {
        failedAt.delete(shop.id);
        return facts.plan;
      })
      .catch((error: unknown) => {
        const reason = messageOf(error);
        failedAt.set(shop.id, { at: Date.now(), reason });
        logger.error("Billing API check failed; the last confirmed plan holds until it answers", {
          shop: shop.domain,
          reason,
        });
        throw new PlanCheckFailed(reason);
      })
      .finally(() => inFlight.delete(shop.id));
    inFlight.set(shop.id, pending);
  }
  return pending;
}

/**
 * The plan of an admin load (docs/product.md#plans): the billing plan (Shopify's answer, asked
 * again once stale). Without an Admin API client, or when Shopify fails (logged), it is the last
 * plan Shopify confirmed, Free for a shop it never confirmed; nothing is stored, so no rule is
 * paused by an outage, and no plan the merchant did not approve is shown or granted.
 */
export function planForShop(shop: Shop, graphql: AdminGraphql | null, now = new Date()): Promise<PlanId> {
  const lastConfirmed = shop.planCheckedAt ? toPlanId(shop.plan) : null;
  return detectPlan([() => (graphql ? billingPlan(shop, graphql, now) : null)], lastConfirmed);
}

/** Forgets this process's failure pauses (tests). */
export function forgetPlanChecks(): void {
  failedAt.clear();
}

/**
 * app_subscriptions/update: the plan is asked of the Billing API (the truth, whatever order
 * the webhooks come in); when Shopify cannot be asked, the payload decides on its own, so an
 * old subscription's cancellation after an upgrade changes nothing. Applying the same update
 * twice stores the same plan.
 */
export async function applySubscriptionUpdate(shopDomain: string, update: SubscriptionUpdate): Promise<void> {
  const shop = await prisma.shop.findUnique({ where: { domain: shopDomain } });
  if (!shop) return;
  const updatedAt = update.updated_at ? new Date(update.updated_at) : null;
  const graphql = await graphqlForShopDomain(shopDomain);
  if (graphql) {
    try {
      await refreshPlan(shop.id, graphql, updatedAt);
      return;
    } catch (error) {
      logger.error("Billing API check failed; deciding from the webhook", { shop: shopDomain, err: error });
    }
  }
  const decision = decideSubscriptionUpdate(
    {
      plan: toPlanId(shop.plan) ?? "free",
      subscriptionId: shop.subscriptionId,
      subscriptionUpdatedAt: shop.subscriptionUpdatedAt,
    },
    update,
  );
  if (!decision.apply) {
    logger.info("Subscription update ignored", { shop: shopDomain, reason: decision.reason });
    return;
  }
  // A payload cannot say whether it is a test charge: a paid plan it grants stays unconfirmed,
  // so the next admin load asks the Billing API (which does say) before trusting it.
  const confirmed = decision.facts.plan === "free" || getEnv().billingTest;
  await storePlan(shop.id, decision.facts, {
    checkedAt: confirmed ? new Date() : null,
    updatedAt: decision.updatedAt,
    graphql,
  });
}
