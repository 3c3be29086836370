import { describe, expect, it } from "vitest";
import { evaluateOrder, evaluateRule, marginOf, type EvaluableRule, type RuleOutcome } from "./evaluate";
import type { DiscountApplicationFacts, OrderFacts, OrderLineFacts } from "./order-facts";

const SUMMER = "gid://shopify/Collection/1";

function line(overrides: Partial<OrderLineFacts> = {}): OrderLineFacts {
  return {
    lineId: "l1",
    variantId: "gid://shopify/ProductVariant/1",
    productId: "gid://shopify/Product/1",
    collectionIds: [],
    quantity: 1,
    unitPriceCents: 10_000,
    discountCents: 0,
    unitCostCents: 5_000,
    ...overrides,
  };
}

function application(overrides: Partial<DiscountApplicationFacts> = {}): DiscountApplicationFacts {
  return {
    kind: "DiscountCodeBasic",
    code: "SAVE10",
    title: null,
    valueType: "percentage",
    target: "line_item",
    amountCents: 1_000,
    ...overrides,
  };
}

/** An order of the given lines; the discount is what the lines carry plus shipping. */
function order(
  lines: OrderLineFacts[],
  applications: DiscountApplicationFacts[] = [],
  shippingDiscountCents = 0,
): OrderFacts {
  const lineDiscountCents = lines.reduce((sum, item) => sum + item.discountCents, 0);
  return {
    orderId: "gid://shopify/Order/1",
    orderName: "#1001",
    currency: "USD",
    preDiscountSubtotalCents: lines.reduce((sum, item) => sum + item.unitPriceCents * item.quantity, 0),
    lineDiscountCents,
    shippingDiscountCents,
    totalDiscountCents: lineDiscountCents + shippingDiscountCents,
    discountCodes: applications.flatMap((item) => (item.code ? [item.code] : [])),
    applications,
    lines,
  };
}

function rule(overrides: Partial<EvaluableRule>): EvaluableRule {
  return {
    id: "r1",
    name: "Rule",
    ruleType: "max_discount",
    thresholdUnit: "PERCENT",
    thresholdPercent: 30,
    thresholdAmountCents: null,
    ...overrides,
  };
}

function breach(outcome: RuleOutcome) {
  if (!outcome.breached) throw new Error(`expected a breach, got ${outcome.reason}`);
  return outcome;
}

const percentCap = rule({ thresholdPercent: 30 });
const amountCap = rule({
  ruleType: "max_discount_amount",
  thresholdUnit: "AMOUNT",
  thresholdPercent: null,
  thresholdAmountCents: 5_000,
});

describe("max_discount: total discount / pre-discount line total, above the percent", () => {
  it("does not fire at the threshold or just below it", () => {
    expect(evaluateRule(order([line({ discountCents: 3_000 })]), percentCap)).toMatchObject({
      breached: false,
      reason: "within_threshold",
    });
    expect(evaluateRule(order([line({ discountCents: 2_990 })]), percentCap).breached).toBe(false);
  });
  it("fires just above it, with the numbers behind it", () => {
    const outcome = breach(evaluateRule(order([line({ discountCents: 3_010 })]), percentCap));
    expect(outcome).toMatchObject({
      measured: 30.1,
      threshold: 30,
      unit: "PERCENT",
      discountPercent: 30.1,
      totalDiscountCents: 3_010,
      preDiscountSubtotalCents: 10_000,
      marginSavedCents: 10,
      severity: "low",
      message: "Order #1001 took 30.1% off, above the 30% limit",
    });
  });
  it("counts shipping discounts in the total discount", () => {
    const outcome = breach(evaluateRule(order([line({ discountCents: 2_500 })], [], 1_000), percentCap));
    expect(outcome.discountPercent).toBe(35);
    expect(outcome.severity).toBe("medium");
  });
  it("grades severity by how far past the threshold", () => {
    expect(breach(evaluateRule(order([line({ discountCents: 4_500 })]), percentCap)).severity).toBe("critical");
  });
  it("reads an AMOUNT unit as a cap in money", () => {
    const inDollars = rule({ thresholdUnit: "AMOUNT", thresholdPercent: null, thresholdAmountCents: 2_000 });
    expect(breach(evaluateRule(order([line({ discountCents: 2_001 })]), inDollars)).unit).toBe("AMOUNT");
  });
  it("never fires on an order with nothing to discount", () => {
    expect(evaluateRule(order([line({ unitPriceCents: 0 })]), percentCap).breached).toBe(false);
  });
});

