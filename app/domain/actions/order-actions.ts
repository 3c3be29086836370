/**
 * Order actions (docs/product.md#order-actions): what a rule does to a breaching order besides
 * alerting. Tag the order, hold its fulfilment for review, fire the Shopify Flow trigger
 * "Margin rule breached". Each runs once per order and rule, through the alert outbox. Pure:
 * the engine queues with it, the worker and the demo's stand-in of Shopify read it.
 */
import type { AlertEvent } from "../alerts/alert-event";
import type { NewAuditEvent } from "../audit/audit-events";
import { centsToDollars, formatCents, formatPercent, roundToHundredths } from "../money";
import type { PlanId } from "../billing/plans";

export const ORDER_ACTIONS = ["tag", "hold", "flow"] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];
export type OrderActions = Record<OrderAction, boolean>;
export const NO_ORDER_ACTIONS: OrderActions = { tag: false, hold: false, flow: false };

/** The outbox channel of each action: its rows sit beside the alerts' (email, slack, webhook). */
export const ACTION_CHANNELS = { tag: "order_tag", hold: "order_hold", flow: "flow_trigger" } as const;
export type ActionChannel = (typeof ACTION_CHANNELS)[OrderAction];
const CHANNEL_ACTIONS = new Map(Object.entries(ACTION_CHANNELS).map(([action, channel]) => [channel, action]));

export function actionOfChannel(channel: string): OrderAction | null {
  return (CHANNEL_ACTIONS.get(channel as ActionChannel) as OrderAction | undefined) ?? null;
}

export const ORDER_ACTION_LABELS: Record<OrderAction, string> = {
  tag: "Tag the order",
  hold: "Hold fulfilment for review",
  flow: "Start Shopify Flow workflows",
};

export const ORDER_ACTION_HELP: Record<OrderAction, string> = {
  tag: "Adds the tags margin-guardrail-breach and the rule's short name, so the order can be found and filtered.",
  hold: "Puts the order's fulfilment on hold with the rule and its figures, until someone releases it from the Audit Log.",
  flow: 'Fires the trigger "Margin rule breached" for workflows you build in Shopify Flow.',
};

/** Order actions come with Core and Plus (docs/product.md#plans). */
export const planHasOrderActions = (plan: PlanId) => plan !== "free";
export const ORDER_ACTIONS_LOCKED =
  "Order actions come with the Core plan. Upgrade to tag, hold or send breaching orders to Shopify Flow.";

/**
 * The access scopes each action needs. They are optional scopes: asked for only when the merchant
 * turns the action on (docs/product.md#order-actions).
 */
export const ACTION_SCOPES: Record<OrderAction, readonly string[]> = {
  tag: ["write_orders"],
  hold: ["read_merchant_managed_fulfillment_orders", "write_merchant_managed_fulfillment_orders"],
  flow: [],
};

/** What each optional scope is for, in the merchant's words (the Integration Center's badges). */
export const SCOPE_PURPOSES: Record<string, string> = {
  write_orders: "Tag breaching orders",
  read_merchant_managed_fulfillment_orders: "Find a breaching order's fulfilment",
  write_merchant_managed_fulfillment_orders: "Hold and release a breaching order's fulfilment",
  write_discounts: "Reject discount codes at checkout (code rules)",
};

/** The scopes the turned-on actions need (app/domain/shops/scopes.ts says which are missing). */
export function actionScopes(actions: OrderActions): string[] {
  return ORDER_ACTIONS.filter((action) => actions[action]).flatMap((action) => ACTION_SCOPES[action]);
}

/** A rule's or collection rule's stored columns as its order actions (absent columns: off). */
export function orderActionsOf(columns: {
  tagOrder?: boolean;
  holdOrder?: boolean;
  flowTrigger?: boolean;
}): OrderActions {
  return { tag: columns.tagOrder ?? false, hold: columns.holdOrder ?? false, flow: columns.flowTrigger ?? false };
}

export const BREACH_TAG = "margin-guardrail-breach";
/** Shopify's longest order tag. */
export const MAX_TAG_LENGTH = 40;

/** "mg-max-discount-40" for a rule named "Max discount 40%": its short name as an order tag. */
export function ruleTag(ruleName: string): string {
  const slug = ruleName
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return `mg-${slug || "rule"}`.slice(0, MAX_TAG_LENGTH).replace(/-+$/, "");
}

