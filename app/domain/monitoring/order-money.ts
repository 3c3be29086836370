/**
 * What "saved" means (docs/product.md#what-the-figures-count):
 * the one definition of money behind the Dashboard, the ROI dashboard, `/api/roi/summary`, the
 * digests, backtests and onboarding. Pure.
 *
 * - An order counts once: the largest overage of the rules it broke, never more than its whole
 *   discount. An edited order replaces its figure; it never adds a second one.
 * - *Stopped*: checkouts the deployed validation blocked (their overage).
 * - *Recovered*: a held order the merchant then cancelled (its overage when held) or edited
 *   down (what the edit took off the overage).
 * - *Flagged*: the overage of orders that went through with a breach recorded (and alerted,
 *   where alerts are on). Never part of "saved".
 * - *Saved* = stopped + recovered: what ROI divides by the subscription's cost.
 */

/** One broken rule of an order: the discount above its limit, and the rule's type. */
export interface Overage {
  overageCents: number;
  ruleKey: string | null;
}

/**
 * What an order counts: the largest overage of the rules it broke, never more than the
 * order's total discount (rules measure the same discount, so their overages overlap), with
 * the type of the rule behind it. Zero with no breach.
 */
export function orderOverage(discountCents: number, overages: Iterable<Overage>): Overage {
  let worst: Overage | null = null;
  for (const overage of overages) {
    if (!worst || overage.overageCents > worst.overageCents) worst = overage;
  }
  if (!worst) return { overageCents: 0, ruleKey: null };
  return {
    overageCents: Math.max(0, Math.min(Math.max(0, discountCents), worst.overageCents)),
    ruleKey: worst.ruleKey,
  };
}

/** The state behind one order's or checkout's money. */
export interface MoneyState {
  kind: "order" | "checkout";
  discountCents: number;
  /** the order's overage now (orderOverage) */
  overageCents: number;
  /** the overage when the app held the order's fulfilment; null: never held */
  heldOverageCents: number | null;
  cancelled: boolean;
}

export interface MoneySplit {
  stoppedCents: number;
  recoveredCents: number;
  flaggedCents: number;
}

/** How one order's or checkout's overage splits into stopped, recovered and flagged. */
export function moneyOf(state: MoneyState): MoneySplit {
  const overage = Math.max(0, Math.min(state.overageCents, Math.max(0, state.discountCents)));
  if (state.kind === "checkout") return { stoppedCents: overage, recoveredCents: 0, flaggedCents: 0 };
  const held = state.heldOverageCents;
  if (state.cancelled) {
    // a cancelled order went nowhere: the app recovered it only if it held it first
    return { stoppedCents: 0, recoveredCents: held ?? 0, flaggedCents: 0 };
  }
  return { stoppedCents: 0, recoveredCents: held === null ? 0 : Math.max(0, held - overage), flaggedCents: overage };
}

export interface MoneyTotals extends MoneySplit {
  /** stopped + recovered: what "Total saved" shows and ROI divides by the cost */
  savedCents: number;
}

/** Splits added up, with "saved" = stopped + recovered. */
export function moneyTotals(splits: Iterable<MoneySplit>): MoneyTotals {
  const totals = { stoppedCents: 0, recoveredCents: 0, flaggedCents: 0 };
  for (const split of splits) {
    totals.stoppedCents += split.stoppedCents;
    totals.recoveredCents += split.recoveredCents;
    totals.flaggedCents += split.flaggedCents;
  }
  return { ...totals, savedCents: totals.stoppedCents + totals.recoveredCents };
}

/** One order's or checkout's row of money, as stored (prisma/schema.prisma, OrderMoney). */
export interface MoneyRow extends MoneyState, MoneySplit {
  /** the order's GID, or "checkout:<token>" */
  subject: string;
  orderName: string | null;
  /** when it first broke a rule (or was blocked): the period it counts in */
  at: Date;
  currency: string;
  ruleKey: string | null;
}

/** The prefix of a blocked checkout's subject (the dedupe key of its checkout_blocked event). */
export const CHECKOUT_SUBJECT = "checkout:";

function withSplit(row: Omit<MoneyRow, keyof MoneySplit>): MoneyRow {
  return { ...row, ...moneyOf(row) };
}

