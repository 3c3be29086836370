import { describe, expect, it } from "vitest";
import { digestOf } from "../alerts/alert-digest";
import { finishTally, newTally, tallyOrder } from "../backtest/backtest";
import { evaluateOrder, type EvaluableRule } from "./evaluate";
import type { OrderFacts } from "./order-facts";
import {
  afterEvaluation,
  afterHold,
  blockedCheckoutRow,
  moneyOf,
  moneyOutcome,
  moneyTotals,
  orderOverage,
  type MoneyRow,
  type OrderEvaluated,
} from "./order-money";
import { roiSummary } from "../roi/roi";
import { aggregateMoney, periodContaining, roiFigures, timeframeBuckets } from "../roi/roi-report";

const AT = new Date("2026-11-20T10:00:00Z");

function rule(id: string, ruleType: string, threshold: number, unit = "PERCENT"): EvaluableRule {
  return {
    id,
    name: id,
    ruleType,
    thresholdUnit: unit,
    thresholdPercent: unit === "PERCENT" || ruleType === "margin_floor" ? threshold : null,
    thresholdAmountCents: unit === "AMOUNT" ? threshold * 100 : null,
  };
}

/** A $200 order (2 × $100, cost $60 each) with `discountCents` off its lines, from `codes` codes. */
function order(discountCents: number, codes = 2, orderId = "gid://shopify/Order/1"): OrderFacts {
  const each = Math.floor(discountCents / codes);
  const applications = Array.from({ length: codes }, (_, index) => ({
    kind: "DiscountCodeBasic",
    code: `CODE${index}`,
    title: null,
    valueType: "fixed_amount" as const,
    target: "line_item" as const,
    amountCents: index === 0 ? discountCents - each * (codes - 1) : each,
  }));
  return {
    orderId,
    orderName: "#1001",
    currency: "USD",
    preDiscountSubtotalCents: 20_000,
    lineDiscountCents: discountCents,
    shippingDiscountCents: 0,
    totalDiscountCents: discountCents,
    discountCodes: applications.map((item) => item.code),
    applications,
    lines: [
      {
        lineId: "l1",
        variantId: "gid://shopify/ProductVariant/1",
        productId: "gid://shopify/Product/1",
        collectionIds: [],
        quantity: 2,
        unitPriceCents: 10_000,
        discountCents,
        unitCostCents: 6_000,
      },
    ],
  };
}

/** Four rules one heavily discounted order breaks at once. */
const FOUR_RULES = [
  rule("max-20", "max_discount", 20),
  rule("cap-30", "max_discount_amount", 30, "AMOUNT"),
  rule("floor-35", "margin_floor", 35),
  rule("one-code", "stacking_prevention", 0),
];

function evaluated(facts: OrderFacts, rules = FOUR_RULES, extra: Partial<OrderEvaluated> = {}): OrderEvaluated {
  const breaches = evaluateOrder(facts, rules, { enabled: true, blockedStacking: [] }).flatMap((outcome) =>
    outcome.breached ? [{ overageCents: outcome.marginSavedCents, ruleKey: outcome.rule.ruleType }] : [],
  );
  return {
    orderId: facts.orderId,
    orderName: facts.orderName,
    currency: facts.currency,
    at: AT,
    discountCents: facts.totalDiscountCents,
    overage: orderOverage(facts.totalDiscountCents, breaches),
    cancelled: false,
    ...extra,
  };
}

function assertNeverMoreThanDiscount(row: MoneyRow) {
  const split = moneyOf(row);
  expect(split.stoppedCents + split.recoveredCents).toBeLessThanOrEqual(
    Math.max(row.discountCents, row.heldOverageCents ?? 0),
  );
  expect(split.flaggedCents).toBeLessThanOrEqual(row.discountCents);
  expect(split.stoppedCents + split.recoveredCents + split.flaggedCents).toBeLessThanOrEqual(
    Math.max(row.discountCents, row.heldOverageCents ?? 0),
  );
}

describe("orderOverage", () => {
  it("counts an order that breaks four rules once: the largest overage, never more than its discount", () => {
    const facts = order(9_000);
    const outcomes = evaluateOrder(facts, FOUR_RULES, { enabled: true, blockedStacking: [] });
    const breached = outcomes.filter((outcome) => outcome.breached);
    expect(breached).toHaveLength(4);
    const summed = breached.reduce((sum, outcome) => sum + (outcome.breached ? outcome.marginSavedCents : 0), 0);
    // the old figure added every rule's overage: more than the whole discount
    expect(summed).toBeGreaterThan(facts.totalDiscountCents);
    const counted = evaluated(facts).overage;
    const largest = Math.max(...breached.map((outcome) => (outcome.breached ? outcome.marginSavedCents : 0)));
    expect(counted.overageCents).toBe(Math.min(largest, 9_000));
    expect(counted.overageCents).toBeLessThanOrEqual(facts.totalDiscountCents);
  });

  it("caps an overage larger than the discount at the discount", () => {
    expect(orderOverage(1_000, [{ overageCents: 2_500, ruleKey: "margin_floor" }])).toEqual({
      overageCents: 1_000,
      ruleKey: "margin_floor",
    });
  });

  it("is zero for an order without a breach or without a discount", () => {
    expect(orderOverage(5_000, [])).toEqual({ overageCents: 0, ruleKey: null });
    expect(orderOverage(0, [{ overageCents: 300, ruleKey: "margin_floor" }]).overageCents).toBe(0);
    expect(evaluated(order(0, 1)).overage.overageCents).toBe(0);
    expect(afterEvaluation(null, evaluated(order(0, 1)))).toBeNull();
  });
});