describe("max_discount_amount: total discount in shop currency, above the amount", () => {
  it("does not fire at or just below the amount", () => {
    expect(evaluateRule(order([line({ discountCents: 5_000 })]), amountCap).breached).toBe(false);
    expect(evaluateRule(order([line({ discountCents: 4_999 })]), amountCap).breached).toBe(false);
  });
  it("fires a cent above it", () => {
    expect(breach(evaluateRule(order([line({ discountCents: 5_001 })]), amountCap))).toMatchObject({
      measured: 5_001,
      threshold: 5_000,
      marginSavedCents: 1,
      severity: "low",
      message: "Order #1001 was discounted $50.01, above the $50.00 cap",
    });
  });
  it("writes money in the order's currency", () => {
    const euros = { ...order([line({ discountCents: 6_000 })]), currency: "EUR" };
    expect(breach(evaluateRule(euros, amountCap)).message).toBe(
      "Order #1001 was discounted €60.00, above the €50.00 cap",
    );
  });
});

describe("margin_floor: (discounted revenue - cost) / discounted revenue, below the percent", () => {
  const floor = rule({ ruleType: "margin_floor", thresholdUnit: "PERCENT", thresholdPercent: 25 });
  // revenue 100.00 - discount; cost 75.00 -> margin 25% with no discount
  const withDiscount = (discountCents: number) => order([line({ discountCents, unitCostCents: 7_500 })]);
  it("does not fire at the floor", () => {
    expect(evaluateRule(withDiscount(0), floor)).toMatchObject({ breached: false, reason: "within_threshold" });
  });
  it("fires just below it", () => {
    const outcome = breach(evaluateRule(withDiscount(100), floor));
    expect(outcome.margin).toEqual({
      marginPercent: 24.2,
      revenueCents: 9_900,
      costCents: 7_500,
      coveredLines: 1,
      uncoveredLines: 0,
    });
    expect(outcome.marginSavedCents).toBe(75); // 25% of 99.00 = 24.75, kept 24.00
    expect(outcome.message).toBe("Order #1001 kept a 24.2% margin, under the 25% floor");
  });
  it("stays quiet above it", () => {
    expect(evaluateRule(order([line({ unitCostCents: 7_400 })]), floor).breached).toBe(false);
  });
  it("uses the lines with a cost and reports the others as uncovered", () => {
    const facts = order([
      line({ lineId: "a", unitCostCents: 9_000, discountCents: 0 }),
      line({ lineId: "b", unitCostCents: null, discountCents: 5_000 }),
    ]);
    const outcome = breach(evaluateRule(facts, floor));
    expect(outcome.margin).toMatchObject({ marginPercent: 10, coveredLines: 1, uncoveredLines: 1 });
    expect(outcome.message).toBe("Order #1001 kept a 10.0% margin, under the 25% floor (1 of 2 lines have a cost)");
  });
  it("cannot judge an order without any cost, and says so", () => {
    expect(evaluateRule(order([line({ unitCostCents: null })]), floor)).toEqual({
      breached: false,
      rule: floor,
      reason: "no_costs",
      margin: null,
    });
  });
  it("treats a line given away below cost as -100% margin", () => {
    expect(marginOf([line({ discountCents: 10_000 })])?.marginPercent).toBe(-100);
    expect(breach(evaluateRule(order([line({ discountCents: 10_000 })]), floor)).severity).toBe("critical");
  });
});

describe("stacking_prevention: more than one discount application, or a blocked combination", () => {
  const stacking = rule({
    ruleType: "stacking_prevention",
    thresholdUnit: "AMOUNT",
    thresholdPercent: null,
    thresholdAmountCents: 0,
  });
  const two = [
    application({ code: "WELCOME10", amountCents: 1_000 }),
    application({ kind: "DiscountAutomaticBasic", code: null, title: "Summer sale", amountCents: 2_000 }),
  ];
  it("does not fire with one discount", () => {
    expect(evaluateRule(order([line({ discountCents: 1_000 })], [two[0]]), stacking)).toMatchObject({
      breached: false,
      reason: "no_stacking",
    });
  });
  it("fires with two, counting the extra discount as protected margin", () => {
    const outcome = breach(evaluateRule(order([line({ discountCents: 3_000 })], two), stacking));
    expect(outcome).toMatchObject({ measured: 2, unit: "COUNT", severity: "medium", marginSavedCents: 1_000 });
    expect(outcome.message).toBe("Order #1001 stacked 2 discounts (WELCOME10, Summer sale)");
  });
  it("grades three or more as more severe", () => {
    const three = [...two, application({ code: "VIP", amountCents: 500 })];
    expect(breach(evaluateRule(order([line({ discountCents: 3_500 })], three), stacking)).severity).toBe("high");
  });
  it("ignores applications that took nothing off", () => {
    expect(
      evaluateRule(order([line({ discountCents: 1_000 })], [two[0], application({ amountCents: 0 })]), stacking)
        .breached,
    ).toBe(false);
  });
  it("fires only above a threshold when one is set", () => {
    const above40 = { ...stacking, thresholdUnit: "PERCENT", thresholdPercent: 40, thresholdAmountCents: null };
    expect(evaluateRule(order([line({ discountCents: 3_000 })], two), above40)).toMatchObject({
      breached: false,
      reason: "within_threshold",
    });
    expect(evaluateRule(order([line({ discountCents: 4_100 })], two), above40).breached).toBe(true);
  });
  it("fires on a blocked combination when stacking settings are on", () => {
    const settings = { enabled: true, blockedStacking: [["DiscountCodeBasic", "DiscountAutomaticBasic"]] };
    const outcome = breach(evaluateRule(order([line({ discountCents: 3_000 })], two), stacking, settings));
    expect(outcome.message).toBe(
      "Order #1001 stacked 2 discounts (WELCOME10, Summer sale), a blocked combination (Amount off code + Automatic amount off)",
    );
    expect(
      evaluateRule(order([line({ discountCents: 3_000 })], two), stacking, { ...settings, enabled: false }).breached,
    ).toBe(true);
  });
});

