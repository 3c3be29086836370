import { describe, expect, it } from "vitest";
import {
  ALERT_EVENT_TYPES,
  BLOCKED_EVENT_TYPES,
  countsAsAlert,
  countsAsBlocked,
  dashboardCounts,
} from "./audit-events";

describe("dashboard counts (docs/product.md#dashboard)", () => {
  it("counts delivered alerts as alerts sent, never breaches (docs/product.md#decisions, 14)", () => {
    expect(countsAsAlert("alert_sent")).toBe(true);
    expect(countsAsAlert("digest_alert_sent")).toBe(true);
    expect(countsAsAlert("rule_triggered")).toBe(false);
    expect(countsAsAlert("checkout_blocked")).toBe(false);
    expect(ALERT_EVENT_TYPES).toEqual(["alert_sent"]);
  });
  it("counts types containing blocked as blocked checkouts", () => {
    expect(countsAsBlocked("checkout_blocked")).toBe(true);
    expect(countsAsBlocked("admin_override")).toBe(false);
    expect(BLOCKED_EVENT_TYPES).toEqual(["checkout_blocked"]);
  });
  it("folds per-type counts into the stat cards", () => {
    expect(
      dashboardCounts([
        { eventType: "rule_triggered", count: 7 },
        { eventType: "alert_sent", count: 3 },
        { eventType: "checkout_blocked", count: 2 },
        { eventType: "admin_override", count: 5 },
        { eventType: "rule_created", count: 4 },
      ]),
    ).toEqual({ alertsSent: 3, blockedCheckouts: 2, breaches: 7 });
  });
  it("is zero with no events", () => {
    expect(dashboardCounts([])).toEqual({ alertsSent: 0, blockedCheckouts: 0, breaches: 0 });
  });
});
