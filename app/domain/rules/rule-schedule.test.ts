import { describe, expect, it } from "vitest";
import {
  formatScheduleInstant,
  inForce,
  localInputValue,
  nextBoundary,
  parseScheduleInstant,
  ruleStatus,
  scheduleLabel,
  schedulePhase,
  statusColumns,
} from "./rule-schedule";

const NY = "America/New_York";
const BERLIN = "Europe/Berlin";
const at = (iso: string) => new Date(iso);

describe("status", () => {
  it("is inactive when switched off, else testing or active", () => {
    expect(ruleStatus({ isActive: false, testing: true })).toBe("inactive");
    expect(ruleStatus({ isActive: true, testing: true })).toBe("testing");
    expect(ruleStatus({ isActive: true, testing: false })).toBe("active");
    expect(ruleStatus({ isActive: true })).toBe("active");
  });
  it("round-trips through its columns", () => {
    for (const status of ["active", "testing", "inactive"] as const) {
      expect(ruleStatus(statusColumns(status))).toBe(status);
    }
  });
});

describe("the window [startsAt, endsAt)", () => {
  const window = { startsAt: at("2026-11-27T05:00:00Z"), endsAt: at("2026-12-02T05:00:00Z") };
  it("starts at its start and ends just before its end", () => {
    expect(inForce(window, at("2026-11-27T04:59:59.999Z"))).toBe(false);
    expect(inForce(window, at("2026-11-27T05:00:00Z"))).toBe(true);
    expect(inForce(window, at("2026-12-02T04:59:59.999Z"))).toBe(true);
    expect(inForce(window, at("2026-12-02T05:00:00Z"))).toBe(false);
  });
  it("is open on a side without a date", () => {
    expect(inForce({ startsAt: null, endsAt: null }, at("1999-01-01T00:00:00Z"))).toBe(true);
    expect(inForce({ endsAt: window.endsAt }, at("2000-01-01T00:00:00Z"))).toBe(true);
    expect(inForce({ startsAt: window.startsAt }, at("2099-01-01T00:00:00Z"))).toBe(true);
  });
  it("names its phase and the next boundary", () => {
    expect(schedulePhase({}, at("2026-11-26T00:00:00Z"))).toBe("always");
    expect(schedulePhase(window, at("2026-11-26T00:00:00Z"))).toBe("scheduled");
    expect(schedulePhase(window, at("2026-11-28T00:00:00Z"))).toBe("running");
    expect(schedulePhase(window, at("2026-12-02T05:00:00Z"))).toBe("ended");
    expect(nextBoundary([window, {}], at("2026-11-26T00:00:00Z"))).toEqual(window.startsAt);
    expect(nextBoundary([window], at("2026-11-27T05:00:00Z"))).toEqual(window.endsAt);
    expect(nextBoundary([window], at("2026-12-03T00:00:00Z"))).toBeNull();
  });
});

