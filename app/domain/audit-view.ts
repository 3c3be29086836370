import type { AuditEvent } from "@prisma/client";
import { AUDIT_EVENT_TYPE_LABELS, isAuditEventType } from "./audit-events";
import { formatCents, formatPercent } from "./money";

/** An audit event as screens show it: every figure already formatted. */
export interface AuditEventView {
  id: string;
  eventType: string;
  typeLabel: string;
  severity: string;
  message: string;
  orderName: string | null;
  discountCodes: string[];
  discountPercent: string | null;
  totalDiscount: string | null;
  ruleName: string | null;
  createdAt: string;
  time: string;
}

export function codesOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((code): code is string => typeof code === "string") : [];
}

/** "Nov 21, 2026, 5:44 PM" in the shop's time zone (UTC when the zone is unknown). */
export function formatEventTime(date: Date, timeZone: string): string {
  const options: Intl.DateTimeFormatOptions = {
    dateStyle: "medium",
    timeStyle: "short",
  };
  try {
    return new Intl.DateTimeFormat("en-US", { ...options, timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC" }).format(date);
  }
}

export function toEventView(event: AuditEvent, timeZone: string): AuditEventView {
  return {
    id: event.id,
    eventType: event.eventType,
    typeLabel: isAuditEventType(event.eventType)
      ? AUDIT_EVENT_TYPE_LABELS[event.eventType]
      : event.eventType,
    severity: event.severity,
    message: event.message,
    orderName: event.orderName,
    discountCodes: codesOf(event.discountCodes),
    discountPercent: event.discountPercent === null ? null : formatPercent(event.discountPercent),
    totalDiscount:
      event.totalDiscountCents === null ? null : formatCents(event.totalDiscountCents, event.currency),
    ruleName: event.ruleName,
    createdAt: event.createdAt.toISOString(),
    time: formatEventTime(event.createdAt, timeZone),
  };
}
