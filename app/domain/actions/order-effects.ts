/**
 * What a batch of one shop's queued orders does, planned without the database
 * (docs/architecture.md#an-order-webhook-to-a-delivered-alert): which orders changed since they were last
 * evaluated (their fingerprints), the audit events their breaches and staff overrides make, what
 * each order counts in money, the one alert each order's breaches make per channel (now, held for
 * the quiet hours or for a digest) and the order actions each breach queues. The monitoring service loads the
 * shop's context and applies the plan in one transaction; the database then decides which
 * events are new (their dedupe keys), and only those get their alerts and actions. Pure: the
 * time is passed in.
 */
import crypto from "node:crypto";
import type { AlertEvent } from "../alerts/alert-message";
import { meetsMinimum, plannedDeliveries, type AlertPreferences, type PlannedDelivery } from "../alerts/alert-routing";
import { breachKeyOf, worstFirst, type PlannedBreach } from "../alerts/order-alert";
import type { NewAuditEvent } from "../audit/audit-events";
import { breachEvent } from "../monitoring/breach-event";
import type { CheckoutConfig } from "../checkout/checkout-blocking";
import { adminOverrideEvent } from "../checkout/checkout-events";
import { evaluateOrder, type EvaluableRule, type StackingContext } from "../monitoring/evaluate";
import {
  ACTION_CHANNELS,
  actionKey,
  plannedActions,
  type ActionChannel,
  type ActionEvent,
  type OrderActions,
} from "./order-actions";
import type { OrderFacts } from "../monitoring/order-facts";
import { orderOverage, type OrderEvaluated, type Overage } from "../monitoring/order-money";
import { protectionGaps, type ProtectionSetup } from "../monitoring/protection-gaps";
import { factsFingerprint } from "../monitoring/order-payload";
import type { PlanId } from "../billing/plans";
import { mapCollectionRule } from "../rules/rules";
import { inForce } from "../rules/rule-schedule";
import { RECONCILIATION_TOPIC, reconciledEvent } from "../monitoring/reconciliation";

/** What the planner knows of a shop: its rules as evaluated, alert settings, plan and order actions. */
export interface OrderEffectsContext {
  shop: { id: string; plan: PlanId };
  /** how the shop's breaches are alerted (null: no settings) */
  alerts: AlertPreferences | null;
  rules: EvaluableRule[];
  stacking: StackingContext;
  /** the checkout Function's configuration while its validation is live: staff overrides are recorded */
  checkout: CheckoutConfig | null;
  /**
   * the blocking the shop set up (checkout rule, code rules): an order that got past it is a
   * protection gap (docs/product.md#protection-gaps); null or absent: nothing is blocked
   */
  protection?: ProtectionSetup | null;
  /** each rule's order actions (docs/product.md#order-actions), by rule id */
  orderActions: Map<string, OrderActions>;
  /** whether an enabled Shopify Flow workflow uses the trigger (Flow's lifecycle callback) */
  flowTriggerEnabled: boolean;
  /** unit costs and collections by variant id (what the Admin API or its cache knows); empty when no rule needs them */
  variants: Map<string, VariantFacts>;
}

export interface VariantFacts {
  unitCostCents: number | null;
  collectionIds: string[];
}

/** One order to evaluate: from the queue (its webhook), or built by the demo seed. */
export interface OrderToPlan {
  topic: string;
  facts: OrderFacts;
  customerId: string | null;
  /** when the events happened (the demo seed's past orders); `now` by default */
  at?: Date;
}

/** The topic of an order read again after an edit (docs/product.md#protection-gaps). */
export const ORDER_EDITED_TOPIC = "orders/edited";

/** An audit event to record, with the index of the order (in the planner's input) it belongs to. */
export interface PlannedEvent {
  order: number;
  event: NewAuditEvent;
}

/**
 * The alert of one evaluation of an order, to queue on each channel if any of its breaches is
 * recorded (new): one alert per order and channel naming every breach (docs/product.md#alerts),
 * its events' ids filled in when they are recorded.
 */
export interface PlannedAlert {
  orderId: string;
  orderName: string;
  /** the order was evaluated before (its discounts changed): breaches it was alerted about are not told again */
  reevaluated: boolean;
  /** worst first */
  breaches: PlannedBreach[];
  /** the channels it goes to, and when */
  deliveries: PlannedDelivery[];
  /** when it was queued, if not now (the demo's history) */
  queuedAt?: Date;
}

