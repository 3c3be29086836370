import { describe, expect, it } from "vitest";
import { inQuietHours, isClockTime, quietHoursEnd } from "./quiet-hours";

const NIGHT = { start: "22:00", end: "08:00" };
const LUNCH = { start: "12:00", end: "13:30" };

describe("quiet hours in the shop's time zone", () => {
  it("spans midnight", () => {
    const zone = "America/Chicago"; // UTC-6 in November
    expect(inQuietHours(NIGHT, new Date("2026-11-22T04:30:00Z"), zone)).toBe(true); // 22:30 local
    expect(inQuietHours(NIGHT, new Date("2026-11-22T13:59:00Z"), zone)).toBe(true); // 07:59
    expect(inQuietHours(NIGHT, new Date("2026-11-22T14:00:00Z"), zone)).toBe(false); // 08:00
    expect(inQuietHours(NIGHT, new Date("2026-11-22T18:00:00Z"), zone)).toBe(false); // 12:00
  });
  it("holds a window within one day, and none when both ends are equal or unset", () => {
    expect(inQuietHours(LUNCH, new Date("2026-11-22T12:15:00Z"), "UTC")).toBe(true);
    expect(inQuietHours(LUNCH, new Date("2026-11-22T13:30:00Z"), "UTC")).toBe(false);
    expect(inQuietHours({ start: "09:00", end: "09:00" }, new Date("2026-11-22T09:00:00Z"), "UTC")).toBe(false);
    expect(inQuietHours(null, new Date(), "UTC")).toBe(false);
  });
  it("reads the same instant differently in different zones", () => {
    const at = new Date("2026-11-22T23:00:00Z");
    expect(inQuietHours(NIGHT, at, "Europe/London")).toBe(true); // 23:00
    expect(inQuietHours(NIGHT, at, "Asia/Tokyo")).toBe(false); // 08:00 next day
    expect(inQuietHours(NIGHT, at, "Not/AZone")).toBe(true); // unknown zone: UTC
  });
  it("ends at the next local end time, across midnight", () => {
    const at = new Date("2026-11-22T04:30:00Z"); // 22:30 in Chicago
    expect(quietHoursEnd(NIGHT, at, "America/Chicago").toISOString()).toBe("2026-11-22T14:00:00.000Z");
  });
  it("ends at 08:00 local across the autumn DST change (the night is an hour longer)", () => {
    // Chicago falls back on 2026-11-01 at 02:00: 22:00 CDT (UTC-5) to 08:00 CST (UTC-6)
    const at = new Date("2026-11-01T03:00:00Z"); // 22:00 CDT on Oct 31
    expect(quietHoursEnd(NIGHT, at, "America/Chicago").toISOString()).toBe("2026-11-01T14:00:00.000Z");
  });
  it("ends at 08:00 local across the spring DST change (the night is an hour shorter)", () => {
    // Chicago springs forward on 2026-03-08 at 02:00: 22:00 CST (UTC-6) to 08:00 CDT (UTC-5)
    const at = new Date("2026-03-08T04:00:00Z"); // 22:00 CST on Mar 7
    expect(quietHoursEnd(NIGHT, at, "America/Chicago").toISOString()).toBe("2026-03-08T13:00:00.000Z");
  });
  it("moves an end time that DST skips to the first minute after the jump", () => {
    const window = { start: "01:00", end: "02:30" }; // 02:30 does not exist in Chicago on 2026-03-08
    const at = new Date("2026-03-08T07:10:00Z"); // 01:10 CST
    expect(quietHoursEnd(window, at, "America/Chicago").toISOString()).toBe("2026-03-08T08:00:00.000Z"); // 03:00 CDT
  });
  it("knows a clock time", () => {
    expect(["22:00", "08:00", "00:00", "23:59"].every(isClockTime)).toBe(true);
    expect(["24:00", "8:00", "22:60", "10pm", ""].some(isClockTime)).toBe(false);
  });
});
