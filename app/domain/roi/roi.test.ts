import { describe, expect, it } from "vitest";
import { roiMeasure, roiSummary, roiText } from "./roi";

const money = (saved: number, flagged = 0) => ({
  savedCents: saved,
  stoppedCents: saved,
  recoveredCents: 0,
  flaggedCents: flagged,
});

describe("ROI: one measure, the return in percent (docs/product.md#roi-dashboard)", () => {
  it("is (saved − cost) ÷ cost, in whole percent with thousands grouped", () => {
    const measure = roiMeasure({
      savedCents: 231_681,
      flaggedCents: 0,
      flaggedOrders: 0,
      blockedCheckouts: 3,
      subscriptionCostCents: 2_900,
    });
    expect(measure).toEqual({ kind: "percent", percent: 7_889 });
    expect(roiText(measure, "this month")).toBe("7,889%");
    expect(
      roiText(
        roiMeasure({
          savedCents: 5_800,
          flaggedCents: 0,
          flaggedOrders: 0,
          blockedCheckouts: 1,
          subscriptionCostCents: 2_900,
        }),
        "this month",
      ),
    ).toBe("100%");
  });
  it("is never a multiple: no '×' in any of its texts", () => {
    for (const saved of [1, 1_450, 2_900, 231_681]) {
      const text = roiText(
        roiMeasure({
          savedCents: saved,
          flaggedCents: 100,
          flaggedOrders: 1,
          blockedCheckouts: 0,
          subscriptionCostCents: 2_900,
        }),
        "this week",
      );
      expect(text).toMatch(/^-?[\d,]+%$/);
      expect(text).not.toContain("×");
    }
  });
  it("says in words that nothing was counted, instead of -100%, when the period has no order or checkout", () => {
    const measure = roiMeasure({
      savedCents: 0,
      flaggedCents: 0,
      flaggedOrders: 0,
      blockedCheckouts: 0,
      subscriptionCostCents: 2_900,
    });
    expect(measure).toEqual({ kind: "nothing-counted" });
    expect(roiText(measure, "this month")).toBe("No orders counted this month");
    expect(roiText(measure, "in the last 30 days")).toBe("No orders counted in the last 30 days");
  });
  it("says in words that nothing was saved yet, naming the orders flagged, instead of -100%: flagged money never counts in it", () => {
    const measure = roiMeasure({
      savedCents: 0,
      flaggedCents: 500_000,
      flaggedOrders: 12,
      blockedCheckouts: 0,
      subscriptionCostCents: 2_900,
    });
    expect(measure).toEqual({ kind: "nothing-saved", flaggedOrders: 12, blockedCheckouts: 0 });
    expect(roiText(measure, "this month")).toBe("Nothing saved yet: 12 orders flagged");
    expect(roiText({ kind: "nothing-saved", flaggedOrders: 1_204, blockedCheckouts: 0 }, "this month")).toBe(
      "Nothing saved yet: 1,204 orders flagged",
    );
    expect(roiText({ kind: "nothing-saved", flaggedOrders: 1, blockedCheckouts: 0 }, "this month")).toBe(
      "Nothing saved yet: 1 order flagged",
    );
  });
  it("counts a blocked checkout as something measured even when its overage was nothing, and names it", () => {
    const measure = roiMeasure({
      savedCents: 0,
      flaggedCents: 0,
      flaggedOrders: 0,
      blockedCheckouts: 1,
      subscriptionCostCents: 2_900,
    });
    expect(measure).toEqual({ kind: "nothing-saved", flaggedOrders: 0, blockedCheckouts: 1 });
    expect(roiText(measure, "this month")).toBe("Nothing saved yet: 1 checkout blocked");
    expect(roiText({ kind: "nothing-saved", flaggedOrders: 3, blockedCheckouts: 2 }, "this month")).toBe(
      "Nothing saved yet: 3 orders flagged, 2 checkouts blocked",
    );
  });
  it("is a negative percent once something was saved, if less than the cost", () => {
    const measure = roiMeasure({
      savedCents: 1_450,
      flaggedCents: 90_000,
      flaggedOrders: 7,
      blockedCheckouts: 0,
      subscriptionCostCents: 2_900,
    });
    expect(roiText(measure, "this month")).toBe("-50%");
  });
  it("has no measure on a plan without a cost, whatever was saved", () => {
    const measure = roiMeasure({
      savedCents: 10_000,
      flaggedCents: 0,
      flaggedOrders: 0,
      blockedCheckouts: 2,
      subscriptionCostCents: 0,
    });
    expect(measure).toEqual({ kind: "no-cost" });
    expect(roiText(measure, "this month")).toBe("No subscription cost on Free");
  });
  it("is the same figure in the summary the Dashboard and the ROI dashboard read", () => {
    const summary = roiSummary({
      money: money(29_000),
      flaggedOrders: 0,
      blockedCheckouts: 1,
      alertsSent: 0,
      subscriptionCostCents: 2_900,
    });
    expect(summary.measure).toEqual({ kind: "percent", percent: summary.roiPercentage });
    const fresh = roiSummary({
      money: money(0),
      flaggedOrders: 0,
      blockedCheckouts: 0,
      alertsSent: 0,
      subscriptionCostCents: 2_900,
    });
    expect(fresh.measure).toEqual({ kind: "nothing-counted" });
  });
});
