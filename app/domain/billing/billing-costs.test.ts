import { describe, expect, it } from "vitest";
import { periodContaining } from "../roi/roi-report";
import { moneyTotals } from "../monitoring/order-money";
import { roiSummary, subscriptionCostCents } from "../roi/roi";
import { BILLING_ERROR_VARIANTS, billingErrorPath, billingErrorView } from "./billing-errors";

/** Saved money, all of it stopped at checkout. */
const saved = (cents: number) => moneyTotals([{ stoppedCents: cents, recoveredCents: 0, flaggedCents: 0 }]);

describe("what a plan costs over the ROI period", () => {
  const now = new Date("2026-11-23T12:00:00Z");
  const rangeDays = (range: "this_week" | "this_month" | "this_quarter" | "this_year", at: Date) =>
    periodContaining(range, at, "UTC").days;
  it("counts the whole period's days", () => {
    expect(rangeDays("this_week", now)).toBe(7);
    expect(rangeDays("this_month", now)).toBe(30);
    expect(rangeDays("this_quarter", now)).toBe(92);
    expect(rangeDays("this_year", now)).toBe(365);
    expect(rangeDays("this_year", new Date("2028-02-10T00:00:00Z"))).toBe(366);
    expect(rangeDays("this_month", new Date("2026-02-10T00:00:00Z"))).toBe(28);
  });
  it("charges the monthly price for every 30 days: a year on Core is about $353, never $29", () => {
    expect(subscriptionCostCents(29, 365)).toBe(35_283);
    expect(subscriptionCostCents(29, 30)).toBe(2_900);
    expect(subscriptionCostCents(79, 7)).toBe(1_843);
    expect(subscriptionCostCents(0, 365)).toBe(0);
  });
  it("makes the ROI percent of a year against a year's cost", () => {
    const year = roiSummary({
      money: saved(1_094_800),
      flaggedOrders: 0,
      blockedCheckouts: 0,
      alertsSent: 0,
      subscriptionCostCents: subscriptionCostCents(29, 365),
    });
    expect(year.roiPercentage).toBe(3003);
  });
});

describe("the billing error page's variants", () => {
  it("has the product's titles and actions", () => {
    expect(
      Object.values(BILLING_ERROR_VARIANTS).map((variant) => [variant.type, variant.title, variant.action?.label]),
    ).toEqual([
      ["declined", "Payment Declined", "Try Again"],
      ["cancelled", "Subscription Cancelled", "Try Again"],
      ["timeout", "Process Timeout", "Try Again"],
      ["invalid_token", "Authentication Error", "Reconnect Store"],
      ["verification_failed", "Verification Failed", "Check Subscription Status"],
      ["default", "Billing Error", undefined],
    ]);
  });
  it("falls back to the default variant, and shows a custom message only when it says more", () => {
    expect(billingErrorView("nonsense", null).variant.type).toBe("default");
    expect(billingErrorView("declined", BILLING_ERROR_VARIANTS.declined.description).message).toBeNull();
    expect(billingErrorView("declined", "  Card expired ").message).toBe("Card expired");
    expect(billingErrorView("declined", "").message).toBeNull();
  });
  it("builds the page's address", () => {
    expect(billingErrorPath("timeout", "Shopify did not answer", "a.myshopify.com")).toBe(
      "/billing/error?type=timeout&message=Shopify+did+not+answer&shop=a.myshopify.com",
    );
  });
});
