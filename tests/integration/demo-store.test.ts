import { describe, expect, it } from "vitest";

// The demo store: no API key outside production (decisions.md #13).
process.env.SHOPIFY_API_KEY = "";
process.env.NODE_ENV = "development";

describe("demo store", () => {
  it("authenticates admin requests as the demo shop, without a session token", async () => {
    const { requireAdmin } = await import("../../app/services/admin-context.server");
    const context = await requireAdmin(new Request("http://localhost:3000/dashboard"));
    expect(context.demo).toBe(true);
    expect(context.admin).toBeNull();
    expect(context.shop.domain).toBe("margin-guardrail-demo.myshopify.com");
  });

  it("seeds realistic data whose dashboard figures match the events", async () => {
    const { buildDemoStore } = await import("../../app/demo/demo-store");
    const { recordAuditEvents } = await import("../../app/services/audit.server");
    const { loadDashboard } = await import("../../app/services/dashboard.server");
    const { demoShop } = await import("../../app/services/admin-context.server");
    const prisma = (await import("../../app/db.server")).default;
    const now = new Date("2026-11-21T12:00:00Z");
    const demo = buildDemoStore(now);
    const shop = await demoShop();
    await recordAuditEvents(shop.id, demo.events);
    for (const rule of demo.rules) await prisma.rule.create({ data: { ...rule, shopId: shop.id } });

    expect(demo.events.length).toBeGreaterThan(200);
    expect(demo.events.length).toBeLessThan(1000);
    const times = demo.events.map((item) => (item.createdAt as Date).getTime());
    expect(Math.min(...times)).toBeGreaterThanOrEqual(now.getTime() - 91 * 86_400_000);
    expect(Math.max(...times)).toBeLessThanOrEqual(now.getTime());

    const data = await loadDashboard({ id: shop.id, plan: "core", timezone: "UTC" }, now);
    const triggered = demo.events.filter((item) => item.eventType === "rule_triggered").length;
    expect(data.alertsSent).toBe(triggered);
    expect(data.activeRules).toBe(demo.rules.filter((rule) => rule.isActive !== false).length);
    expect(data.recentEvents).toHaveLength(5);
  });

  it("is the same store every time it is built", async () => {
    const { buildDemoStore } = await import("../../app/demo/demo-store");
    const now = new Date("2026-11-21T12:00:00Z");
    expect(buildDemoStore(now).events).toEqual(buildDemoStore(now).events);
  });
});
