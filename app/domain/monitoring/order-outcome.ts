/**
 * What a breaching order's later life says in the Audit Log (docs/product.md#what-the-figures-count):
 * a cancellation, or an edit that took discount off the overage, is an event of its own, naming
 * what it counts (recovered, and so saved, when the app held the order first). The hold it closes
 * offers no "Release hold" after a cancellation (docs/product.md#order-actions). Pure.
 */
import type { NewAuditEvent } from "../audit/audit-events";
import { formatCents } from "../money";
import type { MoneyRow } from "./order-money";

/** The dedupe key of an order's cancellation (one per order). */
export const cancelledKey = (orderId: string) => `order_cancelled|${orderId}`;

/**
 * The event of an order's row changing from `previous` to `next` at `at`: a cancellation, or an
 * edit down (its overage lower than before); null for anything else (a first breach, an edit that
 * added discount, the same overage again).
 */
export function orderOutcomeEvent(previous: MoneyRow | null, next: MoneyRow, at: Date): NewAuditEvent | null {
  if (!previous || previous.kind !== "order" || previous.cancelled) return null;
  const order = next.orderName ?? "?";
  const money = (cents: number) => formatCents(cents, next.currency);
  const held = next.heldOverageCents !== null;
  const base = {
    severity: "low" as const,
    orderId: next.subject,
    orderName: next.orderName,
    discountCodes: [],
    totalDiscountCents: next.discountCents,
    currency: next.currency,
    ruleKey: next.ruleKey,
    createdAt: at,
  };
  const details = {
    held,
    held_overage_cents: next.heldOverageCents,
    overage_cents: next.overageCents,
    previous_overage_cents: previous.overageCents,
    recovered_cents: next.recoveredCents,
    flagged_cents: next.flaggedCents,
  };
  if (next.cancelled) {
    return {
      ...base,
      eventType: "order_cancelled",
      message: held
        ? `Order ${order} cancelled after the app held it: ${money(next.recoveredCents)} over the limit kept in the store (saved)`
        : `Order ${order} cancelled; the app had not held it, so it counts as neither saved nor flagged`,
      details,
      dedupeKey: cancelledKey(next.subject),
    };
  }
  if (next.overageCents >= previous.overageCents) return null;
  const left =
    next.overageCents > 0 ? `${money(next.overageCents)} still over the limit (flagged)` : "now within your limits";
  return {
    ...base,
    eventType: "order_edited_down",
    message: held
      ? `Order ${order} edited down after the app held it: ${money(previous.overageCents - next.overageCents)} taken off the overage (saved), ${left}`
      : `Order ${order} edited down: ${left}`,
    details,
    dedupeKey: `order_edited_down|${next.subject}|${next.discountCents}|${next.overageCents}`,
  };
}

/**
 * Whether an outcome leaves nothing to hold: a cancelled order, or one edited down to within the
 * limits. Its holds still waiting to be placed are dropped; a hold already placed stays the
 * merchant's to release (the order may still be fulfilled).
 */
export function endsPendingHolds(event: NewAuditEvent): boolean {
  if (event.eventType === "order_cancelled") return true;
  const details = event.details as { overage_cents?: unknown } | null | undefined;
  return event.eventType === "order_edited_down" && details?.overage_cents === 0;
}
