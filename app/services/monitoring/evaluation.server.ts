import crypto from "node:crypto";
import prisma from "../../db.server";
import {
  insertActionRows,
  insertOutboxRows,
  type NewActionRow,
  type NewOutboxRow,
} from "../../db/alert-outbox.sql.server";
import {
  ACTION_CHANNELS,
  actionKey,
  orderActionsOf,
  plannedActions,
  type ActionEvent,
  type OrderActions,
} from "../../domain/order-actions";
import { markOrdersDone, selectOrderFingerprints, upsertOrderFingerprints } from "../../db/order-queue.sql.server";
import type { AlertEvent } from "../../domain/alert-message";
import { plannedDeliveries, type AlertPreferences } from "../../domain/alert-routing";
import { toPlanId, type PlanId } from "../../domain/plans";
import { kickAlertWorker } from "../alerts/delivery.server";
import { alertPreferences } from "../alerts/settings.server";
import type { NewAuditEvent } from "../../domain/audit-events";
import { breachEvent } from "../../domain/breach-event";
import type { CheckoutConfig } from "../../domain/checkout-blocking";
import { adminOverrideEvent } from "../../domain/checkout-events";
import { shopCheckoutSetup } from "../checkout/function-config.server";
import { evaluateOrder, type EvaluableRule } from "../../domain/evaluate";
import type { OrderFacts } from "../../domain/order-facts";
import { factsFingerprint } from "../../domain/order-payload";
import { mapCollectionRule } from "../../domain/rules";
import { recordAuditEvents } from "../audit/events.server";
import { orderOverage, type OrderEvaluated, type Overage } from "../../domain/order-money";
import { recordOrderEvaluations } from "../roi/order-money.server";
import { cachedForShop } from "../rules/cache.server";
import { EVALUATED_RULES, getStackingSettings } from "../rules/rules.server";
import { rulesToPause } from "../../domain/plan-truth";
import { PROCESS_ID } from "../process-id.server";
import { loadVariantFacts, type AdminGraphql } from "./variant-facts.server";

/** Where the engine gets an Admin API client for a shop (null: cache only). */
export type GraphqlForShop = (shopDomain: string) => Promise<AdminGraphql | null>;

export function evaluableRules(
  rules: Omit<EvaluableRule, "collectionId" | "collectionLabel">[],
  collectionRules: Parameters<typeof mapCollectionRule>[0][],
): EvaluableRule[] {
  return [
    ...rules,
    ...collectionRules.map((row) => {
      const mapped = mapCollectionRule(row);
      return {
        id: mapped.id,
        name: mapped.name,
        ruleType: mapped.collectionRuleType,
        thresholdUnit: mapped.thresholdUnit,
        thresholdPercent: mapped.thresholdPercent,
        thresholdAmountCents: mapped.thresholdAmountCents,
        collectionId: mapped.collectionId,
        collectionLabel: row.collectionTitle || row.collectionId,
      };
    }),
  ];
}

/** Margin floors need unit costs, collection rules the lines' collections: both come from the variants. */
export const needVariants = (rules: EvaluableRule[]) =>
  rules.some((rule) => rule.ruleType === "margin_floor" || Boolean(rule.collectionId));

/** A queued order to evaluate: from the queue, or built by the demo seed. */
export interface OrderJob {
  id?: string;
  shopId: string;
  topic: string;
  facts: OrderFacts;
  customerId: string | null;
  /** when the events happened (the demo seed's past orders); now by default */
  at?: Date;
}

