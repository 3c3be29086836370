import { describe, expect, it } from "vitest";
import { shopLocalTime, shopMidnight, zoneOrUtc, zonedFormat } from "./time-zones";

describe("formatting in a shop's time zone", () => {
  it("makes one formatter per locale, options and zone, and reuses it", () => {
    const clock: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" };
    const first = zonedFormat("en-GB", clock, "America/New_York");
    expect(zonedFormat("en-GB", { ...clock }, "America/New_York")).toBe(first);
    expect(zonedFormat("en-GB", clock, "Europe/Paris")).not.toBe(first);
    // the zone's own rules: 12:00 UTC is 07:00 in New York in winter, 08:00 in summer
    expect(first.format(new Date("2026-01-15T12:00:00Z"))).toBe("07:00");
    expect(first.format(new Date("2026-07-15T12:00:00Z"))).toBe("08:00");
  });

  it("reads an unknown zone as UTC", () => {
    expect(zoneOrUtc("Mars/Olympus_Mons")).toBe("UTC");
    expect(zoneOrUtc("Asia/Kolkata")).toBe("Asia/Kolkata");
    expect(shopLocalTime("2026-11-24T06:30:00Z", "Mars/Olympus_Mons")).toBe("Nov 24, 2026, 6:30 AM");
    expect(shopLocalTime("2026-11-24T06:30:00Z", "Asia/Kolkata")).toBe("Nov 24, 2026, 12:00 PM");
  });
});

describe("the shop's midnight (docs/product.md#dates-and-times)", () => {
  const iso = (date: Date) => date.toISOString();

  it("starts Chicago's days at its own midnight across both clock changes", () => {
    // 1 Nov 2026: 25 hours, CDT (UTC-5) until 2:00, then CST (UTC-6)
    expect(iso(shopMidnight(new Date("2026-11-01T20:00:00Z"), "America/Chicago"))).toBe("2026-11-01T05:00:00.000Z");
    expect(iso(shopMidnight(new Date("2026-11-02T05:30:00Z"), "America/Chicago"))).toBe("2026-11-01T05:00:00.000Z");
    expect(iso(shopMidnight(new Date("2026-11-02T06:00:00Z"), "America/Chicago"))).toBe("2026-11-02T06:00:00.000Z");
    // 8 Mar 2026: 23 hours, CST until 2:00, then CDT
    expect(iso(shopMidnight(new Date("2026-03-09T04:59:00Z"), "America/Chicago"))).toBe("2026-03-08T06:00:00.000Z");
    expect(iso(shopMidnight(new Date("2026-03-09T12:00:00Z"), "America/Chicago", 1))).toBe("2026-03-08T06:00:00.000Z");
  });

  it("counts days back as calendar days, not 24-hour spans, over a clock change", () => {
    // Nov 27, 9:00 PM in Chicago is Nov 28 in UTC: 30 days back is Oct 28's midnight (CDT), not Oct 29's UTC one
    expect(iso(shopMidnight(new Date("2026-11-28T03:00:00Z"), "America/Chicago", 30))).toBe("2026-10-28T05:00:00.000Z");
    expect(iso(shopMidnight(new Date("2026-11-02T12:00:00Z"), "America/Chicago", 1))).toBe("2026-11-01T05:00:00.000Z");
    expect(iso(shopMidnight(new Date("2026-11-02T12:00:00Z"), "America/Chicago", 0))).toBe("2026-11-02T06:00:00.000Z");
  });

  it("starts Sydney's days, east of UTC, on the UTC day before, across both clock changes", () => {
    // 4 Oct 2026: 23 hours, AEST (UTC+10) until 2:00, then AEDT (UTC+11)
    expect(iso(shopMidnight(new Date("2026-10-04T12:30:00Z"), "Australia/Sydney"))).toBe("2026-10-03T14:00:00.000Z");
    expect(iso(shopMidnight(new Date("2026-10-04T13:00:00Z"), "Australia/Sydney"))).toBe("2026-10-04T13:00:00.000Z");
    // 5 Apr 2026: 25 hours, AEDT until 3:00, then AEST
    expect(iso(shopMidnight(new Date("2026-04-05T13:59:00Z"), "Australia/Sydney"))).toBe("2026-04-04T13:00:00.000Z");
    expect(iso(shopMidnight(new Date("2026-04-06T01:00:00Z"), "Australia/Sydney", 1))).toBe("2026-04-04T13:00:00.000Z");
    expect(iso(shopMidnight(new Date("2026-11-01T00:00:00Z"), "Australia/Sydney", 30))).toBe(
      "2026-10-01T14:00:00.000Z",
    );
  });

  it("reads an unknown zone as UTC", () => {
    expect(iso(shopMidnight(new Date("2026-11-01T20:00:00Z"), "Mars/Olympus_Mons"))).toBe("2026-11-01T00:00:00.000Z");
  });
});