describe("what an order counts", () => {
  it("an order that went through with an alert is flagged, never saved", () => {
    const row = afterEvaluation(null, evaluated(order(9_000)))!;
    expect(row.flaggedCents).toBe(row.overageCents);
    expect(row.stoppedCents + row.recoveredCents).toBe(0);
    expect(moneyOutcome(row)).toBe("Went through with a breach");
    assertNeverMoreThanDiscount(row);
  });

  it("an edit replaces the order's figure instead of adding to it", () => {
    const first = afterEvaluation(null, evaluated(order(9_000)))!;
    const edited = afterEvaluation(first, { ...evaluated(order(6_000)), at: new Date("2026-11-21T10:00:00Z") })!;
    expect(edited.overageCents).toBeLessThan(first.overageCents);
    expect(edited.flaggedCents).toBe(edited.overageCents);
    expect(moneyTotals([edited]).flaggedCents).toBe(edited.overageCents);
    // the period stays the first breach's
    expect(edited.at).toEqual(AT);
    assertNeverMoreThanDiscount(edited);
  });

  it("an edit that ends every breach leaves the order counting nothing", () => {
    const first = afterEvaluation(null, evaluated(order(9_000)))!;
    const edited = afterEvaluation(first, evaluated(order(1_000, 1)))!;
    expect(moneyOf(edited)).toEqual({ stoppedCents: 0, recoveredCents: 0, flaggedCents: 0 });
  });

  it("a held order the merchant cancelled is recovered: its overage when held", () => {
    const held = afterHold(afterEvaluation(null, evaluated(order(9_000)))!);
    expect(moneyOutcome(held)).toBe("Held, then released");
    const cancelled = afterEvaluation(held, evaluated(order(9_000), FOUR_RULES, { cancelled: true }))!;
    expect(cancelled.recoveredCents).toBe(held.overageCents);
    expect(cancelled.flaggedCents).toBe(0);
    expect(moneyOutcome(cancelled)).toBe("Held, then cancelled");
    assertNeverMoreThanDiscount(cancelled);
  });

  it("a held order edited down recovers what the edit took off; the rest is flagged", () => {
    const held = afterHold(afterEvaluation(null, evaluated(order(9_000)))!);
    const edited = afterEvaluation(held, evaluated(order(6_000)))!;
    expect(edited.recoveredCents).toBe(held.overageCents - edited.overageCents);
    expect(edited.flaggedCents).toBe(edited.overageCents);
    expect(edited.recoveredCents + edited.flaggedCents).toBe(held.overageCents);
    expect(moneyOutcome(edited)).toBe("Held, then edited down");
  });

  it("a hold counts the overage it saw once: a second hold changes nothing", () => {
    const held = afterHold(afterEvaluation(null, evaluated(order(9_000)))!);
    const edited = afterEvaluation(held, evaluated(order(6_000)))!;
    expect(afterHold(edited)).toEqual(edited);
  });

  it("an order cancelled without a hold counts nothing: the app did not stop it, and it did not go through", () => {
    const row = afterEvaluation(afterEvaluation(null, evaluated(order(9_000))), {
      ...evaluated(order(9_000)),
      cancelled: true,
    })!;
    expect(moneyOf(row)).toEqual({ stoppedCents: 0, recoveredCents: 0, flaggedCents: 0 });
    expect(moneyOutcome(row)).toBe("Cancelled (not held by the app)");
  });

  it("a blocked checkout is stopped: its overage, never more than its discount", () => {
    const row = blockedCheckoutRow({
      dedupeKey: "checkout:abc",
      orderName: null,
      at: AT,
      currency: "USD",
      ruleKey: "checkout_validation",
      discountCents: 4_000,
      overLimitCents: 5_000,
    });
    expect(row.stoppedCents).toBe(4_000);
    expect(row.flaggedCents).toBe(0);
    expect(moneyOutcome(row)).toBe("Checkout blocked");
  });

  it("saved is stopped plus recovered; flagged stands apart", () => {
    const flagged = afterEvaluation(null, evaluated(order(9_000, 2, "gid://shopify/Order/1")))!;
    const heldThenCancelled = afterEvaluation(
      afterHold(afterEvaluation(null, evaluated(order(8_000, 2, "gid://shopify/Order/2")))!),
      evaluated(order(8_000, 2, "gid://shopify/Order/2"), FOUR_RULES, { cancelled: true }),
    )!;
    const blocked = blockedCheckoutRow({
      dedupeKey: "checkout:t1",
      orderName: null,
      at: AT,
      currency: "USD",
      ruleKey: "checkout_validation",
      discountCents: 6_000,
      overLimitCents: 2_000,
    });
    const totals = moneyTotals([flagged, heldThenCancelled, blocked]);
    expect(totals).toEqual({
      stoppedCents: 2_000,
      recoveredCents: heldThenCancelled.heldOverageCents,
      flaggedCents: flagged.overageCents,
      savedCents: 2_000 + heldThenCancelled.heldOverageCents!,
    });
  });
});

