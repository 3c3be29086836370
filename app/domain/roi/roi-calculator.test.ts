import { describe, expect, it } from "vitest";
import { ROI_CALCULATOR_DEFAULTS, calculateRoi, toInputNumber } from "./roi-calculator";

describe("ROI calculator", () => {
  it("has the product's defaults and figures", () => {
    expect(ROI_CALCULATOR_DEFAULTS).toEqual({
      averageOrderValue: 120,
      monthlyPromoAttempts: 400,
      stackingRatePercent: 6,
      extraDiscountLeakedPercent: 35,
    });
    // 120 x 400 x 0.06 x 0.35 = 1008
    expect(calculateRoi(ROI_CALCULATOR_DEFAULTS)).toEqual({ monthlyLeakage: 1008, coreSavings: 252, plusSavings: 806 });
  });
  it("rounds the leakage, then the savings", () => {
    // 99.99 x 3 x 0.07 x 0.33 = 6.929...
    expect(
      calculateRoi({
        averageOrderValue: 99.99,
        monthlyPromoAttempts: 3,
        stackingRatePercent: 7,
        extraDiscountLeakedPercent: 33,
      }),
    ).toEqual({
      monthlyLeakage: 7,
      coreSavings: 2,
      plusSavings: 6,
    });
  });
  it("reads typed text, including thousands separators", () => {
    expect(
      calculateRoi({
        averageOrderValue: "1,000",
        monthlyPromoAttempts: " 100 ",
        stackingRatePercent: "10",
        extraDiscountLeakedPercent: "50",
      }).monthlyLeakage,
    ).toBe(5000);
  });
  it("never gives NaN for bad input: it counts as zero", () => {
    for (const bad of ["", "abc", "1e999", "-5", "NaN", "Infinity", "12abc"]) {
      const result = calculateRoi({ ...ROI_CALCULATOR_DEFAULTS, averageOrderValue: bad });
      expect(result).toEqual({ monthlyLeakage: 0, coreSavings: 0, plusSavings: 0 });
    }
    expect(toInputNumber(Number.NaN)).toBe(0);
  });
});

import { openAppUrl } from "../shops/open-app";

describe("Open App", () => {
  it("goes to the store admin's page for the app", () => {
    expect(openAppUrl("acme-goods.myshopify.com")).toBe(
      "https://admin.shopify.com/store/acme-goods/apps/margin-guardrail",
    );
    expect(openAppUrl(" ACME.myshopify.com ")).toBe("https://admin.shopify.com/store/acme/apps/margin-guardrail");
  });
  it("has nowhere to go without a shop domain", () => {
    for (const shop of [
      null,
      undefined,
      "",
      "acme",
      "evil.com",
      "acme.myshopify.com.evil.com",
      "javascript:alert(1)",
    ]) {
      expect(openAppUrl(shop)).toBeNull();
    }
  });
});
