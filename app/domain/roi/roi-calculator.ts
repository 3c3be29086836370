/** The landing page's ROI calculator (docs/product.md#roi-calculator). */
import { percentToFraction } from "../money";

export const ROI_CALCULATOR_DEFAULTS = {
  averageOrderValue: 120,
  monthlyPromoAttempts: 400,
  stackingRatePercent: 6,
  extraDiscountLeakedPercent: 35,
} as const;

export type RoiCalculatorInput = { [K in keyof typeof ROI_CALCULATOR_DEFAULTS]: string | number };

/**
 * The shares of the leakage the calculator says each plan saves, counted as the ROI dashboard
 * counts saved money (docs/product.md#what-the-figures-count): Core's from the breaching orders it
 * holds that the merchant then cancels or edits down (an alert alone saves nothing: it flags),
 * Plus's from the checkouts it blocks.
 */
export const CORE_SAVINGS_SHARE = 0.25;
export const PLUS_SAVINGS_SHARE = 0.8;

export interface RoiCalculatorResult {
  monthlyLeakage: number;
  coreSavings: number;
  plusSavings: number;
}

/** A number from what the merchant typed; anything unparseable, negative or infinite is 0. */
export function toInputNumber(value: string | number): number {
  const number = typeof value === "number" ? value : Number(String(value).trim().replace(/,/g, ""));
  return Number.isFinite(number) && number > 0 ? number : 0;
}

/**
 * Monthly leakage = order value x promo attempts x stacking rate x leaked share, rounded.
 * Percentages are entered as whole numbers and divided by 100.
 */
export function calculateRoi(input: RoiCalculatorInput): RoiCalculatorResult {
  const leakage =
    toInputNumber(input.averageOrderValue) *
    toInputNumber(input.monthlyPromoAttempts) *
    percentToFraction(toInputNumber(input.stackingRatePercent)) *
    percentToFraction(toInputNumber(input.extraDiscountLeakedPercent));
  const monthlyLeakage = Math.round(leakage);
  return {
    monthlyLeakage,
    coreSavings: Math.round(monthlyLeakage * CORE_SAVINGS_SHARE),
    plusSavings: Math.round(monthlyLeakage * PLUS_SAVINGS_SHARE),
  };
}
