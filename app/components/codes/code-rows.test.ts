import { describe, expect, it } from "vitest";
import {
  audienceExceeded,
  audienceText,
  baselineText,
  countriesCell,
  countriesText,
  customersCell,
  dateAndTime,
  customersText,
  lastHourText,
  usesText,
  percentText,
  recentText,
  segmentText,
  settingsDraftOf,
  sortCodes,
  statusBadges,
} from "./code-rows";

const row = (code: string, uses: number, leakSuspected = false) => ({ code, uses, leakSuspected });

describe("sortCodes", () => {
  it("puts flagged codes first, then the most used, then by code", () => {
    const sorted = sortCodes([
      row("SUMMER", 900),
      row("VIP500", 40, true),
      row("APRIL", 12),
      row("LEAKY", 300, true),
      row("ZED", 12),
      row("ALPHA", 12),
    ]);
    expect(sorted.map((code) => code.code)).toEqual(["LEAKY", "VIP500", "SUMMER", "ALPHA", "APRIL", "ZED"]);
  });

  it("leaves its input as it was", () => {
    const input = [row("B", 1), row("A", 2)];
    sortCodes(input);
    expect(input.map((code) => code.code)).toEqual(["B", "A"]);
  });
});

describe("statusBadges", () => {
  it("says Probably leaked, Deactivated in Shopify, both, or Normal", () => {
    expect(statusBadges({ leakSuspected: true, deactivatedAt: null })).toEqual([
      { label: "Probably leaked", tone: "critical" },
    ]);
    expect(statusBadges({ leakSuspected: false, deactivatedAt: "2026-11-26T05:00:00.000Z" })).toEqual([
      { label: "Deactivated in Shopify", tone: "attention" },
    ]);
    expect(
      statusBadges({ leakSuspected: true, deactivatedAt: "2026-11-26T05:00:00.000Z" }).map((b) => b.label),
    ).toEqual(["Probably leaked", "Deactivated in Shopify"]);
    expect(statusBadges({ leakSuspected: false, deactivatedAt: null })).toEqual([{ label: "Normal", tone: "success" }]);
  });
});

describe("the figures in words", () => {
  it("says shares as whole percents, or not known", () => {
    expect(percentText(0.583)).toBe("58 %");
    expect(percentText(1)).toBe("100 %");
    expect(percentText(null)).toBe("not known");
  });

  it("says the audience, and whether the uses or the customers went past it", () => {
    expect(audienceText({ audienceSize: 1500, usageLimit: null })).toBe("audience 1,500");
    expect(audienceText({ audienceSize: null, usageLimit: null })).toBeNull();
    expect(audienceExceeded({ audienceSize: 500, usageLimit: null, uses: 501, customers: 10 })).toBe(true);
    expect(audienceExceeded({ audienceSize: 500, usageLimit: null, uses: 20, customers: 501 })).toBe(true);
    expect(audienceExceeded({ audienceSize: 500, usageLimit: null, uses: 500, customers: 500 })).toBe(false);
    expect(audienceExceeded({ audienceSize: null, usageLimit: null, uses: 9_000, customers: 9_000 })).toBe(false);
  });

  it("says Shopify's usage limit when the merchant set no audience size", () => {
    expect(audienceText({ audienceSize: null, usageLimit: 1000 })).toBe("usage limit 1,000");
    expect(audienceText({ audienceSize: 500, usageLimit: 1000 })).toBe("audience 500");
    expect(audienceText({ audienceSize: null, usageLimit: null })).toBeNull();
    expect(audienceExceeded({ audienceSize: null, usageLimit: 100, uses: 100, customers: 3 })).toBe(true);
    expect(audienceExceeded({ audienceSize: null, usageLimit: 100, uses: 99, customers: 99 })).toBe(false);
    // the merchant's audience size is what counts when both are known
    expect(audienceExceeded({ audienceSize: 500, usageLimit: 100, uses: 200, customers: 200 })).toBe(false);
  });

  it("says the recent uses, the baseline, the segment and the countries", () => {
    expect(recentText({ lastHourUses: 36, dailyUses: 1204 })).toBe("36 in the last hour, 1,204 in the last 24 hours");
    expect(baselineText({ hourlyBaseline: 0.43 })).toBe("baseline 0.43 an hour");
    expect(baselineText({ hourlyBaseline: null })).toBe("under a day old: no hourly baseline yet");
    expect(segmentText({ outsideSegmentShare: 0.58 })).toBe("58 % outside the segment");
    expect(segmentText({ outsideSegmentShare: null })).toBeNull();
    expect(lastHourText({ lastHourUses: 36 })).toBe("36 in the last hour");
    expect(lastHourText({ lastHourUses: 0 })).toBeNull();
    expect(usesText(1)).toBe("1 use");
    expect(usesText(1204)).toBe("1,204 uses");
    expect(customersText(1, 3)).toBe("1 customer");
    expect(customersText(0, 0)).toBe("0 customers");
    // used, but by guest checkouts only; shipped nowhere the orders said
    expect(customersText(0, 1)).toBe("guests only");
    expect(customersCell(0, 1)).toBe("guests only");
    expect(customersCell(1_204, 2_000)).toBe("1,204");
    expect(countriesText(1, 3)).toBe("1 country");
    expect(countriesText(9, 40)).toBe("9 countries");
    expect(countriesText(0, 86)).toBe("countries not known");
    expect(countriesCell(0, 86)).toBe("not known");
    expect(countriesCell(0, 0)).toBe("0");
  });
});

describe("the settings form", () => {
  it("starts from the code's settings", () => {
    expect(settingsDraftOf({ audienceSize: 500, segmentTags: ["vip", "subscriber"] })).toEqual({
      audience: "500",
      tags: "vip, subscriber",
    });
    expect(settingsDraftOf({ audienceSize: null, segmentTags: [] })).toEqual({ audience: "", tags: "" });
  });
});

describe("dateAndTime", () => {
  it("splits the admin's one format into the day and the time, in the shop's zone", () => {
    expect(dateAndTime("2026-11-26T05:09:00.000Z", "America/New_York")).toEqual({
      date: "Nov 26, 2026",
      time: "12:09 AM",
    });
    expect(dateAndTime("2026-11-26T05:09:00.000Z", "UTC")).toEqual({ date: "Nov 26, 2026", time: "5:09 AM" });
  });
});
