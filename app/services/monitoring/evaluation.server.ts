import prisma from "../../db.server";
import { serializeCheckoutConfig } from "../../domain/checkout/checkout-blocking";
import { checkoutConfigInputLimits, codeRulesInputLimits } from "../../domain/functions/input-limits";
import { alertedBreaches, dropPendingHolds, insertActionRows, insertAlertRows } from "../../db/outbox-queue.sql.server";
import { breachesToTell, orderAlertOf } from "../../domain/alerts/order-alert";
import { orderActionsOf } from "../../domain/actions/order-actions";
import { markOrdersDone, selectOrderFingerprints, upsertOrderFingerprints } from "../../db/order-queue.sql.server";
import { planHasCheckoutBlocking, toPlanId, type PlanId } from "../../domain/billing/plans";
import { alertPreferences } from "../alerts/settings.server";
import { shopCheckoutSetup } from "../checkout/function-config.server";
import { codeRulesInForce } from "../code-rules/code-rules.server";
import { hasNewAccountRule } from "../../domain/code-rules/code-rules";
import type { ProtectionSetup } from "../../domain/monitoring/protection-gaps";
import {
  evaluableRules,
  needVariants,
  planOrderEffects,
  type OrderEffects,
  type OrderEffectsContext,
  type OrderToPlan,
  type VariantFacts,
} from "../../domain/actions/order-effects";
import { recordAuditEvents } from "../audit/events.server";
import { countWaitingCodeUsage, recordCodeUsage, type CodeUsageContext } from "../leaks/code-usage.server";
import { applyCostModel } from "../costs/model.server";
import { recordOrderEvaluations } from "../roi/order-money.server";
import { endsPendingHolds } from "../../domain/monitoring/order-outcome";
import { cachedForShop } from "../rules/cache.server";
import { EVALUATED_RULES } from "../rules/plan-limit.server";
import { getStackingSettings } from "../rules/settings.server";
import { rulesToPause } from "../../domain/billing/plan-truth";
import { PROCESS_ID } from "../process-id.server";
import type { AdminGraphql } from "../admin-api/admin-graphql.server";
import { loadVariantFacts } from "./variant-facts.server";

/**
 * The monitoring engine's service (docs/architecture.md#an-order-webhook-to-a-delivered-alert): loads a
 * shop's context, has the domain plan what its queued orders do (planOrderEffects), and applies
 * the plan in one transaction.
 */

/** Where the engine gets an Admin API client for a shop (null: cache only). */
export type GraphqlForShop = (shopDomain: string) => Promise<AdminGraphql | null>;

/** A queued order to evaluate: from the queue, or built by the demo seed. */
export interface OrderJob extends OrderToPlan {
  id?: string;
  shopId: string;
}

/** A shop as the engine evaluates its orders: the planner's context but the variants, which depend on the orders. */
export interface ShopContext extends Omit<OrderEffectsContext, "shop" | "variants"> {
  shop: { id: string; domain: string; plan: PlanId };
  needsVariants: boolean;
}

/** A shop's rules as the engine evaluates them (cached), with its stacking and alert settings. */
export function shopContext(shopId: string): Promise<ShopContext | null> {
  return cachedForShop(shopId, () => loadShopContext(shopId));
}

async function loadShopContext(shopId: string): Promise<ShopContext | null> {
  const [shop, rules, collectionRules, stacking, settings, checkout] = await Promise.all([
    prisma.shop.findUnique({
      where: { id: shopId },
      select: { id: true, domain: true, plan: true, timezone: true, flowTriggerEnabled: true },
    }),
    prisma.rule.findMany({ where: { shopId, ...EVALUATED_RULES } }),
    prisma.collectionRule.findMany({ where: { shopId, ...EVALUATED_RULES } }),
    getStackingSettings(shopId),
    prisma.alertSettings.findUnique({ where: { shopId } }),
    shopCheckoutSetup(shopId),
  ]);
  if (!shop) return null;
  const plan = toPlanId(shop.plan) ?? "free";
  // only the rules the plan allows, the oldest first, even before a plan change paused the rest
  const over = new Set(
    rulesToPause(
      [...rules, ...collectionRules].map((rule) => ({ id: rule.id, kind: "rule" as const, createdAt: rule.createdAt })),
      plan,
    ).map((rule) => rule.id),
  );
  const allowed = (rule: { id: string }) => !over.has(rule.id);
  const evaluable = evaluableRules(rules.filter(allowed), collectionRules.filter(allowed));
  const protection = await protectionSetup({ id: shop.id, plan }, checkout);
  return {
    shop: { id: shop.id, domain: shop.domain, plan },
    alerts: settings && alertPreferences(settings, shop.timezone),
    rules: evaluable,
    stacking,
    // protected collections are told by the lines' collections, as collection rules' are
    needsVariants: needVariants(evaluable) || (protection.codeRules?.rules.protectedCollectionIds.length ?? 0) > 0,
    checkout: checkout.live ? checkout.config : null,
    protection,
    orderActions: new Map([...rules, ...collectionRules].map((rule) => [rule.id, orderActionsOf(rule)])),
    flowTriggerEnabled: shop.flowTriggerEnabled,
  };
}

