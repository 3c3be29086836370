import { IMMEDIATE_ALERTS } from "../../../tests/fixtures/rules";
import { describe, expect, it } from "vitest";
import type { AlertPreferences } from "../alerts/alert-routing";
import { evaluateRule, type EvaluableRule } from "../monitoring/evaluate";
import { NO_ORDER_ACTIONS } from "./order-actions";
import {
  evaluableRules,
  fingerprintDigest,
  needVariants,
  planOrderEffects,
  withVariantFacts,
  type OrderEffectsContext,
  type OrderToPlan,
} from "./order-effects";
import type { OrderFacts } from "../monitoring/order-facts";
import { factsFingerprint } from "../monitoring/order-payload";

const NOON = new Date("2026-11-22T12:00:00Z");
const ORDER = "gid://shopify/Order/1";
const VARIANT = "gid://shopify/ProductVariant/1";

/** A $100 order of one line with `discountCents` off through the code SAVE. */
function facts(discountCents: number, overrides: Partial<OrderFacts> = {}): OrderFacts {
  return {
    orderId: ORDER,
    orderName: "#1001",
    currency: "USD",
    preDiscountSubtotalCents: 10_000,
    lineDiscountCents: discountCents,
    shippingDiscountCents: 0,
    totalDiscountCents: discountCents,
    discountCodes: ["SAVE"],
    applications: [
      {
        kind: "DiscountCodeBasic",
        code: "SAVE",
        title: null,
        valueType: "fixed_amount",
        target: "line_item",
        amountCents: discountCents,
      },
    ],
    lines: [
      {
        lineId: "l1",
        variantId: VARIANT,
        productId: "gid://shopify/Product/1",
        collectionIds: [],
        quantity: 1,
        unitPriceCents: 10_000,
        discountCents,
        unitCostCents: null,
      },
    ],
    ...overrides,
  };
}

const order = (discountCents: number, overrides: Partial<OrderToPlan> = {}): OrderToPlan => ({
  topic: "orders/create",
  facts: facts(discountCents),
  customerId: "gid://shopify/Customer/9",
  ...overrides,
});

const MAX_20: EvaluableRule = {
  id: "rule-1",
  name: "Max 20%",
  ruleType: "max_discount",
  thresholdUnit: "PERCENT",
  thresholdPercent: 20,
  thresholdAmountCents: null,
};

const ALERTS: AlertPreferences = IMMEDIATE_ALERTS;

function context(overrides: Partial<OrderEffectsContext> = {}): OrderEffectsContext {
  return {
    shop: { id: "shop-1", plan: "core" },
    alerts: ALERTS,
    rules: [MAX_20],
    stacking: { enabled: false, blockedStacking: [] },
    checkout: null,
    orderActions: new Map([["rule-1", NO_ORDER_ACTIONS]]),
    flowTriggerEnabled: false,
    variants: new Map(),
    ...overrides,
  };
}

