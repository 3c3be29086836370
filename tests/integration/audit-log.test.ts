import { beforeAll, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { recordAuditEvents, type NewAuditEvent } from "../../app/services/audit/events.server";
import { ensureShop } from "../../app/db/shops.server";
import { adminRequest, routeArgs, settle, storeOfflineSession } from "../helpers/shopify";

const SHOP = "audit-a.myshopify.com";
const OTHER = "audit-b.myshopify.com";
const { loader: auditApi } = await import("../../app/routes/api.audit");
const { loader: exportCsv } = await import("../../app/routes/api.audit.export[.]csv");
const { loader: auditPageLoader } = await import("../../app/routes/_admin.audit-log");
const GROUPED = "audit-c.myshopify.com";
const PAGED = "audit-d.myshopify.com";
const { auditOrderPage } = await import("../../app/services/audit/log.server");

const base = new Date("2026-11-01T00:00:00Z").getTime();
const SEVERITIES = ["low", "medium", "high", "critical"] as const;

function event(index: number): NewAuditEvent {
  return {
    eventType: index % 10 === 0 ? "rule_created" : "rule_triggered",
    severity: SEVERITIES[index % 4],
    message: `Order #${1000 + index} took ${20 + (index % 30)}.0% off`,
    orderName: `#${1000 + index}`,
    discountCodes: index % 3 === 0 ? ["SAVE20", "VIP"] : ["WELCOME"],
    discountPercent: 20 + (index % 30),
    totalDiscountCents: 1000 + index,
    ruleName: index % 2 ? "Max 30% off" : "Cap at $50",
    // every 7th event shares its timestamp with the previous one: the cursor must not skip it
    createdAt: new Date(base + (index - (index % 7 === 0 ? 1 : 0)) * 60_000),
  };
}

async function api(shop: string, query: string) {
  const request = await adminRequest(`/api/audit${query}`, shop);
  return (await settle(() => auditApi(routeArgs(request)))) as Response;
}

describe("audit log API and CSV export", () => {
  let shopId: string;
  beforeAll(async () => {
    shopId = (await ensureShop(SHOP)).id;
    const other = await ensureShop(OTHER);
    await storeOfflineSession(SHOP);
    await storeOfflineSession(OTHER);
    await recordAuditEvents(
      shopId,
      Array.from({ length: 130 }, (_, index) => event(index)),
    );
    await recordAuditEvents(shopId, [
      {
        eventType: "rule_triggered",
        severity: "high",
        message: 'He said "stop", then, well, stopped\nnext line',
        orderName: "#QUOTE",
        discountCodes: ["A,B"],
        marginSavedCents: 1_250,
        createdAt: new Date(base - 60_000),
      },
    ]);
    await recordAuditEvents(other.id, [
      {
        eventType: "rule_triggered",
        severity: "critical",
        message: "other shop",
        orderName: "#1005",
        discountCodes: [],
      },
    ]);
  });

  it("pages through every event newest first, with no gap or repeat at equal timestamps", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await api(SHOP, cursor ? `?cursor=${cursor}` : "");
      expect(response.status).toBe(200);
      const page = (await response.json()) as {
        events: { id: string; createdAt: string }[];
        nextCursor: string | null;
      };
      seen.push(...page.events.map((item) => item.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(131);
    const all = await prisma.auditEvent.findMany({
      where: { shopId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    });
    expect(seen).toEqual(all.map((item) => item.id));
  });

  it("filters by minimum severity, event type and search", async () => {
    const high = await (await api(SHOP, "?severity=high")).json();
    expect(high.events.every((item: { severity: string }) => ["high", "critical"].includes(item.severity))).toBe(true);
    const created = await (await api(SHOP, "?type=rule_created")).json();
    expect(created.events).toHaveLength(13);
    const code = await (await api(SHOP, "?q=save20")).json();
    expect(code.events.length).toBeGreaterThan(0);
    expect(code.events.every((item: { discountCodes: string[] }) => item.discountCodes.includes("SAVE20"))).toBe(true);
    const order = await (await api(SHOP, "?q=%231005")).json();
    expect(order.events.map((item: { orderName: string }) => item.orderName)).toEqual(["#1005"]);
    const rule = await (await api(SHOP, "?q=cap%20at")).json();
    expect(rule.events.every((item: { ruleName: string }) => item.ruleName === "Cap at $50")).toBe(true);
  });

  it("gives each event's overage as overageCents, and the deprecated marginSavedCents as the same number", async () => {
    const body = await (await api(SHOP, "?q=%23QUOTE")).json();
    expect(body.events).toHaveLength(1);
    expect(body.events[0]).toMatchObject({ overageCents: 1_250, marginSavedCents: 1_250 });
  });

  it("answers bad filters with 400 and another shop with 403", async () => {
    const bad = await api(SHOP, "?severity=extreme");
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors.severity).toEqual(["Severity is one of low, medium, high, critical"]);
    expect((await api(SHOP, `?shop=${OTHER}`)).status).toBe(403);
    expect((await api(SHOP, `?shop=${SHOP}`)).status).toBe(200);
    const other = await (await api(OTHER, "")).json();
    expect(other.events.map((item: { message: string }) => item.message)).toEqual(["other shop"]);
  });

  it("exports the filtered events as RFC 4180 CSV", async () => {
    const request = await adminRequest("/api/audit/export.csv?severity=high", SHOP);
    const response = (await exportCsv({ request, params: {}, context: {} })) as Response;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = await response.text();
    const lines = text.split("\r\n");
    expect(lines[0]).toBe(
      "created_at,event_type,severity,order_name,order_id,discount_codes,discount_percent,total_discount,pre_discount_subtotal,subtotal_after_discount,overage,margin_percent,currency,rule_key,rule_name,threshold,message",
    );
    const expected = await prisma.auditEvent.count({ where: { shopId, severity: { in: ["high", "critical"] } } });
    // one record spans two lines (its message has a line break inside quotes)
    expect(text.match(/\r\n/g)?.length).toBe(expected + 1);
    expect(text).toContain('"A,B"');
    // the breach's overage, under the name of what it is (never "saved")
    expect(lines.find((line) => line.includes("#QUOTE"))).toContain(",12.50,,USD,");
    expect(text).toContain('"He said ""stop"", then, well, stopped\nnext line"');
    expect(text).not.toContain("other shop");
    expect(text).not.toContain(",low,");
  });

  it("lists one row per order on the Audit Log page, its events inside, newest order first", async () => {
    const grouped = await ensureShop(GROUPED);
    await storeOfflineSession(GROUPED);
    const at = (minutes: number) => new Date(base + minutes * 60_000);
    const breach = (orderName: string, rule: string, severity: "low" | "critical", minutes: number) =>
      ({
        eventType: "rule_triggered",
        severity,
        message: `Order ${orderName} broke ${rule}`,
        orderName,
        orderId: `gid://shopify/Order/${orderName.slice(1)}`,
        discountCodes: ["SAVE20"],
        ruleName: rule,
        createdAt: at(minutes),
      }) satisfies NewAuditEvent;
    await recordAuditEvents(grouped.id, [
      breach("#2001", "Max 30% off", "low", 1),
      breach("#2001", "Cap at $50", "critical", 2),
      breach("#2002", "Max 30% off", "low", 3),
      { eventType: "rule_created", severity: "low", message: "Rule created", discountCodes: [], createdAt: at(4) },
      { ...breach("#2001", "Cap at $50", "critical", 5), eventType: "alert_sent", message: "Alert sent" },
    ]);
    const page = async (query: string) => {
      const request = await adminRequest(`/audit-log${query}`, GROUPED);
      return (await auditPageLoader(routeArgs(request))) as Awaited<ReturnType<typeof auditPageLoader>>;
    };
    const all = await page("");
    expect(all.groups.map((group) => [group.orderName, group.kind, group.events.length, group.severity])).toEqual([
      ["#2001", "order", 3, "critical"],
      [null, "event", 1, "low"],
      ["#2002", "order", 1, "low"],
    ]);
    expect(all.groups[0].breaches).toBe(2);
    expect(all.groups[0].events.map((event) => event.typeLabel)).toEqual([
      "Alert sent",
      "Rule triggered",
      "Rule triggered",
    ]);
    // the filters still apply to the events, then the rows fold them
    const breaches = await page("?type=rule_triggered&q=%232001");
    expect(breaches.query).toMatchObject({ q: "#2001", type: "rule_triggered" });
    expect(breaches.groups).toHaveLength(1);
    expect(breaches.groups[0].events.map((event) => event.ruleName)).toEqual(["Cap at $50", "Max 30% off"]);
  });

  it("pages the Audit Log by order: each order whole on one page, every order once, newest first", async () => {
    const paged = (await ensureShop(PAGED)).id;
    // 7 orders of 3 events each, their events interleaved in time (order k at minutes k, k+7, k+14),
    // and two events about no order: paged by events, most orders would fall on two pages
    const events: NewAuditEvent[] = [];
    for (let k = 0; k < 7; k += 1) {
      for (const [step, type] of (["rule_triggered", "rule_triggered", "alert_sent"] as const).entries()) {
        events.push({
          eventType: type,
          severity: step === 1 ? "critical" : "low",
          message: `Order #30${k} event ${step}`,
          orderName: `#30${k}`,
          orderId: `gid://shopify/Order/30${k}`,
          discountCodes: [],
          createdAt: new Date(base + (k + step * 7) * 60_000),
        });
      }
    }
    events.push(
      {
        eventType: "rule_created",
        severity: "low",
        message: "Rule A",
        discountCodes: [],
        createdAt: new Date(base + 3.5 * 60_000),
      },
      {
        eventType: "rule_created",
        severity: "low",
        message: "Rule B",
        discountCodes: [],
        createdAt: new Date(base + 30 * 60_000),
      },
    );
    await recordAuditEvents(paged, events);

    const rows: { key: string; events: number }[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await auditOrderPage(paged, { q: undefined, cursor }, 3);
      const groups = new Map<string, number>();
      for (const event of page.events) {
        const key = event.orderId ?? event.id;
        groups.set(key, (groups.get(key) ?? 0) + 1);
      }
      expect(groups.size).toBeLessThanOrEqual(3);
      rows.push(...[...groups].map(([key, count]) => ({ key, events: count })));
      cursor = page.nextCursor ?? undefined;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    // 9 rows: the 7 orders and the 2 rules created, each on one page only, each order with its 3 events
    expect(rows).toHaveLength(9);
    expect(new Set(rows.map((row) => row.key)).size).toBe(9);
    for (const row of rows.filter((entry) => entry.key.startsWith("gid://"))) expect(row.events).toBe(3);
    // newest row first: Rule B (minute 30), then the orders by their newest event (minutes 20 down to 14)
    expect(rows.slice(0, 4).map((row) => row.key)).toEqual([
      rows[0].key,
      "gid://shopify/Order/306",
      "gid://shopify/Order/305",
      "gid://shopify/Order/304",
    ]);
    expect(rows[0].key).not.toMatch(/^gid:/);

    // a filter pages the orders its events match, each with only those events
    const critical = await auditOrderPage(paged, { q: undefined, severity: "critical" }, 5);
    expect(critical.events.every((event) => event.severity === "critical")).toBe(true);
    expect(new Set(critical.events.map((event) => event.orderId)).size).toBe(5);
    const rest = await auditOrderPage(paged, { q: undefined, severity: "critical", cursor: critical.nextCursor! }, 5);
    expect(rest.nextCursor).toBeNull();
    expect(rest.events.map((event) => event.orderName)).toEqual(["#301", "#300"]);
  });
});