/** An order action of a breach, to queue if the breach is recorded; at most once per `actionKey`. */
export interface PlannedOrderAction {
  eventKey: string;
  channel: ActionChannel;
  actionKey: string;
  payload: Omit<ActionEvent, "id">;
  /** when it was queued and due, if not now (the demo's history) */
  queuedAt?: Date;
}

export interface OrderEffects {
  /** the fingerprint of each order evaluated, by order id (orders left out were unchanged) */
  fingerprints: Map<string, { fingerprint: string; at: Date }>;
  events: PlannedEvent[];
  /** what the orders count in money (docs/product.md#what-the-figures-count); `known`: evaluated before */
  money: { evaluated: OrderEvaluated[]; known: Set<string> };
  /** the alert of each order evaluated (the outbox's alert rows, one per channel) */
  alerts: PlannedAlert[];
  /** the order actions of each breach (the outbox's action rows) */
  actions: PlannedOrderAction[];
}

/**
 * Plans what `orders` do. An order whose fingerprint equals `previous`'s (or an earlier one of
 * the same batch) creates nothing; one whose discounts changed creates events that say so.
 * `history`: the demo seed's past orders: their alerts are routed and queued, and their order
 * actions queued, as at each event's time rather than `now`.
 */
export function planOrderEffects(
  context: OrderEffectsContext,
  orders: OrderToPlan[],
  previous: Map<string, string>,
  now: Date,
  options: { history?: boolean } = {},
): OrderEffects {
  const fingerprints = new Map<string, { fingerprint: string; at: Date }>();
  const events: PlannedEvent[] = [];
  const evaluated: OrderEvaluated[] = [];
  const known = new Set<string>();
  const needsVariants = context.variants.size > 0;
  // a scheduled rule is evaluated only inside its window, at the order's time
  // (docs/product.md#status-and-schedule)
  const scheduled = context.rules.some((rule) => rule.startsAt || rule.endsAt);
  orders.forEach((order, index) => {
    const at = order.at ?? now;
    const fingerprint = factsFingerprint(order.facts);
    const before = fingerprints.get(order.facts.orderId)?.fingerprint ?? previous.get(order.facts.orderId);
    if (before === fingerprint) return;
    fingerprints.set(order.facts.orderId, { fingerprint, at });
    const facts = needsVariants ? withVariantFacts(order.facts, context.variants) : order.facts;
    const fingerprintHash = fingerprintDigest(fingerprint);
    // a cancelled order breaks nothing new: only its money changes
    const rules = scheduled ? context.rules.filter((rule) => inForce(rule, at)) : context.rules;
    const outcomes = facts.cancelled ? [] : evaluateOrder(facts, rules, context.stacking);
    const overages: Overage[] = [];
    for (const outcome of outcomes) {
      if (!outcome.breached) continue;
      const event = breachEvent(outcome, facts, {
        customerId: order.customerId,
        topic: order.topic,
        changed: before !== undefined,
        fingerprintHash,
        at,
      });
      if (outcome.rule.testing) {
        // a testing rule's would-have event: no alert, no order action, no money
        events.push({ order: index, event: testedEvent(event) });
        continue;
      }
      events.push({ order: index, event });
      overages.push({ overageCents: outcome.marginSavedCents, ruleKey: event.ruleKey ?? null });
    }
    // an order past a block that should have stopped it: a protection gap, its discount past the
    // block flagged with the order's breaches (docs/product.md#protection-gaps)
    if (context.protection) {
      const gaps = protectionGaps(facts, context.protection, {
        // evaluated before and changed since: the order was edited, whichever webhook said so first
        edited: before !== undefined || order.topic === ORDER_EDITED_TOPIC,
        customerId: order.customerId,
        topic: order.topic,
        at,
        digest: fingerprintDigest,
      });
      for (const gap of gaps) {
        events.push({ order: index, event: gap.event });
        overages.push({ overageCents: gap.broken.overLimitCents, ruleKey: gap.event.ruleKey ?? null });
      }
    }
    // what the order counts in money, once (docs/product.md#what-the-figures-count)
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
    const override = context.checkout && adminOverrideEvent(facts, order.customerId, context.checkout, at);
    if (override) events.push({ order: index, event: override });
  });
  // an order a reconciliation sweep found says so in its events (docs/operations.md#reconciliation)
  for (const planned of events) {
    if (orders[planned.order].topic === RECONCILIATION_TOPIC) planned.event = reconciledEvent(planned.event);
  }

  const alerts: PlannedAlert[] = [];
  const actions: PlannedOrderAction[] = [];
  const breachesOfOrder = new Map<number, PlannedBreach[]>();
  for (const { order, event } of events) {
    if (event.eventType === "rule_tested") continue;
    const eventKey = event.dedupeKey as string;
    const alertEvent = alertEventOf(event, now);
    // each breach at or above the minimum severity joins its order's one alert
    if (context.alerts && meetsMinimum(event.severity, context.alerts.minSeverity)) {
      const breaches = breachesOfOrder.get(order) ?? [];
      breaches.push({ eventKey, breachKey: breachKeyOf(event), event: alertEvent });
      breachesOfOrder.set(order, breaches);
    }
    // and its order actions, once per order and rule however often the order comes back
    const { ruleId, orderId } = event;
    if (!ruleId || !orderId || event.eventType !== "rule_triggered") continue;
    const planned = plannedActions(
      { orderActions: context.orderActions.get(ruleId) },
      { plan: context.shop.plan, flowTriggerEnabled: context.flowTriggerEnabled },
    );
    for (const action of planned) {
      actions.push({
        eventKey,
        channel: ACTION_CHANNELS[action],
        actionKey: actionKey(context.shop.id, orderId, ruleId, action),
        payload: { ...alertEvent, ruleId, ruleType: event.ruleKey ?? "" },
        ...(options.history ? { queuedAt: alertEvent.createdAt } : {}),
      });
    }
  }
  for (const [order, planned] of breachesOfOrder) {
    const breaches = worstFirst(planned);
    const at = options.history ? breaches[0].event.createdAt : now;
    const deliveries = plannedDeliveries(breaches[0].event.severity, context.alerts, context.shop.plan, at);
    if (deliveries.length === 0) continue;
    alerts.push({
      orderId: orders[order].facts.orderId,
      orderName: orders[order].facts.orderName,
      reevaluated: previous.has(orders[order].facts.orderId) || orderSeenBefore(orders, order),
      breaches,
      deliveries,
      ...(options.history ? { queuedAt: at } : {}),
    });
  }
  return { fingerprints, events, money: { evaluated, known }, alerts, actions };
}

