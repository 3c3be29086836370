import { describe, expect, it } from "vitest";
import { blackFridayWeek } from "./black-friday";

// America/Chicago: midnight is 06:00Z in late November (CST)
const WEEK_2026 = { startsAt: new Date("2026-11-27T06:00:00Z"), endsAt: new Date("2026-12-02T06:00:00Z") };

describe("the demo's Black Friday week: that of the year the demo is seeded", () => {
  it("is 27 Nov to the end of 1 Dec 2026 when seeded before, during or after that week", () => {
    for (const seeded of [
      "2026-01-02T12:00:00Z",
      "2026-11-21T12:40:00Z",
      // Black Friday 2026 itself, its first minute and later that day
      "2026-11-27T06:00:00Z",
      "2026-11-27T18:00:00Z",
      "2026-11-30T12:00:00Z",
      // the week's last minute, and the day after it
      "2026-12-02T05:59:00Z",
      "2026-12-02T12:00:00Z",
      "2026-12-31T12:00:00Z",
    ]) {
      expect(blackFridayWeek(new Date(seeded), "America/Chicago"), seeded).toEqual(WEEK_2026);
    }
  });

  it("takes the year in the shop's zone: New Year's Eve in Chicago is still that year", () => {
    // 2027-01-01 03:00Z is 9 PM on 31 Dec 2026 in Chicago
    expect(blackFridayWeek(new Date("2027-01-01T03:00:00Z"), "America/Chicago")).toEqual(WEEK_2026);
    expect(blackFridayWeek(new Date("2027-01-01T07:00:00Z"), "America/Chicago").startsAt).toEqual(
      new Date("2027-11-26T06:00:00Z"),
    );
  });

  it("is the day after the fourth Thursday of November, whichever weekday November starts on", () => {
    // November 2025 starts on a Saturday, 2027 on a Monday, 2029 on a Thursday
    expect(blackFridayWeek(new Date("2025-06-01T00:00:00Z"), "UTC")).toEqual({
      startsAt: new Date("2025-11-28T00:00:00Z"),
      endsAt: new Date("2025-12-03T00:00:00Z"),
    });
    expect(blackFridayWeek(new Date("2027-06-01T00:00:00Z"), "UTC").startsAt).toEqual(new Date("2027-11-26T00:00:00Z"));
    expect(blackFridayWeek(new Date("2029-06-01T00:00:00Z"), "UTC").startsAt).toEqual(new Date("2029-11-23T00:00:00Z"));
    // in Tokyo, midnight is 15:00Z the day before
    expect(blackFridayWeek(new Date("2026-11-28T00:00:00Z"), "Asia/Tokyo")).toEqual({
      startsAt: new Date("2026-11-26T15:00:00Z"),
      endsAt: new Date("2026-12-01T15:00:00Z"),
    });
  });
});
