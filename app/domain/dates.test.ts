import { describe, expect, it } from "vitest";
import { formatShopDate, formatShopDateTime } from "./dates";

describe("the admin's one date format", () => {
  const at = "2026-11-24T21:11:00Z";

  it("writes date and time in the shop's zone, not the machine's", () => {
    expect(formatShopDateTime(at, { timeZone: "America/New_York" })).toBe("Nov 24, 2026, 4:11 PM");
    expect(formatShopDateTime(new Date(at), { timeZone: "Asia/Kolkata" })).toBe("Nov 25, 2026, 2:41 AM");
    expect(formatShopDateTime(Date.parse(at), { timeZone: "UTC" })).toBe("Nov 24, 2026, 9:11 PM");
  });

  it("uses plain spaces only, so server and browser strings match whatever their ICU", () => {
    expect(formatShopDateTime(at, { timeZone: "UTC" })).not.toMatch(/[\u00a0\u202f]/);
  });

  it("reads an unknown zone as UTC and honours a locale when one is given", () => {
    expect(formatShopDateTime(at, { timeZone: "Mars/Olympus_Mons" })).toBe("Nov 24, 2026, 9:11 PM");
    expect(formatShopDateTime(at, { timeZone: "Europe/Paris", locale: "en-GB" })).toBe("24 Nov 2026, 22:11");
  });

  it("writes a day alone the same way", () => {
    expect(formatShopDate(at, { timeZone: "Asia/Kolkata" })).toBe("Nov 25, 2026");
  });
});
