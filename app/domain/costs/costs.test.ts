import { describe, expect, it } from "vitest";
import {
  DEFAULT_COST_SETTINGS,
  basisPointsOf,
  costAt,
  costPartsNote,
  costSettingsView,
  feeFor,
  isCostChange,
  mergeCostSettings,
  orderCostExtras,
  orderCostInputs,
  parseCostSettings,
  type CostSettingsValues,
} from "./costs";

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const history = [
  { effectiveAt: day("2026-10-01"), unitCostCents: 1_000 },
  { effectiveAt: day("2026-11-19"), unitCostCents: 1_500 },
  { effectiveAt: day("2026-11-25"), unitCostCents: null },
];

describe("the unit cost at a date", () => {
  it("is the earliest known before any change, and says so", () => {
    expect(costAt(history, day("2026-09-01"))).toEqual({ unitCostCents: 1_000, basis: "earliest_known" });
  });
  it("is the latest change at or before the date between and on changes", () => {
    expect(costAt(history, day("2026-10-01"))).toEqual({ unitCostCents: 1_000, basis: "at_date" });
    expect(costAt(history, day("2026-10-20"))).toEqual({ unitCostCents: 1_000, basis: "at_date" });
    expect(costAt(history, new Date(day("2026-11-19").getTime() - 1))).toEqual({
      unitCostCents: 1_000,
      basis: "at_date",
    });
    expect(costAt(history, day("2026-11-19"))).toEqual({ unitCostCents: 1_500, basis: "at_date" });
  });
  it("is unknown after the cost was cleared, and without history", () => {
    expect(costAt(history, day("2026-11-26"))).toEqual({ unitCostCents: null, basis: "at_date" });
    expect(costAt([], day("2026-11-26"))).toEqual({ unitCostCents: null, basis: "none" });
  });
  it("does not depend on the order the history is given in", () => {
    expect(costAt([...history].reverse(), day("2026-11-20")).unitCostCents).toBe(1_500);
  });
  it("a change last week leaves last month's cost as it was", () => {
    const before = costAt(history.slice(0, 1), day("2026-10-26"));
    const after = costAt(history.slice(0, 2), day("2026-10-26"));
    expect(after).toEqual(before);
  });
  it("records a change only when the cost differs from the latest", () => {
    expect(isCostChange(null, 100)).toBe(true);
    expect(isCostChange({ unitCostCents: 100 }, 100)).toBe(false);
    expect(isCostChange({ unitCostCents: 100 }, null)).toBe(true);
    expect(isCostChange({ unitCostCents: null }, null)).toBe(false);
  });
});

const fees: CostSettingsValues = {
  ...DEFAULT_COST_SETTINGS,
  paymentFeesEnabled: true,
  gatewayFees: [{ gateway: "PayPal", basisPoints: 349, fixedCents: 49 }],
};

describe("fees and shipping in cents", () => {
  it("rounds a percent of cents half up to whole cents with integers only", () => {
    expect(basisPointsOf(10_000, 290)).toBe(290);
    expect(basisPointsOf(1_050, 290)).toBe(30); // 30.45
    expect(basisPointsOf(1_724, 290)).toBe(50); // 49.996
    expect(basisPointsOf(5, 1_000)).toBe(1); // 0.5 → 1
    // 0.1 + 0.2 style drift: 3 × 1.10 at 2.9 % is 9.57 → 10, never 9.569999
    expect(basisPointsOf(330, 290)).toBe(10);
    // no drift over many orders: the sum of per-order fees is integer cents
    let total = 0;
    for (let cents = 1; cents <= 10_000; cents += 7) total += basisPointsOf(cents, 290);
    expect(Number.isInteger(total)).toBe(true);
  });
  it("takes the gateway's own rate when set, else the default", () => {
    expect(feeFor(fees, ["paypal"])).toMatchObject({ basisPoints: 349, fixedCents: 49, matched: true });
    expect(feeFor(fees, ["gift_card", "PayPal"])).toMatchObject({ basisPoints: 349, matched: true });
    expect(feeFor(fees, ["shopify_payments"])).toMatchObject({ basisPoints: 290, fixedCents: 30, matched: false });
    expect(feeFor(fees, [])).toMatchObject({ basisPoints: 290, fixedCents: 30, matched: false });
  });
  it("fees are on what the customer paid, else the discounted revenue", () => {
    const inputs = { createdAt: null, gateways: ["shopify_payments"], totalPriceCents: 10_000, shippingLines: 1 };
    expect(orderCostExtras(fees, inputs, 8_000, "at_date").feeCents).toBe(320);
    expect(orderCostExtras(fees, { ...inputs, totalPriceCents: null }, 8_000, "at_date").feeCents).toBe(262);
    expect(orderCostExtras(fees, { ...inputs, gateways: ["paypal"] }, 8_000, "at_date").feeCents).toBe(398);
    expect(orderCostExtras(fees, { ...inputs, totalPriceCents: 0 }, 0, "at_date").feeCents).toBe(0);
  });
  it("shipping is the merchant's cost per order that ships; none when nothing ships", () => {
    const settings = { ...DEFAULT_COST_SETTINGS, shippingCostEnabled: true, shippingCostCents: 695 };
    const inputs = { createdAt: null, gateways: [], totalPriceCents: 5_000, shippingLines: 1 };
    expect(orderCostExtras(settings, inputs, 4_000, "at_date")).toMatchObject({
      feeCents: 0,
      shippingCents: 695,
      parts: { fees: "off", shipping: "merchant_set" },
    });
    expect(orderCostExtras(settings, { ...inputs, shippingLines: 0 }, 4_000, "at_date").shippingCents).toBe(0);
    expect(orderCostExtras(settings, undefined, 4_000, "at_date").parts.shipping).toBe("unknown");
  });
  it("everything off counts nothing", () => {
    const extras = orderCostExtras(DEFAULT_COST_SETTINGS, undefined, 4_000, "today");
    expect(extras).toMatchObject({ feeCents: 0, shippingCents: 0 });
  });
});