/**
 * The blocking an order of the shop is held to (docs/product.md#protection-gaps): the checkout
 * rule once deployed on the plan that blocks checkouts, and the code rules in force.
 */
async function protectionSetup(
  shop: { id: string; plan: PlanId },
  checkout: Awaited<ReturnType<typeof shopCheckoutSetup>>,
): Promise<ProtectionSetup> {
  const codeRules = await codeRulesInForce(shop);
  const blocking =
    planHasCheckoutBlocking(shop.plan) && checkout.deployed ? { config: checkout.config, active: checkout.live } : null;
  // what the Functions are given, measured as Shopify would take it: over its limits, they let all through
  const overLimits =
    (codeRules !== null && codeRulesInputLimits(codeRules.rules).problems.length > 0) ||
    (blocking !== null && checkoutConfigInputLimits(serializeCheckoutConfig(blocking.config)).problems.length > 0);
  return { checkout: blocking, codeRules, functionInputWithinLimits: !overLimits };
}

/**
 * Evaluates queued orders of one shop against its active rules and records each breach once.
 * An order whose discounts did not change since it was last evaluated creates nothing; one
 * whose discounts changed creates events that say so. Returns the events created per job.
 */
export async function evaluateShopOrders(
  shopId: string,
  jobs: OrderJob[],
  graphqlForShop: GraphqlForShop,
  options: {
    /**
     * the demo seed's past orders: their alerts are routed and queued as at each order's
     * time, and the worker is not woken (the seed settles them as history)
     */
    history?: boolean;
    /** wakes the alert worker when alerts or order actions are due now */
    kickAlerts?: () => void;
  } = {},
): Promise<number[]> {
  const context = await shopContext(shopId);
  if (!context) return jobs.map(() => 0);
  const previous = await selectOrderFingerprints(shopId, [...new Set(jobs.map((job) => job.facts.orderId))]);
  const variants: Map<string, VariantFacts> = context.needsVariants
    ? await loadVariantFacts(
        shopId,
        jobs.flatMap((job) => job.facts.lines.flatMap((line) => (line.variantId ? [line.variantId] : []))),
        await graphqlForShop(context.shop.domain),
      )
    : new Map();
  // the cost model: unit costs at each order's date, fees and shipping (docs/product.md#costs)
  const costed = context.needsVariants
    ? await applyCostModel(
        shopId,
        jobs.map((job) => ({ facts: job.facts, at: job.at ?? new Date() })),
      )
    : null;
  const planned = costed ? jobs.map((job, index) => ({ ...job, facts: costed[index] })) : jobs;
  const now = new Date();
  const plan = planOrderEffects({ ...context, variants }, planned, previous, now, { history: options.history });
  const { created, queued } = await applyOrderEffects(shopId, jobs, plan, now, {
    plan: context.shop.plan,
    alerts: context.alerts,
    newAccountDays: newAccountDaysOf(context),
    history: options.history,
  });
  if (queued > 0 && !options.history) options.kickAlerts?.();
  return created;
}

/**
 * The code rules' new-account days when that rule is in force: the leaked-code detector counts
 * younger accounts as first-time customers (docs/product.md#leaked-codes).
 */
function newAccountDaysOf(context: ShopContext): number | null {
  const rules = context.protection?.codeRules?.rules;
  return rules && hasNewAccountRule(rules) ? rules.newAccountDays : null;
}