export const breachTags = (ruleName: string) => [BREACH_TAG, ruleTag(ruleName)];

/** Shopify: a hold's handle is unique per app and fulfilment order, at most 64 characters. */
export const MAX_HOLD_HANDLE = 64;
/** Shopify: at most 10 holds per app on one fulfilment order. */
export const MAX_HOLDS_PER_APP = 10;

/** The hold's handle: one per rule, so two rules' holds on one order are two holds. */
export function holdHandle(ruleId: string): string {
  return `margin-guardrail-${ruleId}`.slice(0, MAX_HOLD_HANDLE);
}

/** The breach as an action needs it: the alert's event with the rule that was breached. */
export interface ActionEvent extends AlertEvent {
  ruleId: string;
  /** max_discount | max_discount_amount | margin_floor | stacking_prevention | collection_rule */
  ruleType: string;
  /** a Flow trigger other than "Margin rule breached", made as is (a leak flag, which has no order) */
  flow?: FlowCall;
}

/**
 * A call of another Flow trigger on the "flow_trigger" channel
 * (docs/product.md#leaked-codes): its handle and payload, its
 * name and subject for the audit event, and its key (one flow_triggered event per key).
 */
export type FlowCall = {
  handle: string;
  name: string;
  subject: string;
  key: string;
  payload: Record<string, string | number>;
};

/** The hold's note in Shopify: the rule and the figures behind it. */
export function holdReasonNotes(event: ActionEvent): string {
  const figures = [
    event.discountPercent === null ? null : `${formatPercent(event.discountPercent)} off`,
    event.totalDiscountCents === null ? null : `${formatCents(event.totalDiscountCents, event.currency)} discount`,
    event.overLimitCents ? `${formatCents(event.overLimitCents, event.currency)} over the limit` : null,
  ].filter(Boolean);
  const codes = event.discountCodes.length ? `; codes ${event.discountCodes.join(", ")}` : "";
  return `Margin Guardrail: rule "${event.ruleName ?? "?"}" breached (${figures.join(", ")}${codes}). Review the discounts, then release the hold from the app's Audit Log.`.slice(
    0,
    1000,
  );
}

/** The Flow trigger's handle (extensions/margin-rule-breached). */
export const FLOW_TRIGGER_HANDLE = "margin-rule-breached";
/** Shopify: a trigger's payload must be under 50,000 bytes. */
export const FLOW_PAYLOAD_LIMIT = 50_000;

/** The trigger's payload: the order reference and the breach fields, keyed as in the extension. */
export function flowPayload(event: ActionEvent): Record<string, string | number> {
  const orderNumber = Number(event.orderId?.match(/(\d+)$/)?.[1] ?? Number.NaN);
  return {
    order_id: orderNumber,
    "Rule name": event.ruleName ?? "",
    "Rule type": event.ruleType,
    Severity: event.severity,
    "Discount percent": roundToHundredths(event.discountPercent ?? 0),
    "Discount amount": centsToDollars(Math.round(event.totalDiscountCents ?? 0)),
    "Amount over limit": centsToDollars(Math.round(event.overLimitCents ?? 0)),
    "Discount codes": event.discountCodes.join(", ").slice(0, 1000),
  };
}

/** One action per shop, order, rule and action, however often the order is evaluated. */
export function actionKey(shopId: string, orderId: string, ruleId: string, action: OrderAction): string {
  return `${shopId}|${orderId}|${ruleId}|${ACTION_CHANNELS[action]}`;
}

/** The actions a breach of this rule queues for this shop: what is on and the plan allows. */
export function plannedActions(
  rule: { orderActions?: OrderActions },
  shop: { plan: PlanId; flowTriggerEnabled: boolean },
): OrderAction[] {
  if (!rule.orderActions || !planHasOrderActions(shop.plan)) return [];
  return ORDER_ACTIONS.filter(
    (action) => rule.orderActions?.[action] && (action !== "flow" || shop.flowTriggerEnabled),
  );
}

export const ACTION_EVENT_TYPES = {
  tag: "order_tagged",
  hold: "fulfillment_held",
  flow: "flow_triggered",
} as const;

/** What was done in Shopify, as the worker reports it. */
export type ActionOutcome =
  | { action: "tag"; tags: string[] }
  | { action: "hold"; handle: string; holds: { fulfillmentOrderId: string; holdId: string | null }[] }
  | { action: "flow" };

