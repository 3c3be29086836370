/**
 * One breach as the alerts carry it: what the digest gathers (alert-digest.ts) and what each
 * channel's message says (alert-message.ts). Its own module so neither of the two imports the other
 * for it (docs/architecture.md#layers-and-folders: no import cycle, not even a type-only one).
 */
import type { Severity } from "../severity";

export interface AlertEvent {
  id: string;
  severity: Severity;
  message: string;
  orderId: string | null;
  orderName: string | null;
  discountCodes: string[];
  discountPercent: number | null;
  totalDiscountCents: number | null;
  /** the part of the discount above the rule's limit (flagged money when the order goes through) */
  overLimitCents: number | null;
  currency: string;
  ruleName: string | null;
  threshold: number | null;
  createdAt: Date;
  /**
   * a protection gap (docs/product.md#protection-gaps): why the block did not hold and what to do,
   * in the merchant's words; absent on a rule's breach
   */
  gap?: { cause: string; why: string; fix: string };
  /**
   * an order's alert (docs/product.md#alerts): every breach of the order it tells, worst first, the
   * first being the fields above; absent on an alert of one event (a leaked code, a preflight)
   */
  breaches?: AlertBreach[];
}

/**
 * One breach an order's alert names: what differs from rule to rule for the same order. A type,
 * not an interface: it is stored as JSON in the outbox.
 */
export type AlertBreach = Pick<
  AlertEvent,
  "id" | "severity" | "message" | "ruleName" | "threshold" | "discountPercent" | "overLimitCents" | "gap"
> & {
  /** what makes it the same breach after an edit (order-alert.ts, breachKeyOf) */
  key: string;
};
