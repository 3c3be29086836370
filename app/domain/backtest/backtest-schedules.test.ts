// A backtest of a scheduled rule counts only the orders placed inside its window
// (docs/product.md#status-and-schedule, docs/architecture.md#a-backtest).
import { describe, expect, it } from "vitest";
import { finishTally, newTally, rulesInForceAt, tallyOrder } from "./backtest";
import { evaluateOrder, type EvaluableRule } from "../monitoring/evaluate";
import { oneLineOrder as order } from "../../../tests/fixtures/orders";
import { evaluableCap } from "../../../tests/fixtures/rules";
import type { OrderFacts } from "../monitoring/order-facts";

const rule = (id: string, percent: number, window: Partial<EvaluableRule> = {}) => evaluableCap(id, percent, window);

// Black Friday week in New York: 2026-11-27 00:00 EST to 2026-12-01 00:00 EST
const START = new Date("2026-11-27T05:00:00Z");
const END = new Date("2026-12-01T05:00:00Z");
const WEEK = rule("black-friday", 20, { startsAt: START, endsAt: END });
const ALWAYS = rule("always", 20);

describe("rulesInForceAt", () => {
  it("keeps a rule inside [startsAt, endsAt), and rules without dates always", () => {
    const at = (iso: string) => rulesInForceAt([WEEK, ALWAYS], new Date(iso)).map((r) => r.id);
    expect(at("2026-11-27T04:59:59.999Z")).toEqual(["always"]);
    expect(at("2026-11-27T05:00:00Z")).toEqual(["black-friday", "always"]);
    expect(at("2026-12-01T04:59:59Z")).toEqual(["black-friday", "always"]);
    expect(at("2026-12-01T05:00:00Z")).toEqual(["always"]);
    const open = rule("from", 20, { startsAt: START, endsAt: null });
    expect(rulesInForceAt([open], new Date("2030-01-01T00:00:00Z"))).toEqual([open]);
  });

  it("gives the same list back when no rule has dates (the unscheduled path)", () => {
    const rules = [ALWAYS, rule("other", 10)];
    expect(rulesInForceAt(rules, new Date())).toBe(rules);
  });
});

describe("a backtest of a scheduled rule", () => {
  /** orders with 30 % off: two before the week, three inside it, one at its end */
  const orders: [OrderFacts, string][] = [
    [order(1, 30), "2026-11-20T12:00:00Z"],
    [order(2, 30), "2026-11-27T04:30:00Z"],
    [order(3, 30), "2026-11-27T05:00:00Z"],
    [order(4, 30), "2026-11-28T12:00:00Z"],
    [order(5, 10), "2026-11-30T12:00:00Z"],
    [order(6, 30), "2026-12-01T05:00:00Z"],
  ];

  function run(rules: EvaluableRule[]) {
    const tally = newTally(rules, "USD", false);
    for (const [facts, at] of orders) {
      tallyOrder(tally, facts, at, evaluateOrder(facts, rulesInForceAt(rules, new Date(at)), undefined));
    }
    return finishTally(tally);
  }

  it("flags only the orders placed inside its window and says how many were inside", () => {
    const results = run([WEEK, ALWAYS]);
    const week = results.rules.find((tally) => tally.ruleId === "black-friday")!;
    const always = results.rules.find((tally) => tally.ruleId === "always")!;
    expect(week.ordersBreached).toBe(2);
    expect(week.worst.map((worst) => worst.orderName).sort()).toEqual(["#3", "#4"]);
    expect(week.ordersInSchedule).toBe(3);
    expect(week.schedule).toEqual({ startsAt: START.toISOString(), endsAt: END.toISOString() });
    // a rule without dates judges every order, and says nothing about a schedule
    expect(always.ordersBreached).toBe(5);
    expect(always).not.toHaveProperty("ordersInSchedule");
    expect(always).not.toHaveProperty("schedule");
    expect(results.ordersScanned).toBe(6);
    expect(results.ordersBreached).toBe(5);
  });

  it("counts no order for a rule whose window holds none", () => {
    const later = rule("later", 20, { startsAt: new Date("2027-11-26T05:00:00Z"), endsAt: null });
    const [tally] = run([later]).rules;
    expect(tally).toMatchObject({ ordersBreached: 0, overLimitCents: 0, ordersInSchedule: 0, worst: [] });
    expect(tally.schedule).toEqual({ startsAt: "2027-11-26T05:00:00.000Z", endsAt: null });
  });
});
