import { describe, expect, it } from "vitest";
import {
  DEFAULT_SUGGESTED_PERCENT,
  SUGGESTION_LADDER,
  WORST_ORDERS,
  finishTally,
  ladderRules,
  newTally,
  progressPercent,
  suggestionPercent,
  tallyOrder,
  throttleWaitMs,
  type RuleTally,
} from "./backtest";
import { evaluateOrder } from "../monitoring/evaluate";
import { oneLineOrder as order } from "../../../tests/fixtures/orders";
import { evaluableCap } from "../../../tests/fixtures/rules";

const percentRule = (id: string, percent: number) => evaluableCap(id, percent);

describe("throttleWaitMs", () => {
  it("waits only for the points the bucket lacks, at the restore rate", () => {
    const status = (currentlyAvailable: number) => ({
      throttleStatus: { maximumAvailable: 1000, currentlyAvailable, restoreRate: 100 },
    });
    expect(throttleWaitMs(status(900), 500)).toBe(0);
    expect(throttleWaitMs(status(100), 500)).toBe(4000);
    // a query dearer than the bucket waits for a full bucket, not forever
    expect(throttleWaitMs(status(0), 5000)).toBe(10_000);
    expect(throttleWaitMs(undefined, 500)).toBe(0);
  });
});

describe("tallying a backtest", () => {
  it("counts each order once overall, keeps each rule's worst orders largest first", () => {
    const rules = [percentRule("a", 20), percentRule("b", 30)];
    const tally = newTally(rules, "USD", false);
    for (let number = 1; number <= 8; number += 1) {
      const facts = order(number, number * 5); // 5% .. 40% off
      tallyOrder(tally, facts, "2026-11-01T00:00:00.000Z", evaluateOrder(facts, rules));
    }
    const results = finishTally(tally);
    expect(results).toMatchObject({ ordersScanned: 8, ordersDiscounted: 8, ordersBreached: 4 });
    const [a, b] = results.rules;
    // 25, 30, 35, 40% against 20%: 5 + 10 + 15 + 20 dollars above
    expect(a).toMatchObject({ ordersBreached: 4, overLimitCents: 5_000 });
    // 35, 40% against 30%
    expect(b).toMatchObject({ ordersBreached: 2, overLimitCents: 1_500 });
    // overall: the larger excess per order (rule a's), not a + b
    expect(results.overLimitCents).toBe(5_000);
    expect(a.worst.map((worst) => worst.orderName)).toEqual(["#8", "#7", "#6", "#5"]);
    expect(results.suggestion).toBeNull();
  });

  it("gives a testing rule its own would-have counts and leaves it out of the totals", () => {
    const rules = [percentRule("active", 30), { ...percentRule("testing", 10), testing: true }];
    const tally = newTally(rules, "USD", false);
    for (let number = 1; number <= 8; number += 1) {
      const facts = order(number, number * 5); // 5% .. 40% off
      tallyOrder(tally, facts, "2026-11-01T00:00:00.000Z", evaluateOrder(facts, rules));
    }
    const results = finishTally(tally);
    const [active, testing] = results.rules;
    // 15 .. 40% against the testing rule's 10%: its own row only
    expect(testing).toMatchObject({ ordersBreached: 6, overLimitCents: 10_500, testing: true });
    expect(active).toMatchObject({ ordersBreached: 2, overLimitCents: 1_500 });
    expect(active.testing).toBeUndefined();
    // the totals are the active rule's: 35% and 40% against 30%
    expect(results).toMatchObject({ ordersBreached: 2, overLimitCents: 1_500 });
  });

  it("keeps at most WORST_ORDERS per rule", () => {
    const rules = [percentRule("a", 0)];
    const tally = newTally(rules, "USD", false);
    for (let number = 1; number <= 12; number += 1) {
      const facts = order(number, number);
      tallyOrder(tally, facts, "2026-11-01T00:00:00.000Z", evaluateOrder(facts, rules));
    }
    expect(finishTally(tally).rules[0].worst).toHaveLength(WORST_ORDERS);
  });
});

describe("the suggested rule", () => {
  const ladder = (breached: Record<number, number>) =>
    new Map<number, RuleTally>(
      SUGGESTION_LADDER.map((percent) => [
        percent,
        {
          ruleId: `${percent}`,
          ruleName: "",
          ruleType: "max_discount",
          ordersBreached: breached[percent] ?? 0,
          overLimitCents: 0,
          worst: [],
        },
      ]),
    );

  it("is the lowest limit that flags at most 5% of the discounted orders", () => {
    expect(suggestionPercent(ladder({ 10: 50, 15: 30, 20: 6, 25: 5, 30: 1 }), 100)).toBe(25);
    expect(suggestionPercent(ladder({}), 100)).toBe(10);
  });

  it("is 30% without discounted orders, and the top of the ladder when every rung flags too many", () => {
    expect(suggestionPercent(ladder({}), 0)).toBe(DEFAULT_SUGGESTED_PERCENT);
    const all = Object.fromEntries(SUGGESTION_LADDER.map((percent) => [percent, 100]));
    expect(suggestionPercent(ladder(all), 100)).toBe(60);
  });

  it("comes with what it would have caught, from the same evaluation", () => {
    const tally = newTally([], "USD", true);
    for (let number = 1; number <= 40; number += 1) {
      // most orders 10% off, two at 45%
      const facts = order(number, number <= 2 ? 45 : 10);
      tallyOrder(tally, facts, "2026-11-01T00:00:00.000Z", evaluateOrder(facts, ladderRules()));
    }
    const results = finishTally(tally);
    // 10% flags none (10 is not above 10): the lowest rung within 5% of 40 orders is 10
    expect(results.suggestion?.rule).toMatchObject({ threshold: 10, name: "Max 10% off any order" });
    expect(results.suggestion?.result).toMatchObject({ ordersBreached: 2, overLimitCents: 7_000 });
    expect(results.ordersBreached).toBe(0);
  });
});

describe("progressPercent", () => {
  it("is read over counted, never 100 before the end", () => {
    expect(progressPercent(50, 200, false)).toBe(25);
    expect(progressPercent(200, 200, false)).toBe(99);
    expect(progressPercent(3, null, false)).toBe(0);
    expect(progressPercent(3, null, true)).toBe(100);
  });
});
