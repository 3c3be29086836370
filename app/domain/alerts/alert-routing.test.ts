import { describe, expect, it } from "vitest";
import { meetsMinimum, plannedDeliveries, type AlertPreferences } from "./alert-routing";

const preferences: AlertPreferences = {
  emailEnabled: true,
  slackEnabled: false,
  webhookEnabled: true,
  minSeverity: "medium",
  frequency: "immediate",
  quietHours: null,
  timeZone: "UTC",
};
const NOON = new Date("2026-11-22T12:00:00Z");

describe("where a breach's alert goes", () => {
  it("goes to each channel turned on, now", () => {
    expect(plannedDeliveries("high", preferences, "core", NOON)).toEqual([
      { channel: "email", status: "pending", nextAttemptAt: NOON },
      { channel: "webhook", status: "pending", nextAttemptAt: NOON },
    ]);
  });
  it("goes nowhere on Free, below the minimum severity, or with no settings", () => {
    expect(plannedDeliveries("critical", preferences, "free", NOON)).toEqual([]);
    expect(plannedDeliveries("low", preferences, "core", NOON)).toEqual([]);
    expect(plannedDeliveries("critical", null, "plus", NOON)).toEqual([]);
  });
  it("is held in the quiet hours, for the digest released when they end", () => {
    const night = { ...preferences, quietHours: { start: "22:00", end: "08:00" } };
    const late = new Date("2026-11-22T23:30:00Z");
    expect(plannedDeliveries("high", night, "core", late)[0]).toEqual({
      channel: "email",
      status: "held",
      nextAttemptAt: new Date("2026-11-23T08:00:00Z"),
      heldFor: "quiet_hours",
    });
    expect(plannedDeliveries("high", night, "core", NOON)[0].status).toBe("pending");
  });
  it("holds hourly and daily alerts for the digest at the end of their period", () => {
    expect(plannedDeliveries("high", { ...preferences, frequency: "daily" }, "core", NOON)).toEqual([
      { channel: "email", status: "held", nextAttemptAt: new Date("2026-11-23T09:00:00Z"), heldFor: "daily" },
      { channel: "webhook", status: "held", nextAttemptAt: new Date("2026-11-23T09:00:00Z"), heldFor: "daily" },
    ]);
    const hourly = { ...preferences, frequency: "hourly" as const, timeZone: "Asia/Kolkata" };
    expect(plannedDeliveries("high", hourly, "core", NOON)[0].nextAttemptAt).toEqual(new Date("2026-11-22T12:30:00Z"));
  });
  it("orders severities", () => {
    expect(meetsMinimum("critical", "low")).toBe(true);
    expect(meetsMinimum("medium", "medium")).toBe(true);
    expect(meetsMinimum("low", "high")).toBe(false);
  });
});
