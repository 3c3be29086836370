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
}
