import { beforeAll, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { recordAuditEvents, type NewAuditEvent } from "../../app/services/audit/events.server";
import { loadDashboard } from "../../app/services/dashboard/dashboard.server";
import { ensureShop } from "../../app/db/shops.server";

const NOW = new Date("2026-11-21T12:00:00Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

let checkouts = 0;
function event(eventType: NewAuditEvent["eventType"], createdAt: Date, saved = 0): NewAuditEvent {
  return {
    eventType,
    severity: "medium",
    message: `${eventType} at ${createdAt.toISOString()}`,
    discountCodes: [],
    marginSavedCents: saved,
    totalDiscountCents: saved * 2,
    createdAt,
    // a blocked checkout is one event per checkout token, as the checkout webhooks record it
    ...(eventType === "checkout_blocked" ? { dedupeKey: `checkout:token-${(checkouts += 1)}` } : {}),
  };
}

describe("dashboard figures from the database", () => {
  let shopId: string;
  beforeAll(async () => {
    const shop = await ensureShop("counts.myshopify.com");
    const other = await ensureShop("noise.myshopify.com");
    shopId = shop.id;
    await prisma.rule.createMany({
      data: [
        { shopId, name: "On", ruleType: "max_discount", threshold: "30", conditions: {} },
        { shopId, name: "Off", ruleType: "max_discount", threshold: "30", isActive: false, conditions: {} },
      ],
    });
    await prisma.collectionRule.create({
      data: { shopId, collectionId: "gid://shopify/Collection/1", threshold: 20, conditions: {} },
    });
    await recordAuditEvents(shop.id, [
      event("rule_created", daysAgo(80)),
      event("rule_triggered", daysAgo(60), 1000),
      event("rule_triggered", daysAgo(10), 2500),
      event("alert_sent", daysAgo(9)),
      event("checkout_blocked", daysAgo(5), 4000),
      event("checkout_blocked", daysAgo(45), 100),
      event("admin_override", daysAgo(1)),
      event("rule_triggered", daysAgo(0.5), 500),
    ]);
    // Another shop's events never count.
    await recordAuditEvents(other.id, [
      event("rule_triggered", daysAgo(1), 99_999),
      event("checkout_blocked", daysAgo(1)),
    ]);
    await prisma.rule.create({
      data: { shopId: other.id, name: "X", ruleType: "max_discount", threshold: "1", conditions: {} },
    });
  });

  it("counts active rules, blocked checkouts and alerts sent as docs/product.md defines", async () => {
    const data = await loadDashboard({ id: shopId, plan: "core", timezone: "America/Chicago" }, NOW);
    expect(data.activeRules).toBe(2);
    expect(data.blockedCheckouts).toBe(2);
    // docs/product.md#decisions, 14: alerts delivered (alert_sent), not breaches, which are their own figure
    expect(data.alertsSent).toBe(1);
    expect(data.breaches).toBe(3);
    // e-mail is on by default but has no recipient: no alert can go out, and the card says so
    expect(data.alertsOn).toBe(false);
  });

  it("agrees with counting the events themselves", async () => {
    const data = await loadDashboard({ id: shopId, plan: "core", timezone: "UTC" }, NOW);
    const blocked = await prisma.auditEvent.count({ where: { shopId, eventType: { contains: "blocked" } } });
    const alerts = await prisma.auditEvent.count({ where: { shopId, eventType: { contains: "alert_sent" } } });
    expect([data.blockedCheckouts, data.alertsSent]).toEqual([blocked, alerts]);
  });

  it("lists the 5 latest events, newest first, in the shop's time zone", async () => {
    const data = await loadDashboard({ id: shopId, plan: "core", timezone: "America/Chicago" }, NOW);
    expect(data.recentEvents.map((item) => item.eventType)).toEqual([
      "rule_triggered",
      "admin_override",
      "checkout_blocked",
      "alert_sent",
      "rule_triggered",
    ]);
    // 2026-11-21T00:00Z is the evening of Nov 20 in Chicago.
    expect(data.recentEvents[0].time).toBe("Nov 20, 2026, 6:00 PM");
  });

  it("shows one feed entry per order: its worst breach, newest time and every rule it broke", async () => {
    const shop = await ensureShop("feed.myshopify.com");
    const breach = (rule: string, severity: "low" | "critical", minutes: number, orderNumber = 1): NewAuditEvent => ({
      eventType: "rule_triggered",
      severity,
      message: `Order #${orderNumber} broke ${rule}`,
      orderId: `gid://shopify/Order/${orderNumber}`,
      orderName: `#${orderNumber}`,
      ruleName: rule,
      discountCodes: [],
      createdAt: new Date(daysAgo(1).getTime() + minutes * 60_000),
    });
    await recordAuditEvents(shop.id, [
      breach("Max 40%", "low", 1, 2),
      breach("Max 20%", "low", 2),
      breach("Cap at $50", "critical", 3),
      breach("Max 40%", "low", 4),
      breach("Keep 25% margin", "low", 5),
      { ...breach("Cap at $50", "critical", 6), eventType: "alert_sent", message: "Alert about order #1 sent" },
    ]);
    const data = await loadDashboard({ id: shop.id, plan: "core", timezone: "UTC" }, NOW);
    expect(
      data.recentEvents.map((entry) => [entry.orderName, entry.message, entry.severity, entry.orderEvents]),
    ).toEqual([
      ["#1", "Order #1 broke Cap at $50", "critical", 5],
      ["#2", "Order #2 broke Max 40%", "low", 1],
    ]);
    expect(data.recentEvents[0].brokenRules).toEqual(["Cap at $50", "Keep 25% margin", "Max 40%", "Max 20%"]);
    // the entry's time is its newest event's (the alert sent)
    expect(data.recentEvents[0].createdAt).toBe(new Date(daysAgo(1).getTime() + 6 * 60_000).toISOString());
  });

  it("sums the last 30 days' saved money against the subscription: blocked checkouts, not breaches", async () => {
    const data = await loadDashboard({ id: shopId, plan: "core", timezone: "UTC" }, NOW);
    // docs/product.md#decisions, 19: breaches that went through are flagged (by the engine, per order), never saved
    expect(data.roi).toMatchObject({
      totalSavedCents: 4000,
      stoppedCents: 4000,
      recoveredCents: 0,
      flaggedCents: 0,
      blockedCheckouts: 1,
      alertsSent: 1,
      subscriptionCostCents: 2900,
      roiPercentage: 38,
    });
  });
});