export interface ShopContext {
  shop: { id: string; domain: string; plan: PlanId };
  /** how the shop's breaches are alerted (null: no settings) */
  alerts: AlertPreferences | null;
  rules: EvaluableRule[];
  stacking: Awaited<ReturnType<typeof getStackingSettings>>;
  needsVariants: boolean;
  /** the checkout Function's configuration while its validation is live: staff overrides are recorded */
  checkout: CheckoutConfig | null;
  /** each rule's order actions (docs/product.md#order-actions), by rule id */
  orderActions: Map<string, OrderActions>;
  /** whether an enabled Shopify Flow workflow uses the trigger (Flow's lifecycle callback) */
  flowTriggerEnabled: boolean;
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
  return {
    shop: { id: shop.id, domain: shop.domain, plan },
    alerts: settings && alertPreferences(settings, shop.timezone),
    rules: evaluable,
    stacking,
    needsVariants: needVariants(evaluable),
    checkout: checkout.live ? checkout.config : null,
    orderActions: new Map([...rules, ...collectionRules].map((rule) => [rule.id, orderActionsOf(rule)])),
    flowTriggerEnabled: shop.flowTriggerEnabled,
  };
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
  /**
   * `history`: the demo seed's past orders: their alerts are routed and queued as at each
   * order's time, and the worker is not woken (the seed settles them as history)
   */
  options: { history?: boolean } = {},
): Promise<number[]> {
  const context = await shopContext(shopId);
  if (!context) return jobs.map(() => 0);
  const previous = await selectOrderFingerprints(shopId, [...new Set(jobs.map((job) => job.facts.orderId))]);
  const variants = context.needsVariants
    ? await loadVariantFacts(
        shopId,
        jobs.flatMap((job) => job.facts.lines.flatMap((line) => (line.variantId ? [line.variantId] : []))),
        await graphqlForShop(context.shop.domain),
      )
    : new Map();

  const checks = new Map<string, { fingerprint: string; at: Date }>();
  const events: NewAuditEvent[] = [];
  const evaluated: OrderEvaluated[] = [];
  const known = new Set<string>();
  const jobOf = new Map<string, number>();
  jobs.forEach((job, index) => {
    const at = job.at ?? new Date();
    const fingerprint = factsFingerprint(job.facts);
    const before = checks.get(job.facts.orderId)?.fingerprint ?? previous.get(job.facts.orderId);
    if (before === fingerprint) return;
    checks.set(job.facts.orderId, { fingerprint, at });
    const facts = context.needsVariants ? withVariantFacts(job.facts, variants) : job.facts;
    const fingerprintHash = crypto.createHash("sha256").update(fingerprint).digest("hex").slice(0, 16);
    // a cancelled order breaks nothing new: only its money changes
    const outcomes = facts.cancelled ? [] : evaluateOrder(facts, context.rules, context.stacking);
    const overages: Overage[] = [];
    for (const outcome of outcomes) {
      if (!outcome.breached) continue;
      const event = breachEvent(outcome, facts, {
        customerId: job.customerId,
        topic: job.topic,
        changed: before !== undefined,
        fingerprintHash,
        at,
      });
      jobOf.set(event.dedupeKey as string, index);
      events.push(event);
      overages.push({ overageCents: outcome.marginSavedCents, ruleKey: event.ruleKey ?? null });
    }
    // what the order counts in money, once (docs/decisions/0025-what-saved-means.md)
    if (before !== undefined) known.add(facts.orderId);
    if (overages.length > 0 || before !== undefined) {
      evaluated.push({
        orderId: facts.orderId,
        orderName: facts.orderName,
        currency: facts.currency,
        at,
        discountCents: facts.totalDiscountCents,
        overage: orderOverage(facts.totalDiscountCents, overages),
        cancelled: Boolean(facts.cancelled),
      });
    }
    const override = context.checkout && adminOverrideEvent(facts, job.customerId, context.checkout, at);
    if (override) {
      jobOf.set(override.dedupeKey as string, index);
      events.push(override);
    }
  });

  const created = jobs.map(() => 0);
  const now = new Date();
  let queuedAlerts = 0;
  await prisma.$transaction(async (tx) => {
    await upsertOrderFingerprints(tx, shopId, checks);
    const recorded = await recordAuditEvents(shopId, events, tx);
    await recordOrderEvaluations(tx, shopId, evaluated, known, now);
    for (const row of recorded) {
      const index = jobOf.get(row.dedupeKey ?? "");
      if (index !== undefined) created[index] += 1;
    }
    // each recorded breach's alerts go to the outbox in the same transaction: none is lost
    const byKey = new Map(events.map((event) => [event.dedupeKey, event]));
    const alerts: NewOutboxRow[] = [];
    const actions: NewActionRow[] = [];
    for (const row of recorded) {
      const event = byKey.get(row.dedupeKey);
      if (!event) continue;
      const alertEvent = alertEventOf(row.id, event, now);
      const at = options.history ? alertEvent.createdAt : now;
      for (const delivery of plannedDeliveries(event.severity, context.alerts, context.shop.plan, at)) {
        alerts.push({
          auditEventId: row.id,
          event: alertEvent,
          delivery,
          ...(options.history ? { queuedAt: at } : {}),
        });
      }
      // and its order actions, once per order and rule however often the order comes back
      const { ruleId, orderId } = event;
      if (!ruleId || !orderId || event.eventType !== "rule_triggered") continue;
      const payload: ActionEvent = { ...alertEvent, ruleId, ruleType: event.ruleKey ?? "" };
      const planned = plannedActions(
        { orderActions: context.orderActions.get(ruleId) },
        { plan: context.shop.plan, flowTriggerEnabled: context.flowTriggerEnabled },
      );
      for (const action of planned) {
        actions.push({
          auditEventId: row.id,
          channel: ACTION_CHANNELS[action],
          actionKey: actionKey(shopId, orderId, ruleId, action),
          payload,
        });
      }
    }
    // held alerts wait for their digest's time, which the worker's sweep finds: no kick for them
    queuedAlerts = alerts.filter((alert) => alert.delivery.status === "pending").length + actions.length;
    await insertOutboxRows(tx, shopId, alerts, now);
    await insertActionRows(tx, shopId, actions, now);
    await markOrdersDone(
      tx,
      jobs.flatMap((job, index) => (job.id ? [{ id: job.id, created: created[index] }] : [])),
      new Date(),
      PROCESS_ID,
    );
  });
  if (queuedAlerts > 0 && !options.history) void kickAlertWorker();
  return created;
}

/** What an alert needs of a breach event, kept with the outbox row. */
function alertEventOf(id: string, event: NewAuditEvent, now: Date): AlertEvent {
  return {
    id,
    severity: event.severity,
    message: event.message,
    orderId: event.orderId ?? null,
    orderName: event.orderName ?? null,
    discountCodes: Array.isArray(event.discountCodes) ? (event.discountCodes as string[]) : [],
    discountPercent: event.discountPercent ?? null,
    totalDiscountCents: event.totalDiscountCents ?? null,
    overLimitCents: event.marginSavedCents ?? null,
    currency: event.currency ?? "USD",
    ruleName: event.ruleName ?? null,
    threshold: event.threshold ?? null,
    createdAt: event.createdAt instanceof Date ? event.createdAt : now,
  };
}

/** The order's lines with the unit costs and collections the Admin API (or its cache) knows. */
export function withVariantFacts(
  facts: OrderFacts,
  variants: Map<string, { unitCostCents: number | null; collectionIds: string[] }>,
): OrderFacts {
  return {
    ...facts,
    lines: facts.lines.map((line) => {
      const known = line.variantId ? variants.get(line.variantId) : undefined;
      return known ? { ...line, unitCostCents: known.unitCostCents, collectionIds: known.collectionIds } : line;
    }),
  };
}
