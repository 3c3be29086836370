import { describe, expect, it } from "vitest";
import { centsToDollars, dollarsToCents, formatCents, formatPercent } from "../money";
import { toRoiRange } from "../roi/periods";
import { periodContaining } from "../roi/roi-report";
import { formatThreshold, ruleStatusLabel } from "./rule-display";
import { moneyTotals } from "../monitoring/order-money";
import { roiSummary } from "../roi/roi";

/** Saved money, all of it stopped at checkout. */
const saved = (cents: number) => moneyTotals([{ stoppedCents: cents, recoveredCents: 0, flaggedCents: 0 }]);

describe("money", () => {
  it("converts dollars and cents both ways without float drift", () => {
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(centsToDollars(1999)).toBe(19.99);
  });
  it("shows amounts with 2 decimals and percents with 1", () => {
    expect(formatCents(123450)).toBe("$1,234.50");
    expect(formatCents(null)).toBe("$0.00");
    expect(formatPercent(33.333)).toBe("33.3%");
    expect(formatPercent(Number.NaN)).toBe("0.0%");
  });
});

describe("threshold display (docs/product.md#rules)", () => {
  const base = { isActive: true, action: "alert" };
  it("shows percent rules as '{n}%'", () => {
    expect(formatThreshold({ ...base, ruleType: "max_discount", threshold: "30", thresholdPercent: 30 })).toBe("30%");
    expect(formatThreshold({ ...base, ruleType: "margin_floor", threshold: "25" })).toBe("25%");
  });
  it("shows amounts as display money from cents", () => {
    expect(
      formatThreshold({ ...base, ruleType: "max_discount_amount", threshold: "50", thresholdAmountCents: 5000 }),
    ).toBe("$50.00");
  });
  it("falls back to 0% or $0.00 for invalid values", () => {
    expect(formatThreshold({ ...base, ruleType: "max_discount", threshold: "abc" })).toBe("0%");
    expect(formatThreshold({ ...base, ruleType: "max_discount_amount", threshold: "abc" })).toBe("$0.00");
  });
  it("labels status 'Inactive', 'Block' or 'Alert'", () => {
    expect(ruleStatusLabel({ isActive: false, action: "block" })).toBe("Inactive");
    expect(ruleStatusLabel({ isActive: true, action: "block" })).toBe("Block");
    expect(ruleStatusLabel({ isActive: true, action: "alert" })).toBe("Alert");
  });
});

describe("ROI periods and summary", () => {
  const now = new Date("2026-11-21T17:00:00Z"); // a Saturday
  it("starts each period on the right day (here in UTC)", () => {
    const start = (range: "this_week" | "this_month" | "this_quarter" | "this_year") =>
      periodContaining(range, now, "UTC").start.toISOString().slice(0, 10);
    expect(start("this_week")).toBe("2026-11-16");
    expect(start("this_month")).toBe("2026-11-01");
    expect(start("this_quarter")).toBe("2026-10-01");
    expect(start("this_year")).toBe("2026-01-01");
  });
  it("defaults unknown ranges to this_month", () => {
    expect(toRoiRange("forever")).toBe("this_month");
  });
  it("computes ROI against the subscription, and none on Free", () => {
    expect(
      roiSummary({
        money: saved(29000),
        flaggedOrders: 0,
        blockedCheckouts: 1,
        alertsSent: 2,
        subscriptionCostCents: 2900,
      }),
    ).toMatchObject({
      roi: 10,
      roiPercentage: 900,
    });
    expect(
      roiSummary({ money: saved(500), flaggedOrders: 0, blockedCheckouts: 0, alertsSent: 1, subscriptionCostCents: 0 }),
    ).toMatchObject({
      roi: null,
      roiPercentage: null,
    });
  });
});
