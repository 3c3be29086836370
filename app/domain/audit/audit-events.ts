import type { Prisma } from "@prisma/client";
import type { Severity } from "../severity";
/** Audit event types and the dashboard's counting rules (docs/product.md#rules). */

export const AUDIT_EVENT_TYPES = [
  "rule_triggered",
  "alert_sent",
  "checkout_blocked",
  "admin_override",
  "rule_created",
  "order_tagged",
  "fulfillment_held",
  "hold_released",
  "flow_triggered",
  "rule_tested",
  // the leaked-code detector (docs/product.md#leaked-codes): a flag, and the one-click deactivate and its undo
  "code_leak_suspected",
  "code_deactivated",
  "code_reactivated",
  // a discount change made a worse stack reachable (docs/product.md#promotion-preflight)
  "preflight_worse_stack",
  // an order got past a block that should have stopped it (docs/product.md#protection-gaps)
  "protection_gap",
  // a breaching order cancelled, or edited down, afterwards (docs/product.md#what-the-figures-count)
  "order_cancelled",
  "order_edited_down",
] as const;

export type AuditEventType = (typeof AUDIT_EVENT_TYPES)[number];

export const AUDIT_EVENT_TYPE_LABELS: Record<AuditEventType, string> = {
  rule_triggered: "Rule triggered",
  alert_sent: "Alert sent",
  checkout_blocked: "Checkout blocked",
  admin_override: "Admin override",
  rule_created: "Rule created",
  order_tagged: "Order tagged",
  fulfillment_held: "Fulfilment held",
  hold_released: "Hold released",
  flow_triggered: "Flow triggered",
  // a testing rule's breach: recorded, never alerted, acted on or counted (docs/product.md#status-and-schedule)
  rule_tested: "Would have triggered (testing)",
  code_leak_suspected: "Code leak suspected",
  code_deactivated: "Code deactivated",
  code_reactivated: "Code reactivated",
  preflight_worse_stack: "Worse discount stack reachable",
  protection_gap: "Protection gap",
  order_cancelled: "Order cancelled",
  order_edited_down: "Order edited down",
};

export function isAuditEventType(value: unknown): value is AuditEventType {
  return typeof value === "string" && (AUDIT_EVENT_TYPES as readonly string[]).includes(value);
}

/**
 * "Alerts Sent" counts alerts delivered to at least one channel (alert_sent), never breaches
 * (docs/product.md#decisions, 14); breaches are their own figure.
 */
export function countsAsAlert(eventType: string): boolean {
  return eventType.includes("alert_sent");
}

/** A rule broken: a monitoring rule's breach, or an order that got past a block (a protection gap). */
export function countsAsBreach(eventType: string): boolean {
  return eventType === "rule_triggered" || eventType === "protection_gap";
}

/** "Blocked Checkouts counts events whose type contains blocked." */
export function countsAsBlocked(eventType: string): boolean {
  return eventType.includes("blocked");
}

export const ALERT_EVENT_TYPES = AUDIT_EVENT_TYPES.filter(countsAsAlert);
export const BLOCKED_EVENT_TYPES = AUDIT_EVENT_TYPES.filter(countsAsBlocked);

/** Number of latest events in the dashboard's Real-time Monitoring list. */
export const DASHBOARD_RECENT_EVENTS = 5;

export interface EventTypeCount {
  eventType: string;
  count: number;
}

export interface DashboardCounts {
  alertsSent: number;
  blockedCheckouts: number;
  breaches: number;
}

/** Folds per-type counts into the dashboard's stat card figures. */
export function dashboardCounts(rows: EventTypeCount[]): DashboardCounts {
  let alertsSent = 0;
  let blockedCheckouts = 0;
  let breaches = 0;
  for (const row of rows) {
    if (countsAsAlert(row.eventType)) alertsSent += row.count;
    if (countsAsBlocked(row.eventType)) blockedCheckouts += row.count;
    if (countsAsBreach(row.eventType)) breaches += row.count;
  }
  return { alertsSent, blockedCheckouts, breaches };
}

/** An audit event to record: the row's fields without its shop and id. */
export type NewAuditEvent = Omit<Prisma.AuditEventUncheckedCreateInput, "shopId" | "eventType" | "severity" | "id"> & {
  eventType: AuditEventType;
  severity: Severity;
};