describe("entered in the shop's zone, across daylight-saving changes", () => {
  it("reads local midnight in New York before and after summer time ends (2026-11-01)", () => {
    expect(parseScheduleInstant("2026-11-01T00:00", NY)).toEqual(at("2026-11-01T04:00:00Z"));
    expect(parseScheduleInstant("2026-11-02T00:00", NY)).toEqual(at("2026-11-02T05:00:00Z"));
    // a window ending at local midnight covers the whole 25-hour day
    const start = parseScheduleInstant("2026-11-01", NY)!;
    const end = parseScheduleInstant("2026-11-02", NY)!;
    expect(end.getTime() - start.getTime()).toBe(25 * 3_600_000);
    expect(inForce({ startsAt: start, endsAt: end }, at("2026-11-02T04:59:59Z"))).toBe(true);
    expect(inForce({ startsAt: start, endsAt: end }, at("2026-11-02T05:00:00Z"))).toBe(false);
  });
  it("takes the first of a time the clocks pass twice, in New York and Berlin", () => {
    expect(parseScheduleInstant("2026-11-01T01:30", NY)).toEqual(at("2026-11-01T05:30:00Z"));
    expect(parseScheduleInstant("2026-10-25T02:30", BERLIN)).toEqual(at("2026-10-25T00:30:00Z"));
    expect(parseScheduleInstant("2026-10-25T03:00", BERLIN)).toEqual(at("2026-10-25T02:00:00Z"));
  });
  it("moves a skipped time on by the gap, as the clocks do", () => {
    expect(parseScheduleInstant("2026-03-08T02:30", NY)).toEqual(at("2026-03-08T07:30:00Z"));
    expect(parseScheduleInstant("2026-03-29T02:30", BERLIN)).toEqual(at("2026-03-29T01:30:00Z"));
  });
  it("a Berlin day across the change is 25 hours and ends at local midnight", () => {
    const start = parseScheduleInstant("2026-10-25T00:00", BERLIN)!;
    const end = parseScheduleInstant("2026-10-26T00:00", BERLIN)!;
    expect(start).toEqual(at("2026-10-24T22:00:00Z"));
    expect(end).toEqual(at("2026-10-25T23:00:00Z"));
  });
  it("keeps an offset written with the time, whatever the shop's zone", () => {
    expect(parseScheduleInstant("2026-11-27T00:00:00-05:00", BERLIN)).toEqual(at("2026-11-27T05:00:00Z"));
    expect(parseScheduleInstant("2026-11-27T00:00:00Z", NY)).toEqual(at("2026-11-27T00:00:00Z"));
    expect(parseScheduleInstant("2026-11-27T00:00:00+0100", NY)).toEqual(at("2026-11-26T23:00:00Z"));
  });
  it("refuses what is not a date and time", () => {
    for (const bad of [
      "",
      "tomorrow",
      "2026-02-30",
      "2026-11-27T25:00",
      "2026-13-01",
      "27/11/2026",
      "2026-11-27T00:00+5",
    ]) {
      expect(parseScheduleInstant(bad, NY)).toBeNull();
    }
  });
});

describe("shown in the shop's zone", () => {
  it("writes ISO 8601 with the offset of that day", () => {
    expect(formatScheduleInstant(at("2026-10-31T04:00:00Z"), NY)).toBe("2026-10-31T00:00:00-04:00");
    expect(formatScheduleInstant(at("2026-11-02T05:00:00Z"), NY)).toBe("2026-11-02T00:00:00-05:00");
    expect(formatScheduleInstant(at("2026-10-25T00:30:00Z"), BERLIN)).toBe("2026-10-25T02:30:00+02:00");
    expect(formatScheduleInstant(at("2026-10-25T01:30:00Z"), BERLIN)).toBe("2026-10-25T02:30:00+01:00");
    expect(formatScheduleInstant(at("2026-11-27T00:00:00Z"), "Asia/Kolkata")).toBe("2026-11-27T05:30:00+05:30");
    expect(formatScheduleInstant(at("2026-11-27T00:00:00Z"), "UTC")).toBe("2026-11-27T00:00:00+00:00");
  });
  it("round-trips through the dialog's field", () => {
    const instant = parseScheduleInstant("2026-11-27T00:00", NY)!;
    expect(localInputValue(instant, NY)).toBe("2026-11-27T00:00");
    expect(localInputValue(null, NY)).toBe("");
  });
  it("labels the rule for the Rules page", () => {
    const startsAt = at("2026-11-27T05:00:00Z");
    const endsAt = at("2026-12-02T05:00:00Z");
    const now = at("2026-11-26T12:00:00Z");
    expect(scheduleLabel({ isActive: true }, now, NY)).toBe("Active");
    expect(scheduleLabel({ isActive: true, testing: true }, now, NY)).toBe("Testing");
    expect(scheduleLabel({ isActive: false, startsAt }, now, NY)).toBe("Inactive");
    expect(scheduleLabel({ isActive: true, startsAt, endsAt }, now, NY)).toBe(
      "Scheduled · starts Nov 27, 2026, 12:00 AM",
    );
    expect(scheduleLabel({ isActive: true, testing: true, startsAt }, now, NY)).toBe(
      "Scheduled · starts Nov 27, 2026, 12:00 AM · Testing",
    );
    expect(scheduleLabel({ isActive: true, startsAt, endsAt }, at("2026-11-28T00:00:00Z"), NY)).toBe(
      "Active · ends Dec 2, 2026, 12:00 AM",
    );
    expect(scheduleLabel({ isActive: true, startsAt, endsAt }, at("2026-12-02T05:00:00Z"), NY)).toBe(
      "Ended Dec 2, 2026, 12:00 AM",
    );
  });
});
