// A backtest of a scheduled rule counts only the orders placed inside its window
// (docs/product.md#status-and-schedule, docs/architecture.md#a-backtest): the
// shop's saved rules and a rule being edited, whose dates without an offset are read in the
// shop's zone, over orders read from a fake Admin API.
import { beforeAll, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { sampleOrder, seededRandom } from "../../app/demo/demo-store";
import { graphqlOrderNode } from "../../app/demo/graphql-order-builder";
import type { BacktestResults } from "../../app/domain/backtest/backtest";
import { orderFactsFromPayload } from "../../app/domain/monitoring/order-payload";
import { formatScheduleInstant, inForce, parseScheduleInstant } from "../../app/domain/rules/rule-schedule";
import { ensureShop } from "../../app/db/shops.server";
import { demoCatalogVariants, installFakeAdminApi } from "../helpers/fake-admin-api";
import { adminRequest, routeArgs, settle, storeOfflineSession } from "../helpers/shopify";

const { action: start } = await import("../../app/routes/api.backtest");
const { loader: read } = await import("../../app/routes/api.backtest.$id");

const SHOP = "backtest-schedules.myshopify.com";
const ZONE = "America/New_York";
const DAY = 86_400_000;
const HOUR = 3_600_000;
const NOW = Date.now();

// one order a day for 30 days, each at NOW - k days
const rand = seededRandom(11);
const ORDERS = Array.from({ length: 30 }, (_, index) =>
  sampleOrder(rand, 8_100_000 + index, 5001 + index, new Date(NOW - (1 + index) * DAY)),
);
installFakeAdminApi(demoCatalogVariants(), { orders: ORDERS.map(graphqlOrderNode) });

/** Orders with any discount placed inside the window: what a 0.01 % cap flags there. */
function discountedInside(window: { startsAt: Date | null; endsAt: Date | null }) {
  const inside = ORDERS.filter((order) => inForce(window, new Date(order.created_at)));
  const discounted = inside.filter((order) => {
    const read = orderFactsFromPayload(order);
    if (!read.ok) throw new Error(read.error);
    return read.facts.totalDiscountCents > 0;
  });
  return { inside: inside.length, discounted: discounted.length };
}

async function post(body?: unknown) {
  const init: RequestInit = body
    ? { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } }
    : { method: "POST" };
  const request = await adminRequest("/api/backtest", SHOP, { init });
  return (await settle(async () => start(routeArgs(request)))) as Response;
}

async function finished(id: string): Promise<{ status: string; results: BacktestResults }> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const request = await adminRequest(`/api/backtest/${id}`, SHOP);
    const body = await ((await settle(async () => read({ ...routeArgs(request), params: { id } }))) as Response).json();
    if (body.status !== "running") return body;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("the backtest did not finish");
}

// the saved rule's week: from 20 days ago to 10 days ago
const WEEK = { startsAt: new Date(NOW - 20 * DAY - HOUR), endsAt: new Date(NOW - 10 * DAY - HOUR) };

beforeAll(async () => {
  const shop = await ensureShop(SHOP);
  await prisma.shop.update({
    where: { id: shop.id },
    data: { plan: "core", planCheckedAt: new Date(), timezone: ZONE },
  });
  await storeOfflineSession(SHOP);
  const base = { shopId: shop.id, currency: "USD", action: "alert", conditions: {}, ruleType: "max_discount" };
  await prisma.rule.create({
    data: {
      ...base,
      id: "bts-week",
      name: "Week",
      threshold: "0.01",
      thresholdPercent: 0.01,
      thresholdUnit: "PERCENT",
      ...WEEK,
    },
  });
  await prisma.rule.create({
    data: {
      ...base,
      id: "bts-always",
      name: "Always",
      threshold: "0.01",
      thresholdPercent: 0.01,
      thresholdUnit: "PERCENT",
    },
  });
});

describe("a backtest of scheduled rules", () => {
  it("judges a saved scheduled rule only on the orders inside its window", async () => {
    const response = await post();
    expect(response.status).toBe(202);
    const done = await finished((await response.json()).id);
    expect(done.status).toBe("done");
    const week = done.results.rules.find((tally) => tally.ruleId === "bts-week")!;
    const always = done.results.rules.find((tally) => tally.ruleId === "bts-always")!;
    const expected = discountedInside(WEEK);
    expect(expected.inside).toBe(10);
    expect(expected.discounted).toBeGreaterThan(0);
    expect(week).toMatchObject({
      ordersBreached: expected.discounted,
      ordersInSchedule: 10,
      schedule: { startsAt: WEEK.startsAt.toISOString(), endsAt: WEEK.endsAt.toISOString() },
    });
    for (const worst of week.worst) expect(inForce(WEEK, new Date(worst.createdAt))).toBe(true);
    // the same limit without dates flags every discounted order of the 30
    expect(always.ordersBreached).toBe(discountedInside({ startsAt: null, endsAt: null }).discounted);
    expect(always.ordersBreached).toBeGreaterThan(week.ordersBreached);
    expect(always).not.toHaveProperty("ordersInSchedule");
  });

  it("reads a rule being edited's dates without an offset in the shop's zone", async () => {
    // starts two hours after the order of 10 days ago on New York's clock: read as UTC, it
    // would start 3 hours before that order and count it
    const startsAt = formatScheduleInstant(new Date(NOW - 10 * DAY + 2 * HOUR), ZONE).slice(0, 16);
    const endsAt = formatScheduleInstant(new Date(NOW - 3 * DAY + 2 * HOUR), ZONE).slice(0, 16);
    const window = { startsAt: parseScheduleInstant(startsAt, ZONE), endsAt: parseScheduleInstant(endsAt, ZONE) };
    expect(parseScheduleInstant(startsAt, "UTC")!.getTime()).toBeLessThan(NOW - 10 * DAY);
    const response = await post({
      rule: {
        name: "Draft week",
        ruleType: "max_discount",
        threshold: "0.01",
        thresholdUnit: "PERCENT",
        startsAt,
        endsAt,
      },
    });
    expect(response.status).toBe(202);
    const done = await finished((await response.json()).id);
    const [draft] = done.results.rules;
    const expected = discountedInside(window);
    expect(expected.inside).toBe(7);
    expect(draft).toMatchObject({
      ruleId: "draft",
      ordersBreached: expected.discounted,
      ordersInSchedule: 7,
      schedule: { startsAt: window.startsAt!.toISOString(), endsAt: window.endsAt!.toISOString() },
    });
  });

  it("refuses a draft's unreadable date with the field named and starts nothing", async () => {
    const shop = await prisma.shop.findUniqueOrThrow({ where: { domain: SHOP } });
    const count = await prisma.backtest.count({ where: { shopId: shop.id } });
    const bad = await post({
      rule: { name: "Bad", ruleType: "max_discount", threshold: "10", thresholdUnit: "PERCENT", startsAt: "soon" },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toMatchObject({ startsAt: [expect.stringMatching(/Start must be a date/)] });
    expect(await prisma.backtest.count({ where: { shopId: shop.id } })).toBe(count);
  });
});
