/**
 * The audit event of one rule breach, with the numbers behind it (docs/product.md, "Audit
 * events"). Pure: the monitoring engine and the demo seed build their events with it.
 */
import type { AlertEvent } from "../alerts/alert-event";
import type { NewAuditEvent } from "../audit/audit-events";
import type { RuleOutcome } from "./evaluate";
import { centsToDollars } from "../money";
import type { OrderFacts } from "./order-facts";

export function thresholdNumber(outcome: Extract<RuleOutcome, { breached: true }>): number {
  return outcome.rule.thresholdUnit === "PERCENT" || outcome.rule.ruleType === "margin_floor"
    ? (outcome.rule.thresholdPercent ?? 0)
    : centsToDollars(outcome.rule.thresholdAmountCents ?? 0);
}

/** The audit event of one breach, with the numbers behind it. */
export function breachEvent(
  outcome: Extract<RuleOutcome, { breached: true }>,
  facts: OrderFacts,
  context: { customerId: string | null; topic: string; changed: boolean; fingerprintHash: string; at: Date },
): NewAuditEvent {
  const rule = outcome.rule;
  return {
    eventType: "rule_triggered",
    severity: outcome.severity,
    message: context.changed ? `${outcome.message} (order edited: its discounts changed)` : outcome.message,
    orderId: facts.orderId,
    orderName: facts.orderName,
    customerId: context.customerId,
    discountCodes: facts.discountCodes,
    discountPercent: outcome.discountPercent,
    totalDiscountCents: outcome.totalDiscountCents,
    preDiscountSubtotalCents: outcome.preDiscountSubtotalCents,
    subtotalAfterDiscountCents: outcome.preDiscountSubtotalCents - outcome.totalDiscountCents,
    marginSavedCents: outcome.marginSavedCents,
    marginPercent: outcome.margin?.marginPercent ?? null,
    costCoveredLines: outcome.margin?.coveredLines ?? null,
    costUncoveredLines: outcome.margin?.uncoveredLines ?? null,
    currency: facts.currency,
    ruleId: rule.id,
    ruleKey: rule.collectionId ? "collection_rule" : rule.ruleType,
    ruleName: rule.name,
    threshold: thresholdNumber(outcome),
    details: {
      rule_name: rule.name,
      threshold_amount: thresholdNumber(outcome),
      measured: outcome.measured,
      unit: outcome.unit,
      topic: context.topic,
      order_edited: context.changed,
    },
    dedupeKey: `${facts.orderId}|${rule.id}|${context.fingerprintHash}`,
    createdAt: context.at,
  };
}

/** What an alert_sent event repeats of its breach. */
export type DeliveredBreach = Pick<
  AlertEvent,
  | "severity"
  | "orderId"
  | "orderName"
  | "discountCodes"
  | "discountPercent"
  | "totalDiscountCents"
  | "currency"
  | "ruleName"
  | "threshold"
>;

/**
 * The audit event of a delivered alert: one per alert (its dedupe key, the id of the breach that
 * heads it; an order's alert names all of the order's breaches), whichever channel
 * delivered first; "Alerts Sent" counts these (docs/product.md#decisions, 14).
 */
export function alertSentEvent(
  breachId: string,
  breach: DeliveredBreach,
  delivery: { channel: string; detail: string; at?: Date; sample?: boolean },
): NewAuditEvent {
  return {
    eventType: "alert_sent",
    severity: breach.severity,
    message: `Alert about order ${breach.orderName ?? "?"} sent (${delivery.detail})`,
    orderId: breach.orderId,
    orderName: breach.orderName,
    discountCodes: breach.discountCodes,
    discountPercent: breach.discountPercent,
    totalDiscountCents: breach.totalDiscountCents,
    currency: breach.currency,
    ruleName: breach.ruleName,
    threshold: breach.threshold,
    details: { channel: delivery.channel, breach_event_id: breachId, ...(delivery.sample ? { sample: true } : {}) },
    dedupeKey: `alert_sent|${breachId}`,
    ...(delivery.at ? { createdAt: delivery.at } : {}),
  };
}
