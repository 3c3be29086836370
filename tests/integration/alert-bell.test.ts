// The header's bell and its read marker (docs/product.md#admin-header): every admin page's layout
// counts the shop's unread delivered alerts, opening the bell marks them read for the shop (and
// only that shop), an alert delivered later is unread again, the marker never moves back, and bad
// input is refused and changes nothing.
import { beforeAll, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import type { AlertBellView } from "../../app/domain/alerts/alert-bell";
import { installFakeAdminApi } from "../helpers/fake-admin-api";
import { adminRequest, callRoute, installedShops, routeArgs } from "../helpers/shopify";

const { loader } = await import("../../app/routes/_admin");
const read = await import("../../app/routes/api.alerts.read");
installFakeAdminApi([]);

const ONE = "bell-one.myshopify.com";
const TWO = "bell-two.myshopify.com";
let oneId = "";
let twoId = "";

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** An alert_sent event, as delivery records it. */
function delivered(shopId: string, order: string | null, rule: string, at: Date) {
  return prisma.auditEvent.create({
    data: {
      shopId,
      eventType: "alert_sent",
      severity: "high",
      message: `Alert about order ${order ?? "?"} sent (e-mail)`,
      orderId: order ? `gid://shopify/Order/${order}` : null,
      orderName: order ? `#${order}` : null,
      ruleName: rule,
      discountCodes: order ? [] : ["VIP500"],
      createdAt: at,
    },
  });
}

async function bell(shop: string): Promise<AlertBellView> {
  const layout = (await loader(routeArgs(await adminRequest("/dashboard", shop)))) as { alerts: AlertBellView };
  return layout.alerts;
}

const markRead = (shop: string, body: unknown) => callRoute(read.action, "/api/alerts/read", shop, "POST", body);
const marker = async (id: string) =>
  (await prisma.shop.findUniqueOrThrow({ where: { id }, select: { alertsReadAt: true } })).alertsReadAt;

describe("the header's bell", () => {
  beforeAll(async () => {
    [oneId, twoId] = await installedShops(ONE, TWO);
    await prisma.shop.updateMany({ where: { id: { in: [oneId, twoId] } }, data: { planCheckedAt: new Date() } });
    // shop one: order #1001 alerted for two rules, #1002 once, a leaked code; shop two: one order
    await delivered(oneId, "1001", "Max 20% off", minutesAgo(30));
    await delivered(oneId, "1001", "One promotion per order", minutesAgo(30));
    await delivered(oneId, "1002", "Cap discounts at $50", minutesAgo(20));
    await delivered(oneId, null, "Leaked code detector", minutesAgo(10));
    await delivered(twoId, "2001", "Max 20% off", minutesAgo(5));
  });

  it("counts a shop's unread alerts, one per order, and lists the latest with their Audit Log rows", async () => {
    const shown = await bell(ONE);
    expect(shown.badge).toBe("3");
    expect(shown.label).toBe("Alerts, 3 unread");
    expect(shown.alerts.map((alert) => [alert.subject, alert.rules, alert.unread, alert.url])).toEqual([
      ["Code VIP500", ["Leaked code detector"], true, "/audit-log?q=VIP500"],
      ["#1002", ["Cap discounts at $50"], true, "/audit-log?q=%231002"],
      ["#1001", expect.arrayContaining(["Max 20% off", "One promotion per order"]), true, "/audit-log?q=%231001"],
    ]);
    expect((await bell(TWO)).badge).toBe("1");
  });

  it("marks the alerts read for the shop that opened it, and only for that shop", async () => {
    const { newestAt } = await bell(ONE);
    const response = await markRead(ONE, { upTo: newestAt });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ readAt: newestAt });

    const after = await bell(ONE);
    expect(after.badge).toBeNull();
    expect(after.label).toBe("Alerts, none unread");
    expect(after.alerts.every((alert) => !alert.unread)).toBe(true);
    expect((await bell(TWO)).badge).toBe("1");

    // an alert delivered after the bell was opened is unread
    await delivered(oneId, "1003", "Max 20% off", minutesAgo(1));
    expect((await bell(ONE)).badge).toBe("1");
  });

  it("never moves the marker back, nor past now", async () => {
    const before = await marker(oneId);
    const older = await markRead(ONE, { upTo: minutesAgo(60).toISOString() });
    expect(older.status).toBe(200);
    expect(await marker(oneId)).toEqual(before);

    const future = new Date(Date.now() + 3_600_000);
    await markRead(TWO, { upTo: future.toISOString() });
    const stored = await marker(twoId);
    expect(stored!.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await bell(TWO)).badge).toBeNull();
  });

  it("refuses what is not the time of an alert seen, and changes nothing", async () => {
    const before = await marker(oneId);
    const refusals: [unknown, string][] = [
      [{}, "upTo"],
      [{ upTo: "yesterday" }, "upTo"],
      [{ upTo: 1_700_000_000 }, "upTo"],
      // a setting the call does not take
      [{ upTo: new Date().toISOString(), all: true }, "form"],
    ];
    for (const [body, field] of refusals) {
      const response = await markRead(ONE, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const answer = (await response.json()) as { errors: Record<string, string[]> };
      expect(Object.keys(answer.errors), JSON.stringify(body)).toEqual([field]);
    }
    expect(await marker(oneId)).toEqual(before);
    const get = await callRoute(read.loader, "/api/alerts/read", ONE);
    expect(get.status).toBe(405);
  });
});
