import { describe, expect, it } from "vitest";
import {
  basisPointsToPercent,
  centsToDecimal,
  centsToDollars,
  dollarsToCents,
  formatCents,
  formatCentsWithoutIntl,
  formatCount,
  formatPercent,
  formatThresholdValue,
  formatWholeMoney,
  formatWholePercent,
  percentOfCents,
  percentToFraction,
  roundToHundredths,
} from "./money";

describe("conversions", () => {
  it("turns dollars into whole cents and back", () => {
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(-4.5)).toBe(-450);
    expect(centsToDollars(1999)).toBe(19.99);
    expect(centsToDollars(-5)).toBe(-0.05);
    expect(centsToDollars(0)).toBe(0);
  });
  it("takes percentages as shares, of cents, and from basis points", () => {
    expect(percentToFraction(15)).toBe(0.15);
    expect(percentToFraction(0)).toBe(0);
    expect(percentToFraction(-20)).toBe(-0.2);
    expect(percentOfCents(1999, 15)).toBe(300); // 299.85
    expect(percentOfCents(1_000, 12.5)).toBe(125);
    expect(percentOfCents(10, 25)).toBe(3); // 2.5: half a cent up
    expect(percentOfCents(0, 30)).toBe(0);
    expect(percentOfCents(123_456_789_00, 50)).toBe(6_172_839_450);
    expect(basisPointsToPercent(250)).toBe(2.5);
    expect(basisPointsToPercent(0)).toBe(0);
  });
  it("keeps at most two decimals", () => {
    expect(roundToHundredths(12.345678)).toBe(12.35);
    expect(roundToHundredths(30)).toBe(30);
    expect(roundToHundredths(-1.234)).toBe(-1.23);
    expect(roundToHundredths(0)).toBe(0);
  });
});

describe("centsToDecimal: plain decimals for inputs, CSV and payloads", () => {
  it("writes 2 decimals, no symbol, no grouping", () => {
    expect(centsToDecimal(0)).toBe("0.00");
    expect(centsToDecimal(5)).toBe("0.05");
    expect(centsToDecimal(1999)).toBe("19.99");
    expect(centsToDecimal(123_450)).toBe("1234.50");
    expect(centsToDecimal(123_456_789_01)).toBe("123456789.01");
  });
  it("signs negatives, never a negative zero", () => {
    expect(centsToDecimal(-5)).toBe("-0.05");
    expect(centsToDecimal(-123_450)).toBe("-1234.50");
    expect(centsToDecimal(-0)).toBe("0.00");
    expect(centsToDecimal(-0.4)).toBe("0.00");
  });
  it("rounds half a cent away from zero", () => {
    expect(centsToDecimal(0.5)).toBe("0.01");
    expect(centsToDecimal(100.5)).toBe("1.01");
    expect(centsToDecimal(100.49)).toBe("1.00");
    expect(centsToDecimal(-0.5)).toBe("-0.01");
    expect(centsToDecimal(-100.5)).toBe("-1.01");
  });
  it("reads anything not finite as 0.00", () => {
    expect(centsToDecimal(Number.NaN)).toBe("0.00");
    expect(centsToDecimal(Number.POSITIVE_INFINITY)).toBe("0.00");
  });
  it("writes whole cents as (cents / 100).toFixed(2) always did", () => {
    for (let cents = -20_000; cents <= 20_000; cents += 7) {
      expect(centsToDecimal(cents)).toBe(centsToDollars(cents).toFixed(2));
    }
  });
});

describe("formatCents: the display style", () => {
  it("shows dollars with 2 decimals, grouped", () => {
    expect(formatCents(0)).toBe("$0.00");
    expect(formatCents(5)).toBe("$0.05");
    expect(formatCents(123_450)).toBe("$1,234.50");
    expect(formatCents(123_456_789_01)).toBe("$123,456,789.01");
  });
  it("puts the minus before the symbol", () => {
    expect(formatCents(-500)).toBe("-$5.00");
    expect(formatCents(-123_450)).toBe("-$1,234.50");
  });
  it("rounds half a cent away from zero", () => {
    expect(formatCents(0.5)).toBe("$0.01");
    expect(formatCents(100.5)).toBe("$1.01");
    expect(formatCents(-100.5)).toBe("-$1.01");
  });
  it("writes the shop's currency with its symbol", () => {
    expect(formatCents(1_200, "EUR")).toBe("€12.00");
    expect(formatCents(1_200, "CAD")).toBe("CA$12.00");
  });
  it("shows nothing known as $0.00", () => {
    expect(formatCents(null)).toBe("$0.00");
    expect(formatCents(undefined)).toBe("$0.00");
    expect(formatCents(Number.NaN)).toBe("$0.00");
  });
});