describe("collection rules: the same tests on the lines of one collection", () => {
  const summerFloor = rule({
    ruleType: "margin_floor",
    thresholdUnit: "PERCENT",
    thresholdPercent: 20,
    collectionId: SUMMER,
    collectionLabel: "Summer Sale",
  });
  const summerCap = rule({
    ruleType: "max_discount_amount",
    thresholdUnit: "AMOUNT",
    thresholdPercent: null,
    thresholdAmountCents: 1_000,
    collectionId: SUMMER,
  });
  const facts = order([
    line({ lineId: "in", collectionIds: [SUMMER], unitCostCents: 8_500, discountCents: 1_500 }),
    line({ lineId: "out", collectionIds: [], unitCostCents: 1_000, discountCents: 5_000 }),
  ]);
  it("tests only the collection's lines", () => {
    const outcome = breach(evaluateRule(facts, summerFloor));
    expect(outcome.margin).toMatchObject({ marginPercent: 0, revenueCents: 8_500, coveredLines: 1 });
    expect(outcome.preDiscountSubtotalCents).toBe(10_000);
    expect(outcome.message).toBe("Summer Sale items in order #1001 kept a 0.0% margin, under the 20% floor");
    expect(breach(evaluateRule(facts, summerCap)).totalDiscountCents).toBe(1_500);
  });
  it("does not apply to an order without the collection's lines", () => {
    expect(evaluateRule(order([line({ collectionIds: ["gid://shopify/Collection/2"] })]), summerFloor)).toMatchObject({
      breached: false,
      reason: "no_lines_in_scope",
    });
  });
  it("leaves the rest of the order to the shop-wide rules", () => {
    const outcomes = evaluateOrder(facts, [summerCap, amountCap]);
    expect(outcomes.map((outcome) => outcome.breached)).toEqual([true, true]);
    expect(breach(outcomes[1]).totalDiscountCents).toBe(6_500);
  });
});

describe("percent limits compare the exact share, not the rounded one", () => {
  it("finds 30.04% above a 30% limit though it shows as 30.0%", async () => {
    const { evaluateRule } = await import("./evaluate");
    const facts = {
      orderId: "gid://shopify/Order/1",
      orderName: "#1",
      currency: "USD",
      preDiscountSubtotalCents: 100_000,
      lineDiscountCents: 30_040,
      shippingDiscountCents: 0,
      totalDiscountCents: 30_040,
      discountCodes: ["A"],
      applications: [],
      lines: [
        {
          lineId: "1",
          variantId: null,
          productId: null,
          collectionIds: [],
          quantity: 1,
          unitPriceCents: 100_000,
          discountCents: 30_040,
          unitCostCents: null,
        },
      ],
    };
    const rule = {
      id: "r",
      name: "30%",
      ruleType: "max_discount",
      thresholdUnit: "PERCENT",
      thresholdPercent: 30,
      thresholdAmountCents: null,
    };
    const outcome = evaluateRule(facts, rule);
    expect(outcome).toMatchObject({ breached: true, discountPercent: 30 });
    expect(
      evaluateRule(
        {
          ...facts,
          lineDiscountCents: 30_000,
          totalDiscountCents: 30_000,
          lines: [{ ...facts.lines[0], discountCents: 30_000 }],
        },
        rule,
      ).breached,
    ).toBe(false);
  });
});
