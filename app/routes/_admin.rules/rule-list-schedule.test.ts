import { describe, expect, it } from "vitest";
import { scheduleBadge, scheduleValues, testedLine } from "./rule-list-items";

const NY = "America/New_York";
const context = (tested: Record<string, number> = {}) => ({
  now: new Date("2026-11-26T12:00:00Z"),
  timeZone: NY,
  tested,
});
const window = { startsAt: new Date("2026-11-27T05:00:00Z"), endsAt: new Date("2026-12-02T05:00:00Z") };

describe("the Rules list's status and schedule", () => {
  it("adds a badge only when the status and dates say more than on or off", () => {
    expect(scheduleBadge({ isActive: true }, context())).toBeNull();
    expect(scheduleBadge({ isActive: false, ...window }, context())).toBeNull();
    expect(scheduleBadge({ isActive: true, testing: true }, context())).toBe("Testing");
    expect(scheduleBadge({ isActive: true, ...window }, context())).toBe("Scheduled · starts Nov 27, 2026, 12:00 AM");
  });
  it("counts a testing rule's would-have breaches, and says nothing for other rules", () => {
    expect(testedLine({ id: "r", isActive: true, testing: true }, context({ r: 3 }))).toBe(
      "3 would-have breaches while testing (no alerts, no order actions)",
    );
    expect(testedLine({ id: "r", isActive: true, testing: true }, context({ r: 1 }))).toMatch(/^1 would-have breach /);
    expect(testedLine({ id: "r", isActive: true, testing: true }, context())).toMatch(/^0 would-have breaches/);
    expect(testedLine({ id: "r", isActive: true }, context({ r: 3 }))).toBeNull();
  });
  it("starts the dialog's fields in the shop's zone", () => {
    expect(scheduleValues({ isActive: true, testing: true, ...window }, NY)).toEqual({
      status: "testing",
      startsAt: "2026-11-27T00:00",
      endsAt: "2026-12-02T00:00",
    });
    expect(scheduleValues({ isActive: false }, NY)).toEqual({ status: "inactive", startsAt: "", endsAt: "" });
  });
});