describe("formatCentsWithoutIntl: the display style where the Function has no Intl", () => {
  it("is formatCents in USD", () => {
    for (const cents of [0, 5, 1_999, 6_000, 123_450, -500, -123_450, 123_456_789_01, 100.5, -100.5]) {
      expect(formatCentsWithoutIntl(cents)).toBe(formatCents(cents));
    }
  });
  it("writes other currencies' codes after the amount", () => {
    expect(formatCentsWithoutIntl(1_000, "EUR")).toBe("10.00 EUR");
    expect(formatCentsWithoutIntl(123_450, "GBP")).toBe("1,234.50 GBP");
    expect(formatCentsWithoutIntl(-5, "EUR")).toBe("-0.05 EUR");
  });
});

describe("formatWholeMoney: prices, whole figures, the chart's axis", () => {
  it("drops the cents, rounding half away from zero", () => {
    expect(formatWholeMoney(0)).toBe("$0");
    expect(formatWholeMoney(2_900)).toBe("$29");
    expect(formatWholeMoney(100_800)).toBe("$1,008");
    expect(formatWholeMoney(dollarsToCents(806.4))).toBe("$806"); // the ROI calculator's dollars
    expect(formatWholeMoney(80_650)).toBe("$807");
    expect(formatWholeMoney(-80_650)).toBe("-$807");
  });
  it("writes large figures short when asked, in the shop's currency", () => {
    expect(formatWholeMoney(1_200_000, "USD", "compact")).toBe("$12K");
    expect(formatWholeMoney(250_000_000, "USD", "compact")).toBe("$3M"); // whole units, short or not
    expect(formatWholeMoney(40_000, "EUR")).toBe("€400");
  });
});

describe("formatCount (en-US)", () => {
  it("groups thousands", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(7)).toBe("7");
    expect(formatCount(1234)).toBe("1,234");
    expect(formatCount(20_000_000)).toBe("20,000,000");
    expect(formatCount(-1234)).toBe("-1,234");
  });
  it("shows whole numbers only; not finite is 0", () => {
    expect(formatCount(2.5)).toBe("3");
    expect(formatCount(Number.NaN)).toBe("0");
  });
});

describe("percents", () => {
  it("shows discount and margin percents with 1 decimal", () => {
    expect(formatPercent(33.333)).toBe("33.3%");
    expect(formatPercent(0)).toBe("0.0%");
    expect(formatPercent(-12.25)).toBe("-12.3%");
    expect(formatPercent(1234.56)).toBe("1234.6%");
    expect(formatPercent(null)).toBe("0.0%");
    expect(formatPercent(Number.NaN)).toBe("0.0%");
  });
  it("shows the return on the subscription as a whole percent, grouped", () => {
    expect(formatWholePercent(7789)).toBe("7,789%");
    expect(formatWholePercent(-100)).toBe("-100%");
    expect(formatWholePercent(0)).toBe("0%");
  });
});

describe("formatThresholdValue (docs/product.md#rules)", () => {
  it("shows a percent as entered", () => {
    expect(formatThresholdValue("PERCENT", 30)).toBe("30%");
    expect(formatThresholdValue("PERCENT", 12.5)).toBe("12.5%");
    expect(formatThresholdValue("PERCENT", 0)).toBe("0%");
    expect(formatThresholdValue("PERCENT", Number.NaN)).toBe("0%");
  });
  it("shows an amount in cents as display money", () => {
    expect(formatThresholdValue("AMOUNT", 5_000)).toBe("$50.00");
    expect(formatThresholdValue("AMOUNT", 150_000)).toBe("$1,500.00");
    expect(formatThresholdValue("AMOUNT", 0)).toBe("$0.00");
    expect(formatThresholdValue("AMOUNT", 5_000, "EUR")).toBe("€50.00");
  });
});
