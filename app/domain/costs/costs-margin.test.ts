// The margin floor on the cost model (docs/product.md#costs): fees and shipping
// count on the whole order, the message says which parts were known, and a unit cost at the
// order's date wins over today's.
import { describe, expect, it } from "vitest";
import { DEFAULT_COST_SETTINGS, orderCostExtras } from "./costs";
import { evaluateRule, marginOf, type EvaluableRule } from "../monitoring/evaluate";
import type { OrderFacts, OrderLineFacts } from "../monitoring/order-facts";
import { withVariantFacts } from "../actions/order-effects";

const VARIANT = "gid://shopify/ProductVariant/1";
const line = (overrides: Partial<OrderLineFacts> = {}): OrderLineFacts => ({
  lineId: "l1",
  variantId: VARIANT,
  productId: "gid://shopify/Product/1",
  collectionIds: ["gid://shopify/Collection/1"],
  quantity: 1,
  unitPriceCents: 10_000,
  discountCents: 2_000,
  unitCostCents: 5_000,
  ...overrides,
});
const order = (lines: OrderLineFacts[], costs?: OrderFacts["costs"]): OrderFacts => ({
  orderId: "gid://shopify/Order/1",
  orderName: "#1001",
  currency: "USD",
  preDiscountSubtotalCents: 10_000,
  lineDiscountCents: 2_000,
  shippingDiscountCents: 0,
  totalDiscountCents: 2_000,
  discountCodes: ["SAVE20"],
  applications: [],
  lines,
  ...(costs ? { costs } : {}),
});
const floor: EvaluableRule = {
  id: "r1",
  name: "Floor",
  ruleType: "margin_floor",
  thresholdUnit: "PERCENT",
  thresholdPercent: 35,
  thresholdAmountCents: null,
};
const settings = {
  ...DEFAULT_COST_SETTINGS,
  paymentFeesEnabled: true,
  shippingCostEnabled: true,
  shippingCostCents: 700,
};
const inputs = { createdAt: null, gateways: ["shopify_payments"], totalPriceCents: 8_000, shippingLines: 1 };

describe("the margin floor on the cost model", () => {
  it("without the cost model's extras, the margin is as before: revenue minus unit costs", () => {
    expect(marginOf([line()])).toEqual({
      marginPercent: 37.5,
      revenueCents: 8_000,
      costCents: 5_000,
      coveredLines: 1,
      uncoveredLines: 0,
    });
    expect(evaluateRule(order([line()]), floor)).toMatchObject({ breached: false, reason: "within_threshold" });
  });

  it("fees and shipping turn a passing order into a breach, and the message says which parts were known", () => {
    // fee: 2.9 % of 80.00 + 0.30 = 2.62; shipping 7.00; cost 50.00 + 9.62 on 80.00 revenue = 25.5 %
    const extras = orderCostExtras(settings, inputs, 8_000, "at_date");
    const outcome = evaluateRule(order([line()], { unitCosts: {}, extras }), floor);
    expect(outcome).toMatchObject({
      breached: true,
      measured: 25.5,
      margin: { costCents: 5_962, feeCents: 262, shippingCents: 700 },
    });
    expect(outcome.breached && outcome.message).toBe(
      "Order #1001 kept a 25.5% margin, under the 35% floor; unit costs at the order's date, fees estimated, shipping at your cost per order",
    );
    // saved: 35 % of 80.00 = 28.00 against a 20.38 margin: 7.62
    expect(outcome.breached && outcome.marginSavedCents).toBe(762);
  });

  it("a collection rule's scope takes no share of the order's fee or shipping", () => {
    const extras = orderCostExtras(settings, inputs, 8_000, "at_date");
    const outcome = evaluateRule(order([line()], { unitCosts: {}, extras }), {
      ...floor,
      collectionId: "gid://shopify/Collection/1",
    });
    expect(outcome).toMatchObject({ breached: false, margin: { costCents: 5_000 } });
  });

  it("the unit cost at the order's date wins over today's; without one, today's stands", () => {
    const variants = new Map([[VARIANT, { unitCostCents: 7_000, collectionIds: ["c"] }]]);
    const facts = order([line({ unitCostCents: null })]);
    expect(withVariantFacts(facts, variants).lines[0]).toMatchObject({ unitCostCents: 7_000, collectionIds: ["c"] });
    const atDate = withVariantFacts({ ...facts, costs: { unitCosts: { [VARIANT]: 4_000 }, extras: null } }, variants);
    expect(atDate.lines[0]).toMatchObject({ unitCostCents: 4_000, collectionIds: ["c"] });
    const cleared = withVariantFacts({ ...facts, costs: { unitCosts: { [VARIANT]: null }, extras: null } }, variants);
    expect(cleared.lines[0].unitCostCents).toBeNull();
  });
});