describe("which parts were known, in words", () => {
  it("names each part", () => {
    expect(costPartsNote({ unitCosts: "at_date", fees: "estimated", shipping: "unknown" })).toBe(
      "unit costs at the order's date, fees estimated, shipping unknown",
    );
    expect(costPartsNote({ unitCosts: "earliest_known", fees: "off", shipping: "merchant_set" })).toBe(
      "unit costs before any known change (the earliest known cost), fees not counted, shipping at your cost per order",
    );
    expect(costPartsNote({ unitCosts: "today", fees: "off", shipping: "off" })).toBe(
      "unit costs as today, fees not counted, shipping not counted",
    );
  });
});

describe("the order's cost inputs", () => {
  it("reads gateways, the total in shop money and the shipping lines", () => {
    expect(
      orderCostInputs({
        created_at: "2026-11-01T10:00:00-05:00",
        payment_gateway_names: ["shopify_payments", 7],
        total_price: "99.00",
        total_price_set: { shop_money: { amount: "120.50" } },
        shipping_lines: [{}],
      }),
    ).toEqual({
      createdAt: "2026-11-01T10:00:00-05:00",
      gateways: ["shopify_payments"],
      totalPriceCents: 12_050,
      shippingLines: 1,
    });
    expect(orderCostInputs({ total_price: "bad" })).toEqual({
      createdAt: null,
      gateways: [],
      totalPriceCents: null,
      shippingLines: 0,
    });
  });
});

describe("the settings' input", () => {
  it("accepts percents with two decimals and keeps unsent fields", () => {
    const parsed = parseCostSettings({ paymentFeePercent: 2.9, paymentFeesEnabled: true });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const merged = mergeCostSettings(DEFAULT_COST_SETTINGS, parsed.value);
    expect(merged).toMatchObject({ paymentFeeBasisPoints: 290, paymentFeesEnabled: true, shippingCostEnabled: false });
    expect(costSettingsView(merged).paymentFeePercent).toBe(2.9);
    const gateway = parseCostSettings({ gatewayFees: [{ gateway: "paypal", percent: 3.49, fixedCents: 49 }] });
    expect(gateway.ok && mergeCostSettings(DEFAULT_COST_SETTINGS, gateway.value).gatewayFees).toEqual([
      { gateway: "paypal", basisPoints: 349, fixedCents: 49 },
    ]);
  });
  it("names the bad field", () => {
    expect(parseCostSettings({ paymentFeePercent: "2.9" })).toMatchObject({ ok: false, field: "paymentFeePercent" });
    expect(parseCostSettings({ paymentFeePercent: -1 })).toMatchObject({ ok: false, field: "paymentFeePercent" });
    expect(parseCostSettings({ paymentFeePercent: 2.905 })).toMatchObject({ ok: false, field: "paymentFeePercent" });
    expect(parseCostSettings({ paymentFeePercent: 21 })).toMatchObject({ ok: false, field: "paymentFeePercent" });
    expect(parseCostSettings({ shippingCostCents: 1.5 })).toMatchObject({ ok: false, field: "shippingCostCents" });
    expect(parseCostSettings({ paymentFeesEnabled: "yes" })).toMatchObject({ ok: false, field: "paymentFeesEnabled" });
    expect(parseCostSettings({ freight: 1 })).toMatchObject({ ok: false, field: "freight" });
    expect(parseCostSettings({ gatewayFees: [{ gateway: "", percent: 1, fixedCents: 0 }] })).toMatchObject({
      ok: false,
      field: "gatewayFees.0.gateway",
    });
    expect(
      parseCostSettings({
        gatewayFees: [
          { gateway: "a", percent: 1, fixedCents: 0 },
          { gateway: "A", percent: 1, fixedCents: 0 },
        ],
      }),
    ).toMatchObject({ ok: false, field: "gatewayFees" });
    expect(parseCostSettings([])).toMatchObject({ ok: false, field: "body" });
  });
});
