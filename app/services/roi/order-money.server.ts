/**
 * The money each order counts, kept in step with what happens to it
 * (docs/product.md#what-the-figures-count): the order engine's evaluations (a first breach,
 * an edit, a cancellation), the checkouts the validation blocked and the holds the app placed.
 * Every write joins the caller's transaction, so a figure never runs ahead of its events.
 * The figures themselves are sums of these rows (app/services/roi/money-figures.server.ts).
 */
import { selectMoneyRows, upsertMoneyRows } from "../../db/order-money.sql.server";
import type { RawSql } from "../../db/raw-sql.server";
import type { NewAuditEvent } from "../../domain/audit/audit-events";
import {
  afterEvaluation,
  afterHold,
  blockedCheckoutRow,
  CHECKOUT_SUBJECT,
  type MoneyRow,
  type OrderEvaluated,
} from "../../domain/monitoring/order-money";
import { orderOutcomeEvent } from "../../domain/monitoring/order-outcome";

/**
 * Applies the engine's evaluations of a batch of orders, in turn (an order evaluated twice in
 * one batch ends as its last evaluation says). `known` names the orders evaluated before: only
 * they can have a row to read. Returns the events of what became of breaching orders (a
 * cancellation, an edit down: orderOutcomeEvent), for the caller to record in its transaction.
 */
export async function recordOrderEvaluations(
  tx: RawSql,
  shopId: string,
  evaluations: OrderEvaluated[],
  known: Set<string>,
  now: Date,
): Promise<NewAuditEvent[]> {
  if (evaluations.length === 0) return [];
  const stored = await selectMoneyRows(
    tx,
    shopId,
    evaluations.filter((order) => known.has(order.orderId)).map((order) => order.orderId),
  );
  const changed = new Map<string, MoneyRow>();
  const outcomes: NewAuditEvent[] = [];
  for (const order of evaluations) {
    const previous = changed.get(order.orderId) ?? stored.get(order.orderId) ?? null;
    const next = afterEvaluation(previous, order);
    if (!next) continue;
    changed.set(order.orderId, next);
    const outcome = orderOutcomeEvent(previous, next, order.at);
    if (outcome) outcomes.push(outcome);
  }
  await upsertMoneyRows(tx, shopId, [...changed.values()], now);
  return outcomes;
}

/**
 * What recorded events change in money: a blocked checkout starts its row, a hold the app
 * placed fixes the overage a cancellation would recover. Called with the events just
 * inserted (a repeated event is not), by recordAuditEvents.
 */
export async function recordMoneyOfEvents(tx: RawSql, shopId: string, events: NewAuditEvent[]): Promise<void> {
  const checkouts = events.flatMap((event) =>
    event.eventType === "checkout_blocked" && event.dedupeKey?.startsWith(CHECKOUT_SUBJECT)
      ? [
          blockedCheckoutRow({
            dedupeKey: event.dedupeKey,
            orderName: event.orderName ?? null,
            at: event.createdAt ? new Date(event.createdAt) : new Date(),
            currency: event.currency ?? "USD",
            ruleKey: event.ruleKey ?? null,
            discountCents: event.totalDiscountCents ?? 0,
            overLimitCents: event.marginSavedCents ?? 0,
          }),
        ]
      : [],
  );
  const heldOrders = events.flatMap((event) =>
    event.eventType === "fulfillment_held" && event.orderId ? [event.orderId] : [],
  );
  if (checkouts.length === 0 && heldOrders.length === 0) return;
  const held = [...(await selectMoneyRows(tx, shopId, heldOrders)).values()].map(afterHold);
  await upsertMoneyRows(tx, shopId, [...checkouts, ...held], new Date());
}
