import { describe, expect, it } from "vitest";
import { scheduleBadge, scheduleValues, statusBadge, testedLine } from "./rule-list-items";

const NY = "America/New_York";
const context = (tested: Record<string, number> = {}) => ({
  now: new Date("2026-11-26T12:00:00Z"),
  timeZone: NY,
  tested,
});
const window = { startsAt: new Date("2026-11-27T05:00:00Z"), endsAt: new Date("2026-12-02T05:00:00Z") };

describe("the Rules list's status and schedule", () => {
  it("adds a schedule badge only for a rule that is on and has dates", () => {
    expect(scheduleBadge({ isActive: true }, context())).toBeNull();
    expect(scheduleBadge({ isActive: true, testing: true }, context())).toBeNull();
    expect(scheduleBadge({ isActive: false, ...window }, context())).toBeNull();
    expect(scheduleBadge({ isActive: true, ...window }, context())).toBe("Scheduled · starts Nov 27, 2026, 12:00 AM");
    const during = { ...context(), now: new Date("2026-11-28T00:00:00Z") };
    expect(scheduleBadge({ isActive: true, ...window }, during)).toBe("Ends Dec 2, 2026, 12:00 AM");
    expect(scheduleBadge({ isActive: true, startsAt: window.startsAt }, during)).toBeNull();
    const after = { ...context(), now: new Date("2026-12-02T05:00:00Z") };
    expect(scheduleBadge({ isActive: true, ...window }, after)).toBe("Ended Dec 2, 2026, 12:00 AM");
  });
  it("says Testing instead of the action for a testing rule that is on", () => {
    const rule = { isActive: true, testing: true, action: "alert", pausedByPlan: null };
    expect(statusBadge(rule)).toBe("Testing");
    expect(statusBadge({ ...rule, testing: false })).toBe("Alert");
    expect(statusBadge({ ...rule, isActive: false })).toBe("Inactive");
    expect(statusBadge({ ...rule, pausedByPlan: "free" })).toBe("Paused by plan");
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
