import { describe, expect, it } from "vitest";
import { afterEvaluation, afterHold, type MoneyRow, type OrderEvaluated } from "./order-money";
import { endsPendingHolds, orderOutcomeEvent } from "./order-outcome";

const AT = new Date("2026-11-20T12:00:00Z");
const LATER = new Date("2026-11-20T13:00:00Z");

function evaluated(discountCents: number, overageCents: number, cancelled = false): OrderEvaluated {
  return {
    orderId: "gid://shopify/Order/1001",
    orderName: "#1001",
    currency: "USD",
    at: AT,
    discountCents,
    overage: { overageCents, ruleKey: "max_discount" },
    cancelled,
  };
}

/** $45 off, $25 over the limit: the row of its first breach, held by the app or not. */
function breached(held: boolean): MoneyRow {
  const row = afterEvaluation(null, evaluated(4_500, 2_500))!;
  return held ? afterHold(row) : row;
}

function outcome(previous: MoneyRow, next: OrderEvaluated) {
  return orderOutcomeEvent(previous, afterEvaluation(previous, next)!, LATER);
}

describe("what became of a breaching order", () => {
  it("a held order cancelled: recovered, and said so as saved", () => {
    const event = outcome(breached(true), evaluated(4_500, 2_500, true));
    expect(event).toMatchObject({
      eventType: "order_cancelled",
      severity: "low",
      orderId: "gid://shopify/Order/1001",
      orderName: "#1001",
      message: "Order #1001 cancelled after the app held it: $25.00 over the limit kept in the store (saved)",
      dedupeKey: "order_cancelled|gid://shopify/Order/1001",
      createdAt: LATER,
    });
    expect(event?.details).toMatchObject({ held: true, recovered_cents: 2_500, flagged_cents: 0 });
    expect(endsPendingHolds(event!)).toBe(true);
  });

  it("an order cancelled without the app's hold: counts as neither", () => {
    const event = outcome(breached(false), evaluated(4_500, 2_500, true));
    expect(event?.message).toBe(
      "Order #1001 cancelled; the app had not held it, so it counts as neither saved nor flagged",
    );
  });

  it("a held order edited down: what the edit took off is saved, the rest flagged", () => {
    const event = outcome(breached(true), evaluated(2_500, 500));
    expect(event).toMatchObject({
      eventType: "order_edited_down",
      message:
        "Order #1001 edited down after the app held it: $20.00 taken off the overage (saved), $5.00 still over the limit (flagged)",
      dedupeKey: "order_edited_down|gid://shopify/Order/1001|2500|500",
    });
    expect(endsPendingHolds(event!)).toBe(false);
    const within = outcome(breached(true), evaluated(2_000, 0));
    expect(within?.message).toBe(
      "Order #1001 edited down after the app held it: $25.00 taken off the overage (saved), now within your limits",
    );
    expect(endsPendingHolds(within!)).toBe(true);
  });

  it("an order not held, edited down: what is still flagged", () => {
    expect(outcome(breached(false), evaluated(2_500, 500))?.message).toBe(
      "Order #1001 edited down: $5.00 still over the limit (flagged)",
    );
  });

  it("records nothing for a first breach, an edit that adds discount or keeps the overage, or a second cancellation", () => {
    expect(orderOutcomeEvent(null, breached(true), LATER)).toBeNull();
    expect(outcome(breached(true), evaluated(5_000, 3_000))).toBeNull();
    expect(outcome(breached(true), evaluated(4_600, 2_500))).toBeNull();
    const cancelled = afterEvaluation(breached(true), evaluated(4_500, 2_500, true))!;
    expect(outcome(cancelled, evaluated(4_500, 2_500, true))).toBeNull();
  });
});