describe("one definition everywhere", () => {
  // orders that went through with alerts: each breaks one to four rules, one is edited down
  const orders = [
    order(9_000, 2, "gid://shopify/Order/11"),
    order(6_500, 1, "gid://shopify/Order/12"),
    order(4_500, 3, "gid://shopify/Order/13"),
    order(0, 1, "gid://shopify/Order/14"),
    order(12_000, 2, "gid://shopify/Order/15"),
  ];
  const editedDown = order(5_000, 2, "gid://shopify/Order/11");

  function breaches(facts: OrderFacts, at: Date) {
    return evaluateOrder(facts, FOUR_RULES, { enabled: true, blockedStacking: [] }).flatMap((outcome, index) =>
      outcome.breached
        ? [
            {
              id: `${facts.orderId}-${at.getTime()}-${index}`,
              severity: outcome.severity,
              message: outcome.message,
              orderId: facts.orderId,
              orderName: facts.orderName,
              discountCodes: facts.discountCodes,
              discountPercent: outcome.discountPercent,
              totalDiscountCents: outcome.totalDiscountCents,
              overLimitCents: outcome.marginSavedCents,
              currency: facts.currency,
              ruleName: outcome.rule.name,
              threshold: outcome.threshold,
              createdAt: at,
            },
          ]
        : [],
    );
  }

  it("gives the same flagged money from ROI, the Dashboard, a digest and a backtest, each order once", () => {
    const later = new Date(AT.getTime() + 3_600_000);
    // the engine's rows, as ROI and the Dashboard add them up
    const rows = new Map<string, MoneyRow>();
    for (const facts of [...orders, editedDown]) {
      const at = facts === editedDown ? later : AT;
      const next = afterEvaluation(rows.get(facts.orderId) ?? null, evaluated(facts, FOUR_RULES, { at }));
      if (next) rows.set(facts.orderId, next);
    }
    const month = periodContaining("this_month", AT, "UTC");
    const buckets = timeframeBuckets("this_month", month, "UTC");
    const roi = roiFigures({
      ...aggregateMoney([...rows.values()], [], buckets),
      flaggedOrders: [...rows.values()].filter((row) => row.flaggedCents > 0).length,
      alertsSent: 0,
      subscriptionCostCents: 2_900,
      elapsedDays: 20,
    });
    const dashboard = roiSummary({
      money: moneyTotals(rows.values()),
      flaggedOrders: [...rows.values()].filter((row) => row.flaggedCents > 0).length,
      blockedCheckouts: 0,
      alertsSent: 0,
      subscriptionCostCents: 2_900,
    });
    // the digest of every breach recorded, the edit's included
    const digest = digestOf(
      [...orders.flatMap((facts) => breaches(facts, AT)), ...breaches(editedDown, later)],
      "daily",
      new Date(AT.getTime() + 86_400_000),
      "UTC",
      rows.values(),
    );
    // a backtest over the orders as they stand now
    const tally = newTally(FOUR_RULES, "USD", false);
    for (const facts of [editedDown, ...orders.slice(1)]) {
      tallyOrder(
        tally,
        facts,
        AT.toISOString(),
        evaluateOrder(facts, FOUR_RULES, { enabled: true, blockedStacking: [] }),
      );
    }
    const backtest = finishTally(tally);

    const flagged = roi.flaggedCents;
    expect(flagged).toBeGreaterThan(0);
    expect(dashboard.flaggedCents).toBe(flagged);
    expect(digest.overLimit).toEqual([{ currency: "USD", cents: flagged }]);
    expect(backtest.overLimitCents).toBe(flagged);
    // nothing was stopped or recovered: nothing saved, whatever was flagged
    expect([roi.totalSavedCents, dashboard.totalSavedCents]).toEqual([0, 0]);
    for (const row of rows.values()) assertNeverMoreThanDiscount(row);
    const discounts = [editedDown, ...orders.slice(1)].reduce((sum, facts) => sum + facts.totalDiscountCents, 0);
    expect(flagged).toBeLessThanOrEqual(discounts);
  });
});
