import { evaluableCap, IMMEDIATE_ALERTS } from "../../../tests/fixtures/rules";
import { describe, expect, it } from "vitest";
import type { EvaluableRule } from "../monitoring/evaluate";
import { planOrderEffects, evaluableRules, type OrderEffectsContext, type OrderToPlan } from "./order-effects";
import type { OrderFacts } from "../monitoring/order-facts";

/** Testing status and schedules in the order planner (docs/product.md#status-and-schedule). */

const NOW = new Date("2026-11-28T12:00:00Z");
const ORDER = "gid://shopify/Order/7";

function facts(discountCents: number): OrderFacts {
  return {
    orderId: ORDER,
    orderName: "#1007",
    currency: "USD",
    preDiscountSubtotalCents: 10_000,
    lineDiscountCents: discountCents,
    shippingDiscountCents: 0,
    totalDiscountCents: discountCents,
    discountCodes: ["BIG"],
    applications: [
      {
        kind: "DiscountCodeBasic",
        code: "BIG",
        title: null,
        valueType: "percentage",
        target: "line_item",
        amountCents: discountCents,
      },
    ],
    lines: [
      {
        lineId: "l1",
        variantId: "gid://shopify/ProductVariant/1",
        productId: "gid://shopify/Product/1",
        collectionIds: [],
        quantity: 1,
        unitPriceCents: 10_000,
        discountCents,
        unitCostCents: null,
      },
    ],
  };
}

const order = (at?: Date): OrderToPlan => ({ topic: "orders/create", facts: facts(4_000), customerId: null, at });

const rule = (id: string, more: Partial<EvaluableRule> = {}) =>
  evaluableCap(id, 20, { name: `Max 20% (${id})`, ...more });

function context(rules: EvaluableRule[]): OrderEffectsContext {
  return {
    shop: { id: "shop-1", plan: "core" },
    alerts: IMMEDIATE_ALERTS,
    rules,
    stacking: { enabled: false, blockedStacking: [] },
    checkout: null,
    orderActions: new Map(rules.map((r) => [r.id, { tag: true, hold: true, flow: true }])),
    flowTriggerEnabled: true,
    variants: new Map(),
  };
}

describe("a testing rule", () => {
  it("records a rule_tested event and nothing else: no alert, no order action, no money", () => {
    const plan = planOrderEffects(context([rule("t", { testing: true })]), [order()], new Map(), NOW);
    expect(plan.events.map(({ event }) => [event.eventType, event.ruleId])).toEqual([["rule_tested", "t"]]);
    expect(plan.events[0].event.dedupeKey).toMatch(/^tested\|/);
    expect(plan.alerts).toEqual([]);
    expect(plan.actions).toEqual([]);
    expect(plan.money.evaluated).toEqual([]);
  });

  it("beside an active rule, only the active one alerts, acts and counts its overage", () => {
    const plan = planOrderEffects(context([rule("t", { testing: true }), rule("a")]), [order()], new Map(), NOW);
    expect(plan.events.map(({ event }) => event.eventType).sort()).toEqual(["rule_tested", "rule_triggered"]);
    const triggered = plan.events.find(({ event }) => event.eventType === "rule_triggered")!.event;
    expect(plan.alerts.flatMap((alert) => alert.breaches.map((breach) => breach.eventKey))).toEqual([
      triggered.dedupeKey,
    ]);
    expect(plan.actions.length).toBeGreaterThan(0);
    expect(plan.actions.every((action) => action.payload.ruleId === "a")).toBe(true);
    expect(plan.money.evaluated).toHaveLength(1);
    expect(plan.money.evaluated[0].overage.overageCents).toBe(2_000);
  });

  it("comes from a collection rule's testing column too", () => {
    const [mapped] = evaluableRules(
      [],
      [
        {
          id: "c",
          shopId: "shop-1",
          collectionId: "gid://shopify/Collection/1",
          ruleType: "max_discount",
          threshold: 20,
          currency: "USD",
          action: "alert",
          isActive: true,
          priority: 0,
          conditions: {},
          testing: true,
          startsAt: new Date("2026-11-27T05:00:00Z"),
          endsAt: null,
          createdAt: NOW,
          updatedAt: NOW,
        },
      ],
    );
    expect(mapped).toMatchObject({ testing: true, startsAt: new Date("2026-11-27T05:00:00Z"), endsAt: null });
  });
});

describe("a scheduled rule", () => {
  const window = { startsAt: new Date("2026-11-27T05:00:00Z"), endsAt: new Date("2026-12-02T05:00:00Z") };
  const plan = (at: Date) => planOrderEffects(context([rule("s", window)]), [order()], new Map(), at);

  it("is not evaluated before its start", () => {
    expect(plan(new Date("2026-11-27T04:59:59Z")).events).toEqual([]);
  });
  it("breaks inside its window, from its first instant", () => {
    expect(plan(new Date("2026-11-27T05:00:00Z")).events.map(({ event }) => event.eventType)).toEqual([
      "rule_triggered",
    ]);
  });
  it("reverts by itself at its end", () => {
    const after = plan(new Date("2026-12-02T05:00:00Z"));
    expect(after.events).toEqual([]);
    expect(after.alerts).toEqual([]);
    expect(after.money.evaluated).toEqual([]);
  });
  it("judges a past order (the demo's history) at the order's time", () => {
    const past = planOrderEffects(
      context([rule("s", window)]),
      [order(new Date("2026-11-28T00:00:00Z"))],
      new Map(),
      new Date("2026-12-05T00:00:00Z"),
      { history: true },
    );
    expect(past.events).toHaveLength(1);
  });
});
