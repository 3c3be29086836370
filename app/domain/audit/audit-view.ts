import type { AuditEvent } from "@prisma/client";
import { AUDIT_EVENT_TYPE_LABELS, isAuditEventType } from "./audit-events";
import { formatCents, formatPercent } from "../money";
import { formatShopDateTime } from "../dates";

/** An audit event as screens show it: every figure already formatted. */
export interface AuditEventView {
  id: string;
  eventType: string;
  typeLabel: string;
  severity: string;
  message: string;
  orderName: string | null;
  /** the first DISPLAY_LIMITS.codes codes; `moreCodes` counts the rest */
  discountCodes: string[];
  moreCodes: number;
  discountPercent: string | null;
  totalDiscount: string | null;
  ruleName: string | null;
  createdAt: string;
  time: string;
}

/** What one event shows at most, so a single odd event can never make a page huge. */
export const DISPLAY_LIMITS = { codes: 10, codeLength: 64, messageLength: 500 } as const;

function clip(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

export function codesOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((code): code is string => typeof code === "string") : [];
}

/** "Nov 21, 2026, 5:44 PM" in the shop's time zone: the admin's one format (./dates). */
export function formatEventTime(date: Date, timeZone: string): string {
  return formatShopDateTime(date, { timeZone });
}

export function toEventView(event: AuditEvent, timeZone: string): AuditEventView {
  const codes = codesOf(event.discountCodes);
  return {
    id: event.id,
    eventType: event.eventType,
    typeLabel: isAuditEventType(event.eventType) ? AUDIT_EVENT_TYPE_LABELS[event.eventType] : event.eventType,
    severity: event.severity,
    message: clip(event.message, DISPLAY_LIMITS.messageLength),
    orderName: event.orderName,
    discountCodes: codes.slice(0, DISPLAY_LIMITS.codes).map((code) => clip(code, DISPLAY_LIMITS.codeLength)),
    moreCodes: Math.max(0, codes.length - DISPLAY_LIMITS.codes),
    discountPercent: event.discountPercent === null ? null : formatPercent(event.discountPercent),
    totalDiscount: event.totalDiscountCents === null ? null : formatCents(event.totalDiscountCents, event.currency),
    ruleName: event.ruleName,
    createdAt: event.createdAt.toISOString(),
    time: formatEventTime(event.createdAt, timeZone),
  };
}
