// GET /api/roi/summary (docs/product.md#roi-dashboard): figures equal a direct computation over
// the seeded orders' money (saved and flagged apart, docs/product.md#what-the-figures-count) and events, periods in the shop's time zone, the previous period from its own events,
// the plan's cost for the period, tenant isolation.
import { beforeAll, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { ensureShop } from "../../app/db/shops.server";
import { centsToDollars } from "../../app/domain/money";
import { moneyTotals } from "../../app/domain/monitoring/order-money";
import { periodContaining, previousPeriod } from "../../app/domain/roi/roi-report";
import { settingsCostNote } from "../../app/domain/costs/costs";
import { loadCostSettings, saveCostSettings } from "../../app/services/costs/settings.server";
import { installFakeAdminApi } from "../helpers/fake-admin-api";
import { adminRequest, routeArgs, settle, storeOfflineSession } from "../helpers/shopify";

const { loader: summary } = await import("../../app/routes/api.roi.summary");
installFakeAdminApi([], { subscriptions: [{ name: "Core" }] });

const SHOP = "roi-api.myshopify.com";
const OTHER = "roi-api-other.myshopify.com";
const ZONE = "America/New_York";

async function get(shop: string, path: string) {
  const request = await adminRequest(path, shop);
  return (await settle(async () => summary(routeArgs(request)))) as Response;
}

let eventNumber = 0;
async function event(shopId: string, eventType: string, createdAt: Date, ruleKey: string) {
  eventNumber += 1;
  await prisma.auditEvent.create({
    data: {
      shopId,
      eventType,
      severity: "high",
      message: `${eventType} ${eventNumber}`,
      ruleKey,
      discountCodes: [],
      details: {},
      dedupeKey: `roi-${eventNumber}`,
      createdAt,
    },
  });
}

/** One order's or checkout's money, as the engine keeps it (app/domain/monitoring/order-money.ts). */
async function money(
  shopId: string,
  at: Date,
  ruleKey: string,
  split: Partial<Record<"stopped" | "recovered" | "flagged", number>>,
) {
  eventNumber += 1;
  const overage = (split.stopped ?? 0) + (split.recovered ?? 0) + (split.flagged ?? 0);
  await prisma.orderMoney.create({
    data: {
      shopId,
      subject: split.stopped ? `checkout:roi-${eventNumber}` : `gid://shopify/Order/${eventNumber}`,
      at,
      ruleKey,
      discountCents: overage * 2,
      overageCents: overage,
      heldOverageCents: split.recovered ? overage : null,
      stoppedCents: split.stopped ?? 0,
      recoveredCents: split.recovered ?? 0,
      flaggedCents: split.flagged ?? 0,
      updatedAt: at,
    },
  });
}

/** Deterministic orders and checkouts spread over this month and the last, some at the zone's midnight. */
async function seed(shopId: string, now: Date) {
  const month = periodContaining("this_month", now, ZONE);
  const before = previousPeriod("this_month", now, ZONE);
  const types = ["max_discount", "stacking_prevention", "margin_floor"];
  for (let index = 0; index < 60; index += 1) {
    const inMonth = index % 2 === 0;
    const period = inMonth ? month : before;
    const span = Math.min(period.end.getTime(), now.getTime()) - period.start.getTime();
    const at = new Date(period.start.getTime() + ((index * 7919) % 1000) * (span / 1000));
    const cents = 100 + index * 37;
    if (index % 5 === 0) {
      await money(shopId, at, "checkout_validation", { stopped: cents });
      await event(shopId, "checkout_blocked", at, "checkout_validation");
    } else if (index % 4 === 1) {
      await money(shopId, at, types[index % 3]!, { recovered: cents, flagged: index });
    } else {
      await money(shopId, at, types[index % 3]!, { flagged: cents });
    }
    if (index % 3 === 0) await event(shopId, "alert_sent", at, types[index % 3]!);
  }
  // one minute either side of the month's start in the shop's zone
  await money(shopId, new Date(month.start.getTime() - 60_000), "max_discount", { recovered: 5_000 });
  await money(shopId, new Date(month.start.getTime() + 60_000), "max_discount", { recovered: 7_000 });
}

/** The figures counted straight from the rows, with the domain's own definition of saved. */
async function direct(shopId: string, start: Date, end: Date) {
  const where = { shopId, at: { gte: start, lt: end } };
  const totals = moneyTotals(await prisma.orderMoney.findMany({ where }));
  const events = { shopId, createdAt: { gte: start, lt: end } };
  return {
    totalSaved: centsToDollars(totals.savedCents),
    flaggedAmount: centsToDollars(totals.flaggedCents),
    blockedCheckouts: await prisma.auditEvent.count({ where: { ...events, eventType: "checkout_blocked" } }),
    alertsSent: await prisma.auditEvent.count({ where: { ...events, eventType: "alert_sent" } }),
  };
}

describe("GET /api/roi/summary", () => {
  let shopId: string;
  beforeAll(async () => {
    shopId = (await ensureShop(SHOP, { timezone: ZONE })).id;
    await prisma.shop.update({ where: { id: shopId }, data: { plan: "core", planCheckedAt: new Date() } });
    await storeOfflineSession(SHOP);
    const other = await ensureShop(OTHER, { timezone: ZONE });
    await prisma.shop.update({ where: { id: other.id }, data: { plan: "core", planCheckedAt: new Date() } });
    await storeOfflineSession(OTHER);
    const now = new Date();
    await seed(shopId, now);
    // another shop's money never counts
    await money(other.id, new Date(), "max_discount", { recovered: 999_999, flagged: 5 });
  });

  it("equals a direct computation over the events of this month and the last, in the shop's zone", async () => {
    const now = new Date();
    const response = await get(SHOP, "/api/roi/summary?range=this_month");
    expect(response.status).toBe(200);
    const body = await response.json();
    const month = periodContaining("this_month", now, ZONE);
    const before = previousPeriod("this_month", now, ZONE);
    expect(body).toMatchObject({ range: "this_month", timezone: ZONE, currency: "USD" });
    expect(body.period).toMatchObject({ start: month.start.toISOString(), end: month.end.toISOString() });
    expect(body).toMatchObject(await direct(shopId, month.start, month.end));
    expect(body.previous).toMatchObject(await direct(shopId, before.start, before.end));
    expect(body.previous.period.start).toBe(before.start.toISOString());
    // the cost of each period is its days × $29 / 30
    expect(body.subscriptionCost).toBe(centsToDollars(Math.round((2_900 * month.days) / 30)));
    expect(body.previous.subscriptionCost).toBe(centsToDollars(Math.round((2_900 * before.days) / 30)));
    expect(body.roiPercentage).toBe(
      Math.round(((body.totalSaved - body.subscriptionCost) / body.subscriptionCost) * 100),
    );
  });

  it("breaks the savings down by rule type (percentages adding up to 100) and by day, adding up to the total", async () => {
    const body = await (await get(SHOP, "/api/roi/summary")).json();
    const byType = body.breakdown.byRuleType as {
      saved: number;
      flagged: number;
      percentage: number;
      blocks: number;
    }[];
    expect(byType.reduce((sum, row) => sum + row.percentage, 0)).toBe(100);
    expect(byType.reduce((sum, row) => sum + Math.round(row.saved * 100), 0)).toBe(Math.round(body.totalSaved * 100));
    expect(byType.reduce((sum, row) => sum + row.blocks, 0)).toBe(body.blockedCheckouts);
    expect(byType.reduce((sum, row) => sum + Math.round(row.flagged * 100), 0)).toBe(
      Math.round(body.flaggedAmount * 100),
    );
    const byDay = body.breakdown.byTimeframe as { saved: number; flagged: number; blocks: number }[];
    // the days so far: days after today are not listed (docs/product.md#roi-dashboard)
    expect(byDay).toHaveLength(body.period.elapsedDays);
    expect(byDay.reduce((sum, row) => sum + Math.round(row.saved * 100), 0)).toBe(Math.round(body.totalSaved * 100));
    expect(byDay.reduce((sum, row) => sum + Math.round(row.flagged * 100), 0)).toBe(
      Math.round(body.flaggedAmount * 100),
    );
    expect(body.flaggedAmount).toBeGreaterThan(0);
    expect(body.annualProjection).toBeCloseTo(body.monthlyRate * 12, 2);
  });

  it("changes its figures with the period, as the events say", async () => {
    const now = new Date();
    for (const range of ["this_week", "this_quarter", "this_year"] as const) {
      const body = await (await get(SHOP, `/api/roi/summary?range=${range}`)).json();
      const period = periodContaining(range, now, ZONE);
      expect(body).toMatchObject(await direct(shopId, period.start, period.end));
      expect(body.period.days).toBe(period.days);
    }
    const year = await (await get(SHOP, "/api/roi/summary?range=this_year")).json();
    expect(year.subscriptionCost).toBeGreaterThan(340);
  });

  it("says which cost parts the margin floor's amounts count, as the dashboard does, after a change too", async () => {
    const shop = (await prisma.shop.findUniqueOrThrow({ where: { domain: SHOP } })).id;
    const before = (await (await get(SHOP, "/api/roi/summary")).json()).costs;
    expect(before).toBe(settingsCostNote(await loadCostSettings(shop)));
    expect(before).toMatch(/fees not counted/);
    expect((await saveCostSettings(shop, { paymentFeesEnabled: true })).ok).toBe(true);
    const body = await (await get(SHOP, "/api/roi/summary")).json();
    expect(body.costs).toMatch(/fees estimated/);
    expect(body.costs).toBe(settingsCostNote(await loadCostSettings(shop)));
  });

  it("refuses an unknown period with 400, and Free with 403", async () => {
    expect((await get(SHOP, "/api/roi/summary?range=forever")).status).toBe(400);
    await prisma.shop.update({ where: { domain: OTHER }, data: { plan: "free", planCheckedAt: new Date() } });
    const installFree = await get(OTHER, "/api/roi/summary");
    expect([403]).toContain(installFree.status);
  });
});
