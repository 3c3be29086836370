import { describe, expect, it } from "vitest";
import { DEMO_SEEDED_AT, seededDemoStore } from "../helpers/seeded-demo";

// The demo store's scheduled Black Friday rule and its rule in testing
// (docs/product.md#status-and-schedule).
process.env.SHOPIFY_API_KEY = "";
process.env.NODE_ENV = "development";

// the demo store seeded once for the run, at DEMO_SEEDED_AT, copied into this file's database
const seeded = await seededDemoStore();

describe("demo store: schedules and testing", () => {
  it("seeds a Black Friday week rule in the shop's zone and a testing rule with a few would-have events", async () => {
    const { DEMO_BLACK_FRIDAY_RULE, DEMO_TESTING_RULE } = await import("../../app/demo/seed-schedules.server");
    const { loadDashboard } = await import("../../app/services/dashboard/dashboard.server");
    const { scheduleLabel } = await import("../../app/domain/rules/rule-schedule");
    const prisma = (await import("../../app/db.server")).default;
    const now = DEMO_SEEDED_AT;
    const shopId = seeded.shop.id;

    const blackFriday = await prisma.rule.findUniqueOrThrow({ where: { id: DEMO_BLACK_FRIDAY_RULE } });
    // America/Chicago: midnight is 06:00Z in November
    expect(blackFriday).toMatchObject({
      isActive: true,
      testing: false,
      thresholdPercent: 30,
      startsAt: new Date("2026-11-27T06:00:00Z"),
      endsAt: new Date("2026-12-02T06:00:00Z"),
    });
    expect(scheduleLabel(blackFriday, now, "America/Chicago")).toBe("Scheduled · starts Nov 27, 2026, 12:00 AM");
    // not yet in force: the history has nothing of it
    expect(
      await prisma.auditEvent.count({
        where: { shopId, ruleId: DEMO_BLACK_FRIDAY_RULE, eventType: { not: "rule_created" } },
      }),
    ).toBe(0);

    const tested = await prisma.auditEvent.findMany({ where: { shopId, eventType: "rule_tested" } });
    expect(tested.length).toBeGreaterThan(0);
    expect(tested.length).toBeLessThanOrEqual(4);
    expect(tested.every((event) => event.ruleId === DEMO_TESTING_RULE)).toBe(true);
    // never alerted, never counted
    expect(
      await prisma.alertAndActionOutbox.count({ where: { auditEventId: { in: tested.map((event) => event.id) } } }),
    ).toBe(0);
    expect(
      await prisma.auditEvent.count({ where: { shopId, ruleId: DEMO_TESTING_RULE, eventType: "rule_triggered" } }),
    ).toBe(0);
    const data = await loadDashboard({ id: shopId, plan: "core", timezone: "UTC" }, now);
    expect(data.breaches).toBe(seeded.events);
  }, 120_000);
});