describe("planning what a batch of orders does", () => {
  it("plans a first breach: its fingerprint, event, money and an alert per channel", () => {
    const plan = planOrderEffects(context(), [order(4_500)], new Map(), NOON);

    const fingerprint = factsFingerprint(facts(4_500));
    expect(plan.fingerprints).toEqual(new Map([[ORDER, { fingerprint, at: NOON }]]));
    expect(plan.events).toHaveLength(1);
    const [{ order: index, event }] = plan.events;
    expect(index).toBe(0);
    expect(event).toMatchObject({
      eventType: "rule_triggered",
      orderId: ORDER,
      ruleId: "rule-1",
      dedupeKey: `${ORDER}|rule-1|${fingerprintDigest(fingerprint)}`,
      createdAt: NOON,
    });
    expect(event.message).not.toContain("order edited");
    expect(plan.money.evaluated).toEqual([
      {
        orderId: ORDER,
        orderName: "#1001",
        currency: "USD",
        at: NOON,
        discountCents: 4_500,
        overage: { overageCents: 2_500, ruleKey: "max_discount" },
        cancelled: false,
      },
    ]);
    expect(plan.money.known).toEqual(new Set());
    expect(plan.alerts).toHaveLength(1);
    const [alert] = plan.alerts;
    expect(alert).toMatchObject({ orderId: ORDER, orderName: "#1001", reevaluated: false });
    expect(alert.deliveries).toEqual([
      { channel: "email", status: "pending", nextAttemptAt: NOON },
      { channel: "slack", status: "pending", nextAttemptAt: NOON },
    ]);
    expect(alert.breaches.map((breach) => [breach.eventKey, breach.breachKey])).toEqual([
      [event.dedupeKey, "rule|rule-1"],
    ]);
    expect(alert.breaches[0].event).toMatchObject({ orderName: "#1001", overLimitCents: 2_500, ruleName: "Max 20%" });
    expect(alert).not.toHaveProperty("queuedAt");
    expect(plan.actions).toEqual([]);
  });

  it("plans nothing for an order delivered again unchanged, nor for a repeat in the same batch", () => {
    const previous = new Map([[ORDER, factsFingerprint(facts(4_500))]]);
    expect(planOrderEffects(context(), [order(4_500)], previous, NOON)).toEqual({
      fingerprints: new Map(),
      events: [],
      money: { evaluated: [], known: new Set() },
      alerts: [],
      actions: [],
    });
    const twice = planOrderEffects(context(), [order(4_500), order(4_500)], new Map(), NOON);
    expect(twice.events.map((planned) => planned.order)).toEqual([0]);
  });

  it("plans an edited order's new events, saying so, and replaces its money", () => {
    const previous = new Map([[ORDER, factsFingerprint(facts(4_500))]]);
    const plan = planOrderEffects(context(), [order(5_000, { topic: "orders/updated" })], previous, NOON);
    expect(plan.events).toHaveLength(1);
    expect(plan.events[0].event.message).toContain("(order edited: its discounts changed)");
    expect(plan.events[0].event.details).toMatchObject({ topic: "orders/updated", order_edited: true });
    expect(plan.money.known).toEqual(new Set([ORDER]));

    // edited down within the limit: no event, but the order's money is counted again
    const within = planOrderEffects(context(), [order(1_000)], previous, NOON);
    expect(within.events).toEqual([]);
    expect(within.money.evaluated).toMatchObject([{ orderId: ORDER, overage: { overageCents: 0 } }]);
  });

  it("plans one alert per order naming every rule it broke, worst first, above the minimum severity", () => {
    const cap: EvaluableRule = {
      id: "rule-cap",
      name: "Cap at $30",
      ruleType: "max_discount",
      thresholdUnit: "AMOUNT",
      thresholdPercent: null,
      thresholdAmountCents: 3_000,
    };
    const max40: EvaluableRule = { ...MAX_20, id: "rule-40", name: "Max 40%", thresholdPercent: 40 };
    const rules = [MAX_20, cap, max40];
    const plan = planOrderEffects(context({ rules }), [order(4_500)], new Map(), NOON);
    expect(plan.events.map((planned) => planned.event.ruleId)).toEqual(["rule-1", "rule-cap", "rule-40"]);
    expect(plan.alerts).toHaveLength(1);
    const [alert] = plan.alerts;
    // one alert, two channels: not three rules times two channels
    expect(alert.deliveries.map((delivery) => delivery.channel)).toEqual(["email", "slack"]);
    // worst first: the most severe, then the larger overage ($25.00 over 20 % before $15.00 over the cap)
    expect(alert.breaches.map((breach) => [breach.breachKey, breach.event.severity])).toEqual([
      ["rule|rule-1", "critical"],
      ["rule|rule-cap", "critical"],
      ["rule|rule-40", "medium"],
    ]);
    // below the minimum severity a breach is left out of the alert, not alerted alone
    const minimum = planOrderEffects(
      context({ rules, alerts: { ...ALERTS, minSeverity: "critical" } }),
      [order(4_500)],
      new Map(),
      NOON,
    );
    const critical = plan.events.filter(({ event }) => event.severity === "critical").length;
    expect(minimum.alerts.flatMap((planned) => planned.breaches)).toHaveLength(critical);
    // an edited order's alert is marked so: what it was told before is left out when it is queued
    const edited = planOrderEffects(context({ rules }), [order(5_000)], new Map([[ORDER, "before"]]), NOON);
    expect(edited.alerts[0].reevaluated).toBe(true);
  });

  it("plans no breach for a cancelled order, only its money", () => {
    const previous = new Map([[ORDER, factsFingerprint(facts(4_500))]]);
    const cancelled = order(4_500, { facts: facts(4_500, { cancelled: true }) });
    const plan = planOrderEffects(context(), [cancelled], previous, NOON);
    expect(plan.events).toEqual([]);
    expect(plan.money.evaluated).toMatchObject([{ orderId: ORDER, cancelled: true }]);
  });

  it("records a staff override while the checkout validation is live", () => {
    const checkout = {
      thresholdPercent: 30,
      maxDiscountCents: null,
      maxStackedDiscounts: null,
      staffOverride: true,
      instantBlocking: false,
      message: "No",
    };
    const tagged = order(4_500, {
      facts: facts(4_500, { override: { by: "gid://shopify/StaffMember/1", reason: "VIP" } }),
    });
    const plan = planOrderEffects(context({ checkout, rules: [] }), [tagged], new Map(), NOON);
    expect(plan.events.map((planned) => planned.event.eventType)).toEqual(["admin_override"]);
    expect(plan.events[0].event.overrideBy).toBe("gid://shopify/StaffMember/1");
    // its alerts are routed like a breach's; it queues no order action
    expect(plan.alerts).toHaveLength(1);
    expect(plan.alerts[0].deliveries).toHaveLength(2);
    expect(plan.actions).toEqual([]);
    // not live: nothing
    expect(planOrderEffects(context({ rules: [] }), [tagged], new Map(), NOON).events).toEqual([]);
  });

  it("plans the events on Free but no alert and no order action", () => {
    const actions = { tag: true, hold: true, flow: true };
    const free = context({ shop: { id: "shop-1", plan: "free" }, orderActions: new Map([["rule-1", actions]]) });
    const plan = planOrderEffects(free, [order(4_500)], new Map(), NOON);
    expect(plan.events).toHaveLength(1);
    expect(plan.alerts).toEqual([]);
    expect(plan.actions).toEqual([]);
  });

  it("plans a breach's order actions on a paid plan, Flow only when a workflow uses it", () => {
    const actions = { tag: true, hold: true, flow: true };
    const paid = context({ orderActions: new Map([["rule-1", actions]]) });
    const plan = planOrderEffects(paid, [order(4_500)], new Map(), NOON);
    const eventKey = plan.events[0].event.dedupeKey;
    expect(plan.actions.map(({ eventKey: key, channel, actionKey }) => [key, channel, actionKey])).toEqual([
      [eventKey, "order_tag", `shop-1|${ORDER}|rule-1|order_tag`],
      [eventKey, "order_hold", `shop-1|${ORDER}|rule-1|order_hold`],
    ]);
    expect(plan.actions[0].payload).toMatchObject({ ruleId: "rule-1", ruleType: "max_discount", orderName: "#1001" });

    const withFlow = planOrderEffects({ ...paid, flowTriggerEnabled: true }, [order(4_500)], new Map(), NOON);
    expect(withFlow.actions.map((action) => action.channel)).toEqual(["order_tag", "order_hold", "flow_trigger"]);
    // the same order and rule edited later keep their action keys: the outbox queues each once
    const edited = planOrderEffects(paid, [order(5_000)], new Map([[ORDER, "before"]]), NOON);
    expect(edited.actions.map((action) => action.actionKey)).toEqual(plan.actions.map((action) => action.actionKey));
  });

  it("holds alerts in the quiet hours and for digests, and routes none below the minimum severity", () => {
    const night = context({ alerts: { ...ALERTS, quietHours: { start: "10:00", end: "14:00" } } });
    const held = planOrderEffects(night, [order(4_500)], new Map(), NOON);
    expect(held.alerts[0].deliveries[0]).toEqual({
      channel: "email",
      status: "held",
      nextAttemptAt: new Date("2026-11-22T14:00:00Z"),
      heldFor: "quiet_hours",
    });
    const hourly = planOrderEffects(
      context({ alerts: { ...ALERTS, frequency: "hourly" } }),
      [order(4_500)],
      new Map(),
      NOON,
    );
    expect(hourly.alerts[0].deliveries[0]).toMatchObject({ status: "held", heldFor: "hourly" });
    const critical = planOrderEffects(
      context({ alerts: { ...ALERTS, minSeverity: "critical" } }),
      [order(2_100)],
      new Map(),
      NOON,
    );
    expect(critical.events).toHaveLength(1);
    expect(critical.alerts).toEqual([]);
    expect(planOrderEffects(context({ alerts: null }), [order(4_500)], new Map(), NOON).alerts).toEqual([]);
  });

  it("routes the demo's past orders as at their own time", () => {
    const past = new Date("2026-11-20T12:00:00Z");
    const plan = planOrderEffects(context(), [order(4_500, { at: past })], new Map(), NOON, { history: true });
    expect(plan.events[0].event.createdAt).toEqual(past);
    expect(plan.alerts[0]).toMatchObject({
      queuedAt: past,
      deliveries: [{ nextAttemptAt: past }, { nextAttemptAt: past }],
    });
  });

  it("evaluates margin floors with the variants' unit costs", () => {
    const floor: EvaluableRule = { ...MAX_20, id: "rule-2", ruleType: "margin_floor", thresholdPercent: 40 };
    expect(needVariants([MAX_20])).toBe(false);
    expect(needVariants([floor])).toBe(true);
    const variants = new Map([[VARIANT, { unitCostCents: 5_000, collectionIds: ["gid://shopify/Collection/7"] }]]);
    expect(withVariantFacts(facts(0), variants).lines[0]).toMatchObject({
      unitCostCents: 5_000,
      collectionIds: ["gid://shopify/Collection/7"],
    });
    const plan = planOrderEffects(context({ rules: [floor], variants }), [order(2_000)], new Map(), NOON);
    expect(plan.events.map((planned) => planned.event.ruleId)).toEqual(["rule-2"]);
    // without costs the floor cannot be measured
    expect(planOrderEffects(context({ rules: [floor] }), [order(2_000)], new Map(), NOON).events).toEqual([]);
  });

  it("evaluates collection rules beside the shop's rules", () => {
    const rules = evaluableRules(
      [MAX_20],
      [
        {
          id: "c1",
          name: "Summer",
          collectionId: "gid://shopify/Collection/7",
          collectionTitle: "",
          ruleType: "max_discount",
          thresholdUnit: "PERCENT",
          thresholdPercent: 10,
          thresholdAmountCents: null,
          isActive: true,
          createdAt: NOON,
          updatedAt: NOON,
          shopId: "shop-1",
        } as unknown as Parameters<typeof evaluableRules>[1][number],
      ],
    );
    expect(rules[1]).toMatchObject({
      id: "c1",
      collectionId: "gid://shopify/Collection/7",
      collectionLabel: "gid://shopify/Collection/7",
    });
  });

  it("enforces a collection's Maximum Discount (%) as a percentage and its Maximum Discount ($) in money", () => {
    const OUTLET = "gid://shopify/Collection/7";
    const row = (ruleType: string, threshold: number) => ({
      id: ruleType,
      shopId: "shop-1",
      collectionId: OUTLET,
      collectionTitle: "Outlet",
      ruleType,
      threshold,
      currency: "USD",
      action: "alert",
      isActive: true,
      priority: 0,
      conditions: {},
      createdAt: NOON,
      updatedAt: NOON,
    });
    const [percentCap, amountCap] = evaluableRules([], [row("max_discount", 12), row("max_discount_amount", 12)]);
    expect(percentCap).toMatchObject({ thresholdUnit: "PERCENT", thresholdPercent: 12, thresholdAmountCents: null });
    expect(amountCap).toMatchObject({ thresholdUnit: "AMOUNT", thresholdPercent: null, thresholdAmountCents: 1_200 });
    // $200 of the collection's items, 10 % off: $20.00, within 12 %, over $12.00
    const outletOrder = (percentOff: number): OrderFacts => {
      const discountCents = percentOff * 200;
      return facts(discountCents, {
        preDiscountSubtotalCents: 20_000,
        lines: [{ ...facts(0).lines[0], unitPriceCents: 20_000, discountCents, collectionIds: [OUTLET] }],
      });
    };
    expect(evaluateRule(outletOrder(10), percentCap)).toMatchObject({ breached: false, reason: "within_threshold" });
    expect(evaluateRule(outletOrder(10), amountCap)).toMatchObject({
      breached: true,
      unit: "AMOUNT",
      message: "Outlet items in order #1001 was discounted $20.00, above the $12.00 cap",
    });
    expect(evaluateRule(outletOrder(15), percentCap)).toMatchObject({
      breached: true,
      unit: "PERCENT",
      measured: 15,
      threshold: 12,
      severity: "high",
      // the discount past 12 % of $200: $6.00
      marginSavedCents: 600,
      message: "Outlet items in order #1001 took 15.0% off, above the 12% limit",
    });
  });
});