/** What an evaluation of an order tells: its discount and overage now, or that it was cancelled. */
export interface OrderEvaluated {
  orderId: string;
  orderName: string;
  currency: string;
  at: Date;
  discountCents: number;
  overage: Overage;
  cancelled: boolean;
}

/**
 * An order's row after an evaluation (null: nothing to count). A first breach starts the row; an
 * edit replaces the discount and overage (the period stays the first breach's); a cancellation
 * keeps the overage it had and marks the order cancelled. An order that never broke a rule has
 * no row.
 */
export function afterEvaluation(previous: MoneyRow | null, order: OrderEvaluated): MoneyRow | null {
  if (!previous) {
    if (order.cancelled || order.overage.overageCents <= 0) return null;
    return withSplit({
      kind: "order",
      subject: order.orderId,
      orderName: order.orderName,
      at: order.at,
      currency: order.currency,
      ruleKey: order.overage.ruleKey,
      discountCents: order.discountCents,
      overageCents: order.overage.overageCents,
      heldOverageCents: null,
      cancelled: false,
    });
  }
  if (order.cancelled) return withSplit({ ...previous, cancelled: true });
  return withSplit({
    ...previous,
    orderName: order.orderName,
    discountCents: order.discountCents,
    overageCents: order.overage.overageCents,
    ruleKey: order.overage.overageCents > 0 ? order.overage.ruleKey : previous.ruleKey,
    cancelled: false,
  });
}

/** An order's row once the app held its fulfilment: the overage at that moment is what a cancellation recovers. */
export function afterHold(previous: MoneyRow): MoneyRow {
  if (previous.heldOverageCents !== null) return previous;
  return withSplit({ ...previous, heldOverageCents: previous.overageCents });
}

/** A checkout the deployed validation blocked. */
export function blockedCheckoutRow(checkout: {
  dedupeKey: string;
  orderName: string | null;
  at: Date;
  currency: string;
  ruleKey: string | null;
  discountCents: number;
  overLimitCents: number;
}): MoneyRow {
  return withSplit({
    kind: "checkout",
    subject: checkout.dedupeKey,
    orderName: checkout.orderName,
    at: checkout.at,
    currency: checkout.currency,
    ruleKey: checkout.ruleKey,
    discountCents: checkout.discountCents,
    overageCents: orderOverage(checkout.discountCents, [{ overageCents: checkout.overLimitCents, ruleKey: null }])
      .overageCents,
    heldOverageCents: null,
    cancelled: false,
  });
}

/** Which figure a list of orders is behind (the Audit Log's filter links to them). */
export const MONEY_FIGURES = ["saved", "flagged"] as const;
export type MoneyFigure = (typeof MONEY_FIGURES)[number];

/** What one row adds to a figure. */
export function countedIn(figure: MoneyFigure, split: MoneySplit): number {
  return figure === "saved" ? split.stoppedCents + split.recoveredCents : split.flaggedCents;
}

/** How a row came to count, in the Audit Log's words. */
export function moneyOutcome(row: MoneyState & MoneySplit): string {
  if (row.kind === "checkout") return "Checkout blocked";
  if (row.cancelled) return row.heldOverageCents === null ? "Cancelled (not held by the app)" : "Held, then cancelled";
  if (row.recoveredCents > 0) return "Held, then edited down";
  if (row.heldOverageCents !== null) return "Held, then released";
  return "Went through with a breach";
}

/** What each figure counts, in the words every screen shows beside it. */
export const MONEY_FIGURE_HELP: Record<MoneyFigure, string> = {
  saved:
    "Discount above your limits that the app kept in the store: checkouts it blocked, and orders it held that were then cancelled or edited down. Each order once, never more than its discount.",
  flagged:
    "Discount above your limits on orders that went through with a breach recorded. Each order once; not part of saved.",
};

export const MONEY_FIGURE_NAMES: Record<MoneyFigure, string> = { saved: "Saved", flagged: "Flagged" };

/** The Audit Log's list of the orders behind a figure over [from, to) (no `to`: up to now). */
export function moneyBehindUrl(figure: MoneyFigure, from: Date | string, to?: Date | string | null): string {
  const params = new URLSearchParams({ figure, from: new Date(from).toISOString() });
  if (to) params.set("to", new Date(to).toISOString());
  return `/audit-log?${params.toString()}`;
}