/** The audit event of an action done: order_tagged, fulfillment_held or flow_triggered. */
export function actionEvent(
  outboxId: string,
  breachId: string | null,
  event: ActionEvent,
  outcome: ActionOutcome,
  where: { standIn: boolean; at?: Date },
): NewAuditEvent {
  const order = event.orderName ?? "?";
  const suffix = where.standIn ? " (in the demo store's stand-in of Shopify; nothing reached Shopify)" : "";
  const message =
    outcome.action === "tag"
      ? `Order ${order} tagged ${outcome.tags.join(", ")}${suffix}`
      : outcome.action === "hold"
        ? `Fulfilment of order ${order} held for review (${outcome.holds.length} fulfilment order${outcome.holds.length === 1 ? "" : "s"})${suffix}`
        : event.flow
          ? `Shopify Flow trigger "${event.flow.name}" fired for ${event.flow.subject}${suffix}`
          : `Shopify Flow trigger "Margin rule breached" fired for order ${order}${suffix}`;
  const details: Record<string, unknown> = {
    action: outcome.action,
    outbox_id: outboxId,
    breach_event_id: breachId,
    rule_id: event.ruleId,
    ...(where.standIn ? { stand_in: true } : {}),
  };
  if (outcome.action === "tag") details.tags = outcome.tags;
  if (outcome.action === "hold") {
    details.handle = outcome.handle;
    details.holds = outcome.holds;
  }
  return {
    eventType: ACTION_EVENT_TYPES[outcome.action],
    severity: event.severity,
    message,
    orderId: event.orderId,
    orderName: event.orderName,
    discountCodes: event.discountCodes,
    discountPercent: event.discountPercent,
    totalDiscountCents: event.totalDiscountCents,
    currency: event.currency,
    ruleId: event.ruleId,
    ruleName: event.ruleName,
    threshold: event.threshold,
    details: details as NewAuditEvent["details"],
    dedupeKey:
      outcome.action === "flow" && event.flow
        ? `${ACTION_EVENT_TYPES.flow}|${event.flow.key}`
        : `${ACTION_EVENT_TYPES[outcome.action]}|${event.orderId}|${event.ruleId}`,
    ...(where.at ? { createdAt: where.at } : {}),
  };
}

/** The hold an event recorded, as Release hold needs it. */
export interface RecordedHold {
  handle: string;
  holds: { fulfillmentOrderId: string; holdId: string | null }[];
}

export function recordedHold(details: unknown): RecordedHold | null {
  if (!details || typeof details !== "object") return null;
  const { handle, holds } = details as { handle?: unknown; holds?: unknown };
  if (typeof handle !== "string" || !Array.isArray(holds)) return null;
  const valid = holds.filter(
    (hold): hold is { fulfillmentOrderId: string; holdId: string | null } =>
      typeof hold === "object" &&
      hold !== null &&
      typeof (hold as { fulfillmentOrderId?: unknown }).fulfillmentOrderId === "string",
  );
  return {
    handle,
    holds: valid.map((hold) => ({ fulfillmentOrderId: hold.fulfillmentOrderId, holdId: hold.holdId ?? null })),
  };
}

/** The audit event of a released hold, with who released it. */
export function holdReleasedEvent(
  held: {
    id: string;
    severity: NewAuditEvent["severity"];
    orderId: string | null;
    orderName: string | null;
    ruleId: string | null;
    ruleName: string | null;
    currency: string;
  },
  by: string,
  where: { standIn: boolean; at?: Date },
): NewAuditEvent {
  const suffix = where.standIn ? " (in the demo store's stand-in of Shopify; nothing reached Shopify)" : "";
  return {
    ...(where.at ? { createdAt: where.at } : {}),
    eventType: "hold_released",
    severity: held.severity,
    message: `Fulfilment hold on order ${held.orderName ?? "?"} released by ${by}${suffix}`,
    orderId: held.orderId,
    orderName: held.orderName,
    discountCodes: [],
    currency: held.currency,
    ruleId: held.ruleId,
    ruleName: held.ruleName,
    overrideBy: by,
    details: { held_event_id: held.id, ...(where.standIn ? { stand_in: true } : {}) },
    dedupeKey: `hold_released|${held.id}`,
  };
}
