import { describe, expect, it } from "vitest";
import { shopLocalTime, zoneOrUtc, zonedFormat } from "./time-zones";

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