/**
 * The leaked-code detector's counting pass over the redemptions orders wrote, with each shop's
 * plan and alert settings (docs/architecture.md#an-order-webhook-to-a-delivered-alert).
 */
export function countCodeUsage(now = new Date()): Promise<{ orders: number; queued: number; more: boolean }> {
  return countWaitingCodeUsage(async (shopId) => {
    const context = await shopContext(shopId);
    return context
      ? { plan: context.shop.plan, alerts: context.alerts, newAccountDays: newAccountDaysOf(context) }
      : null;
  }, now);
}

/**
 * Writes a plan (made at `now`) in one transaction: the fingerprints, the events (only new
 * dedupe keys are recorded), the money, each recorded event's alerts and order actions in the
 * outbox (none is lost), and the queued orders done. Returns the events created per job, and how many
 * deliveries are due now (held alerts wait for their digest's time, which the worker's sweep
 * finds: no kick for them).
 */
async function applyOrderEffects(
  shopId: string,
  jobs: OrderJob[],
  plan: OrderEffects,
  now: Date,
  leaks: CodeUsageContext,
): Promise<{ created: number[]; queued: number }> {
  const created = jobs.map(() => 0);
  let queued = 0;
  await prisma.$transaction(async (tx) => {
    await upsertOrderFingerprints(tx, shopId, plan.fingerprints);
    const recorded = await recordAuditEvents(
      shopId,
      plan.events.map((planned) => planned.event),
      tx,
    );
    // what became of breaching orders (cancelled, edited down) is recorded with their money; the
    // holds still waiting for an order left with nothing to hold are not placed
    // (docs/product.md#order-actions)
    const outcomes = await recordOrderEvaluations(tx, shopId, plan.money.evaluated, plan.money.known, now);
    await recordAuditEvents(shopId, outcomes, tx);
    await dropPendingHolds(
      tx,
      shopId,
      outcomes.flatMap((event) => (endsPendingHolds(event) && event.orderId ? [event.orderId] : [])),
      "Not done: the order was cancelled or edited down to within the limits",
      now,
    );
    const jobOf = new Map(plan.events.map((planned) => [planned.event.dedupeKey, planned.order]));
    const idOf = new Map<string, string>();
    for (const row of recorded) {
      if (!row.dedupeKey) continue;
      idOf.set(row.dedupeKey, row.id);
      const index = jobOf.get(row.dedupeKey);
      if (index !== undefined) created[index] += 1;
    }
    // one alert per order and channel, naming the breaches recorded now that the order was not
    // alerted about before (docs/product.md#alerts)
    const told = await alertedBreaches(
      tx,
      shopId,
      plan.alerts.filter((alert) => alert.reevaluated),
    );
    const alerts = plan.alerts.flatMap(({ orderId, breaches, deliveries, queuedAt }) => {
      const known = told.get(orderId) ?? new Set<string>();
      const telling = breachesToTell(breaches, idOf, known);
      // a later version of the order in this batch does not tell them again either
      for (const breach of telling) known.add(breach.breachKey);
      told.set(orderId, known);
      if (telling.length === 0) return [];
      const event = orderAlertOf(telling);
      return deliveries.map((delivery) => ({ auditEventId: event.id, event, delivery, queuedAt }));
    });
    const actions = plan.actions.flatMap(({ eventKey, payload, ...rest }) => {
      const id = idOf.get(eventKey);
      return id ? [{ auditEventId: id, payload: { ...payload, id }, ...rest }] : [];
    });
    queued = alerts.filter((alert) => alert.delivery.status === "pending").length + actions.length;
    await insertAlertRows(tx, shopId, alerts, now);
    await insertActionRows(tx, shopId, actions, now);
    // the leaked-code detector: a queued order's codes wait for the worker's counting pass (marked
    // with the order done, no statement of their own); the demo's history is counted at once
    // (docs/architecture.md#an-order-webhook-to-a-delivered-alert)
    if (leaks.history) queued += await recordCodeUsage(tx, shopId, jobs, now, leaks);
    await markOrdersDone(
      tx,
      jobs.flatMap((job, index) =>
        job.id
          ? [
              {
                id: job.id,
                created: created[index],
                codesWaiting: !leaks.history && job.facts.discountCodes.length > 0,
              },
            ]
          : [],
      ),
      new Date(),
      PROCESS_ID,
    );
  });
  return { created, queued };
}
