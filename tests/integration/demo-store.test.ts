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

  it("changes the demo shop's plan through the JSON API, and refuses Plus while it is Coming Soon", async () => {
    const { action: downgrade } = await import("../../app/routes/api.billing.downgrade");
    const { action: upgrade } = await import("../../app/routes/api.billing.upgrade");
    const prisma = (await import("../../app/db.server")).default;
    const post = (path: string) =>
      ({ request: new Request(`http://localhost:3000${path}`, { method: "POST" }), params: {}, context: {} });

    const down = (await downgrade(post("/api/billing/downgrade"))) as Response;
    expect(down.status).toBe(200);
    expect(await down.json()).toEqual({ ok: true, plan: "free", message: "Successfully downgraded to Free plan." });
    const shop = await prisma.shop.findUniqueOrThrow({ where: { domain: "margin-guardrail-demo.myshopify.com" } });
    expect(shop.plan).toBe("free");

    const plus = (await upgrade(post("/api/billing/upgrade?plan=plus"))) as Response;
    expect(plus.status).toBe(400);
    expect(await plus.json()).toEqual({ ok: false, message: "Unable to upgrade plan." });

    const unknown = (await upgrade(post("/api/billing/upgrade?plan=gold"))) as Response;
    expect(unknown.status).toBe(400);

    const core = (await upgrade(post("/api/billing/upgrade?plan=core"))) as Response;
    expect(core.status).toBe(200);
    expect((await prisma.shop.findUniqueOrThrow({ where: { id: shop.id } })).plan).toBe("core");
  });
});