/** Whether the batch evaluated the order before `index` (a second version of it in one batch). */
function orderSeenBefore(orders: OrderToPlan[], index: number): boolean {
  const orderId = orders[index].facts.orderId;
  return orders.slice(0, index).some((order) => order.facts.orderId === orderId);
}

/** A testing rule's breach as its would-have event (rule_tested), with a key of its own. */
export function testedEvent(event: NewAuditEvent): NewAuditEvent {
  return { ...event, eventType: "rule_tested", dedupeKey: `tested|${event.dedupeKey}` };
}

/** A short digest of an order's fingerprint for its events' dedupe keys (the same discounts, the same keys). */
export function fingerprintDigest(fingerprint: string): string {
  return crypto.createHash("sha256").update(fingerprint).digest("hex").slice(0, 16);
}

/** What an alert needs of an event, kept with the outbox row (its id once recorded). */
export function alertEventOf(event: NewAuditEvent, now: Date): Omit<AlertEvent, "id"> {
  return {
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
    ...gapOf(event),
  };
}

/** A protection gap's cause and fix, from its event's details, for its alerts. */
function gapOf(event: NewAuditEvent): Pick<AlertEvent, "gap"> {
  if (event.eventType !== "protection_gap") return {};
  const details = (event.details ?? {}) as { cause?: unknown; cause_text?: unknown; fix?: unknown };
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  return { gap: { cause: text(details.cause), why: text(details.cause_text), fix: text(details.fix) } };
}

/** A shop's rules and collection rules as the engine evaluates them. */
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
        testing: mapped.testing,
        startsAt: mapped.startsAt,
        endsAt: mapped.endsAt,
      };
    }),
  ];
}

/** Margin floors need unit costs, collection rules the lines' collections: both come from the variants. */
export const needVariants = (rules: EvaluableRule[]) =>
  rules.some((rule) => rule.ruleType === "margin_floor" || Boolean(rule.collectionId));

/** The order's lines with the unit costs and collections the Admin API (or its cache) knows. */
export function withVariantFacts(facts: OrderFacts, variants: Map<string, VariantFacts>): OrderFacts {
  return {
    ...facts,
    lines: facts.lines.map((line) => {
      const known = line.variantId ? variants.get(line.variantId) : undefined;
      // the cost model's unit cost at the order's date wins over today's (docs/product.md#costs)
      const atDate = line.variantId ? facts.costs?.unitCosts[line.variantId] : undefined;
      if (!known) return atDate === undefined ? line : { ...line, unitCostCents: atDate };
      return {
        ...line,
        unitCostCents: atDate === undefined ? known.unitCostCents : atDate,
        collectionIds: known.collectionIds,
      };
    }),
  };
}
