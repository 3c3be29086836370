import { describe, expect, it } from "vitest";
import { DEMO_SEEDED_AT, seededDemoStore } from "../helpers/seeded-demo";

/** A route's answer, returned or thrown. */
const settle = (run: () => Promise<unknown>) => run().catch((thrown: unknown) => thrown);

// The demo store: no API key outside production (docs/product.md#modes).
process.env.SHOPIFY_API_KEY = "";
process.env.NODE_ENV = "development";

// the demo store seeded once for the run, at DEMO_SEEDED_AT, copied into this file's database
const seeded = await seededDemoStore();

describe("demo store", () => {
  it("authenticates admin requests as the demo shop, without a session token", async () => {
    const { requireAdmin } = await import("../../app/services/shops/admin-context.server");
    const context = await requireAdmin(new Request("http://localhost:3000/dashboard"));
    expect(context.demo).toBe(true);
    expect(context.admin).toBeNull();
    expect(context.shop.domain).toBe("margin-guardrail-demo.myshopify.com");
  });

  it("seeds the store by running sample orders through the engine", async () => {
    const { loadDashboard } = await import("../../app/services/dashboard/dashboard.server");
    const prisma = (await import("../../app/db.server")).default;
    const now = DEMO_SEEDED_AT;
    expect(seeded.orders).toBe(400);
    expect(seeded.events).toBeGreaterThan(200);
    expect(seeded.events).toBeLessThan(1000);

    const shopId = seeded.shop.id;
    // breaches, and the POS sale's protection gap (docs/product.md#protection-gaps)
    const triggered = await prisma.auditEvent.findMany({
      where: { shopId, eventType: { in: ["rule_triggered", "protection_gap"] } },
    });
    expect(triggered.filter((event) => event.eventType === "protection_gap")).toHaveLength(1);
    // the order the last sweep found (docs/operations.md#reconciliation)
    expect(
      triggered.filter((event) => (event.details as { source?: string } | null)?.source === "reconciliation").length,
    ).toBeGreaterThan(0);
    expect(triggered).toHaveLength(seeded.events);
    // every rule and the collection rule catch something; the paused rule nothing
    const byRule = new Set(triggered.map((event) => event.ruleName));
    for (const name of [
      "Max 30% off any order",
      "Cap discounts at $50",
      "Keep a 25% margin",
      "One promotion per order",
      "Summer Sale - Margin Floor",
    ]) {
      expect(byRule.has(name), name).toBe(true);
    }
    expect(byRule.has("Holiday 40% cap")).toBe(false);
    const times = triggered.map((event) => event.createdAt.getTime());
    expect(Math.min(...times)).toBeGreaterThanOrEqual(now.getTime() - 91 * 86_400_000);
    expect(Math.max(...times)).toBeLessThanOrEqual(now.getTime());
    // the gift box has no cost: margin events say which lines were uncovered
    expect(triggered.some((event) => (event.costUncoveredLines ?? 0) > 0)).toBe(true);

    const data = await loadDashboard({ id: shopId, plan: "core", timezone: "UTC" }, now);
    // every order with a breach at or above the demo's minimum (medium) was queued by the engine as
    // one alert naming its breaches (docs/product.md#alerts); those due before now were delivered
    // (directly, or in a digest after the quiet hours), the rest wait
    const alertable = new Set(triggered.filter((event) => event.severity !== "low").map((event) => event.orderId)).size;
    // (the holds ride the same outbox as order actions: see the next test)
    const queued = await prisma.alertAndActionOutbox.findMany({
      where: { shopId, auditEventId: { not: null }, channel: { in: ["email", "slack", "webhook"] } },
    });
    expect(queued).toHaveLength(alertable);
    const waiting = queued.filter((row) => row.status === "held");
    for (const row of waiting) expect(row.nextAttemptAt.getTime()).toBeGreaterThan(now.getTime());
    expect(queued.filter((row) => row.status === "sent")).toHaveLength(alertable - waiting.length);
    expect(data.breaches).toBe(seeded.events);
    expect(data.alertsSent).toBe(alertable - waiting.length);
    expect(data.alertsSent).toBeLessThan(seeded.events);
    // each alert sent is a delivery with its attempt: its own row's, or its digest's
    const sent = await prisma.auditEvent.findMany({ where: { shopId, eventType: "alert_sent" } });
    const rowOf = new Map(queued.map((row) => [row.auditEventId, row]));
    const attempts = new Set(
      (await prisma.alertAttempt.findMany({ where: { shopId, ok: true } })).map((a) => a.outboxId),
    );
    for (const event of sent) {
      const row = rowOf.get((event.details as { breach_event_id: string }).breach_event_id)!;
      expect(row.status).toBe("sent");
      expect(attempts.has(row.digestId ?? row.id)).toBe(true);
    }
    expect(queued.some((row) => row.digestId)).toBe(true);
    // Core: no checkout was blocked (the validation is not deployed); what is saved the holds recovered
    expect(data.blockedCheckouts).toBe(0);
    expect(data.roi.stoppedCents).toBe(0);
    expect(data.roi.recoveredCents).toBeGreaterThan(0);
    expect(data.roi.totalSavedCents).toBe(data.roi.recoveredCents);
    expect(data.roi.flaggedCents).toBeGreaterThan(0);
    expect(data.roi.measure).toMatchObject({ kind: "percent" });
    expect(data.alertsOn).toBe(true);
    // 4 rules and the collection rule switched on, with the scheduled and the testing rule (docs/product.md#status-and-schedule)
    expect(data.activeRules).toBe(7);
    expect(data.recentEvents).toHaveLength(5);
  });

  it("earns its Saved: holds placed by the order action, then cancelled, edited down or released by the merchant", async () => {
    const prisma = (await import("../../app/db.server")).default;
    const { DEMO_HOLD_DAYS, DEMO_HOLD_RULE } = await import("../../app/demo/demo-store");
    const { loadDashboard } = await import("../../app/services/dashboard/dashboard.server");
    const { roiReport } = await import("../../app/services/roi/roi-report.server");
    const { moneyBehind } = await import("../../app/services/roi/money-figures.server");
    const { moneyOutcome } = await import("../../app/domain/monitoring/order-money");
    const now = DEMO_SEEDED_AT;
    const shopId = seeded.shop.id;
    const { holds } = seeded;
    expect(holds.cancelled).toBeGreaterThan(0);
    expect(holds.edited).toBeGreaterThan(0);
    expect(holds.released).toBeGreaterThan(0);
    // the latest holds wait for the merchant's review
    expect(holds.held).toBeGreaterThan(holds.cancelled + holds.edited + holds.released);

    // the rule holds; its holds are the order action's, recorded as the worker records them, in its window
    expect((await prisma.rule.findUniqueOrThrow({ where: { id: DEMO_HOLD_RULE } })).holdOrder).toBe(true);
    const held = await prisma.auditEvent.findMany({ where: { shopId, eventType: "fulfillment_held" } });
    expect(held).toHaveLength(holds.held);
    for (const event of held) {
      expect(event.ruleId).toBe(DEMO_HOLD_RULE);
      expect(event.message).toContain("nothing reached Shopify");
      expect(event.createdAt.getTime()).toBeGreaterThanOrEqual(now.getTime() - (DEMO_HOLD_DAYS + 1) * 86_400_000);
      expect(event.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
    }
    const actions = await prisma.alertAndActionOutbox.findMany({ where: { shopId, channel: "order_hold" } });
    expect(actions).toHaveLength(holds.held);
    expect(actions.every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
    expect(await prisma.auditEvent.count({ where: { shopId, eventType: "hold_released" } })).toBe(holds.released);

    // the money is the engine's: each held order's row says what became of it
    const rows = await prisma.orderMoney.findMany({ where: { shopId, heldOverageCents: { not: null } } });
    expect(rows).toHaveLength(holds.held);
    const outcomes = rows.map((row) => moneyOutcome({ ...row, kind: "order" }));
    expect(outcomes.filter((outcome) => outcome === "Held, then cancelled")).toHaveLength(holds.cancelled);
    expect(outcomes.filter((outcome) => outcome === "Held, then edited down").length).toBeGreaterThan(0);
    const recovered = rows.reduce((sum, row) => sum + row.recoveredCents, 0);
    expect(recovered).toBeGreaterThan(0);
    // every cent saved is a held order's, and the figures agree with the rows
    const all = await prisma.orderMoney.findMany({ where: { shopId } });
    expect(all.reduce((sum, row) => sum + row.stoppedCents + row.recoveredCents, 0)).toBe(recovered);
    const shop = { id: shopId, plan: "core" as const, timezone: "America/Chicago", currency: "USD" };
    const since = new Date(now.getTime() - DEMO_HOLD_DAYS * 86_400_000);
    const behind = (await moneyBehind(shop, new URLSearchParams({ figure: "saved", from: since.toISOString() })))!;
    expect(behind.totalCents).toBe(recovered);
    expect(behind.rows.reduce((sum, row) => sum + row.countedCents, 0)).toBe(recovered);
    const dashboard = await loadDashboard({ ...shop, timezone: "UTC" }, now);
    expect(dashboard.roi.totalSavedCents).toBe(recovered);
    // and the return is real: this month's saving pays for the subscription
    const month = await roiReport(shop, "this_month", now);
    expect(month.totalSavedCents).toBeGreaterThan(month.subscriptionCostCents);
    expect(month.measure).toMatchObject({ kind: "percent" });
  });

  it("is the same store every time it is built", async () => {
    const { buildDemoStore } = await import("../../app/demo/demo-store");
    const now = new Date("2026-11-21T12:00:00Z");
    expect(buildDemoStore(now).orders).toEqual(buildDemoStore(now).orders);
  });

  it("changes the demo shop's plan through the JSON API and its stand-in confirmation page, and refuses Plus while it is Coming Soon", async () => {
    const { action: downgrade } = await import("../../app/routes/api.billing.downgrade");
    const { action: upgrade } = await import("../../app/routes/api.billing.upgrade");
    const prisma = (await import("../../app/db.server")).default;
    const post = (path: string) => ({
      request: new Request(`http://localhost:3000${path}`, { method: "POST" }),
      params: {},
      context: {},
    });

    // A downgrade names its plan: without one nothing changes.
    const unnamed = (await settle(() => downgrade(post("/api/billing/downgrade")))) as Response;
    expect(unnamed.status).toBe(400);
    const down = (await downgrade(post("/api/billing/downgrade?plan=free"))) as Response;
    expect(down.status).toBe(200);
    expect(await down.json()).toEqual({ ok: true, plan: "free", message: "Successfully downgraded to Free plan." });
    const shop = await prisma.shop.findUniqueOrThrow({ where: { domain: "margin-guardrail-demo.myshopify.com" } });
    expect(shop.plan).toBe("free");

    const plus = (await upgrade(post("/api/billing/upgrade?plan=plus"))) as Response;
    expect(plus.status).toBe(400);
    expect(await plus.json()).toMatchObject({ ok: false, message: "Unable to upgrade plan.", errorType: "default" });

    const unknown = (await settle(() => upgrade(post("/api/billing/upgrade?plan=gold")))) as Response;
    expect(unknown.status).toBe(400);

    // the upgrade answers with where to confirm; the plan changes once that is approved
    const core = (await upgrade(post("/api/billing/upgrade?plan=core"))) as Response;
    expect(core.status).toBe(200);
    expect(await core.json()).toEqual({
      ok: true,
      plan: "core",
      message: "Redirecting to upgrade to Core plan...",
      confirmationUrl: "/billing/confirm?plan=core",
    });
    expect((await prisma.shop.findUniqueOrThrow({ where: { id: shop.id } })).plan).toBe("free");
    const { action: confirm } = await import("../../app/routes/billing.confirm");
    const answer = (form: string) => ({
      request: new Request("http://localhost:3000/billing/confirm?plan=core", {
        method: "POST",
        body: new URLSearchParams({ intent: form }),
      }),
      params: {},
      context: {},
    });
    const declined = (await settle(() => confirm(answer("decline")))) as Response;
    expect(declined.headers.get("Location")).toBe(
      "/billing/error?type=declined&shop=margin-guardrail-demo.myshopify.com",
    );
    expect((await prisma.shop.findUniqueOrThrow({ where: { id: shop.id } })).plan).toBe("free");
    const approved = (await settle(() => confirm(answer("approve")))) as Response;
    expect(approved.headers.get("Location")).toBe("/billing/success?shop=margin-guardrail-demo.myshopify.com");
    expect((await prisma.shop.findUniqueOrThrow({ where: { id: shop.id } })).plan).toBe("core");
  });
});
