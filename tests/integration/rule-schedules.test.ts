// Schedules and the testing status on rules (docs/product.md#status-and-schedule):
// the rules API's status, startsAt and endsAt; a signed orders/create against a testing rule
// records one rule_tested event and queues nothing; a scheduled rule breaks only inside its window.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { forgetShopRules } from "../../app/services/rules/cache.server";
import { channelSender } from "../../app/services/alerts/delivery.server";
import { breachingOrders, coreShopWithLimit } from "../helpers/breaches";
import { adminRequest, routeArgs, settle, storeOfflineSession } from "../helpers/shopify";
import { testWorkers } from "../helpers/workers";

const SHOP = "rule-schedules.myshopify.com";
const workers = testWorkers({ send: channelSender({ guard: false }) });

const routes = {
  rules: await import("../../app/routes/api.rules"),
  rule: await import("../../app/routes/api.rules.$id"),
  collections: await import("../../app/routes/api.rules.collections"),
  createCollection: await import("../../app/routes/api.rules.collections.create"),
  collection: await import("../../app/routes/api.rules.collections.$id"),
  audit: await import("../../app/routes/api.audit"),
};

type Handler = (args: {
  request: Request;
  params: Record<string, string>;
  context: Record<string, unknown>;
}) => unknown;

async function call(handler: Handler, path: string, init: { method?: string; body?: unknown } = {}, params = {}) {
  const request = await adminRequest(path, SHOP, {
    init: {
      method: init.method ?? "GET",
      ...(init.body !== undefined
        ? { body: JSON.stringify(init.body), headers: { "Content-Type": "application/json" } }
        : {}),
    },
  });
  return (await settle(() => Promise.resolve(handler({ request, params, context: {} })))) as Response;
}

const body = (more: Record<string, unknown> = {}) => ({
  name: "Black Friday cap",
  ruleType: "max_discount",
  threshold: "30",
  thresholdUnit: "PERCENT",
  action: "alert",
  ...more,
});

let shopId: string;
let limitRuleId: string;

beforeAll(async () => {
  shopId = await coreShopWithLimit(SHOP, "America/New_York");
  await storeOfflineSession(SHOP);
  limitRuleId = (await prisma.rule.findFirstOrThrow({ where: { shopId } })).id;
});

describe("rules API: status and schedule", () => {
  beforeEach(async () => {
    await prisma.rule.deleteMany({ where: { shopId, id: { not: limitRuleId } } });
    await prisma.collectionRule.deleteMany({ where: { shopId } });
  });

  it("creates a testing rule with a schedule read in the shop's zone and shows it with the offset", async () => {
    const response = await call(routes.rules.action, "/api/rules", {
      method: "POST",
      body: body({ status: "testing", startsAt: "2026-11-27T00:00", endsAt: "2026-12-02T00:00:00-05:00" }),
    });
    expect(response.status).toBe(201);
    const created = await response.json();
    expect(created).toMatchObject({
      status: "testing",
      isActive: true,
      testing: true,
      startsAt: "2026-11-27T00:00:00-05:00",
      endsAt: "2026-12-02T00:00:00-05:00",
    });
    const row = await prisma.rule.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.startsAt).toEqual(new Date("2026-11-27T05:00:00Z"));

    const listed = await (await call(routes.rules.loader, "/api/rules")).json();
    expect(listed.find((rule: { id: string }) => rule.id === created.id)).toMatchObject({
      status: "testing",
      startsAt: "2026-11-27T00:00:00-05:00",
    });
    const limit = listed.find((rule: { id: string }) => rule.id === limitRuleId);
    expect(limit).toMatchObject({ status: "active", isActive: true, startsAt: null, endsAt: null });
  });

  it("a partial PUT keeps the schedule and status; status inactive switches it off; null clears a date", async () => {
    const created = await (
      await call(routes.rules.action, "/api/rules", {
        method: "POST",
        body: body({ status: "testing", startsAt: "2026-11-27T00:00:00-05:00" }),
      })
    ).json();
    const put = (payload: unknown) =>
      call(routes.rule.action, `/api/rules/${created.id}`, { method: "PUT", body: payload }, { id: created.id });

    const renamed = await (await put({ name: "Renamed" })).json();
    expect(renamed).toMatchObject({ name: "Renamed", status: "testing", startsAt: "2026-11-27T00:00:00-05:00" });
    const off = await (await put({ status: "inactive" })).json();
    expect(off).toMatchObject({ status: "inactive", isActive: false, startsAt: "2026-11-27T00:00:00-05:00" });
    const active = await (await put({ status: "active", startsAt: null })).json();
    expect(active).toMatchObject({ status: "active", isActive: true, testing: false, startsAt: null });
  });

  it("a rule paused by the plan stays paused when its edit sends status active", async () => {
    const created = await (await call(routes.rules.action, "/api/rules", { method: "POST", body: body() })).json();
    await prisma.rule.update({ where: { id: created.id }, data: { pausedByPlan: "free", pausedAt: new Date() } });
    const response = await call(
      routes.rule.action,
      `/api/rules/${created.id}`,
      { method: "PUT", body: { status: "active", name: "Edited" } },
      { id: created.id },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ name: "Edited", status: "active", pausedByPlan: "free" });
  });

  it.each([
    [{ status: "paused" }, "status"],
    [{ startsAt: "next friday" }, "startsAt"],
    [{ endsAt: "2026-02-30T00:00" }, "endsAt"],
    [{ startsAt: "2026-12-02T00:00:00-05:00", endsAt: "2026-11-27T00:00:00-05:00" }, "endsAt"],
    [{ startsAt: "2026-11-27T00:00:00-05:00", endsAt: "2026-11-27T00:00:00-05:00" }, "endsAt"],
    [{ status: "testing", isActive: false }, "status"],
  ])("refuses %j with 400 naming %s, and changes nothing", async (bad, field) => {
    const before = await prisma.rule.count({ where: { shopId } });
    const created = await call(routes.rules.action, "/api/rules", { method: "POST", body: body(bad) });
    expect(created.status).toBe(400);
    expect((await created.json()).errors).toHaveProperty(field);
    expect(await prisma.rule.count({ where: { shopId } })).toBe(before);

    const stored = await prisma.rule.findUniqueOrThrow({ where: { id: limitRuleId } });
    const put = await call(
      routes.rule.action,
      `/api/rules/${limitRuleId}`,
      { method: "PUT", body: bad },
      { id: limitRuleId },
    );
    expect(put.status).toBe(400);
    expect((await put.json()).errors).toHaveProperty(field);
    expect(await prisma.rule.findUniqueOrThrow({ where: { id: limitRuleId } })).toEqual(stored);
  });

  it("orders a start with an offset and an end without one in the shop's zone", async () => {
    // 23:00 in New York on the 26th is 04:00Z on the 27th: after a 03:00Z start
    const accepted = await call(routes.rules.action, "/api/rules", {
      method: "POST",
      body: body({ startsAt: "2026-11-27T03:00:00Z", endsAt: "2026-11-26T23:00" }),
    });
    expect(accepted.status).toBe(201);
    expect(await accepted.json()).toMatchObject({ endsAt: "2026-11-26T23:00:00-05:00" });
    // midnight in New York is 05:00Z: before a 06:00Z start
    const before = await prisma.rule.count({ where: { shopId } });
    const refused = await call(routes.rules.action, "/api/rules", {
      method: "POST",
      body: body({ startsAt: "2026-11-27T06:00:00Z", endsAt: "2026-11-27T00:00" }),
    });
    expect(refused.status).toBe(400);
    expect((await refused.json()).errors).toEqual({ endsAt: ["End must be after the start"] });
    expect(await prisma.rule.count({ where: { shopId } })).toBe(before);
  });

  it("collection rules take status and schedule too", async () => {
    const response = await call(routes.createCollection.action, "/api/rules/collections/create", {
      method: "POST",
      body: {
        collectionId: "77",
        collectionTitle: "Clearance",
        ruleType: "margin_floor",
        threshold: 25,
        status: "testing",
        endsAt: "2026-12-02T00:00",
      },
    });
    expect(response.status).toBe(201);
    const created = await response.json();
    expect(created).toMatchObject({
      status: "testing",
      testing: true,
      startsAt: null,
      endsAt: "2026-12-02T00:00:00-05:00",
    });
    const listed = await (await call(routes.collections.loader, "/api/rules/collections")).json();
    expect(listed[0]).toMatchObject({ status: "testing", endsAt: "2026-12-02T00:00:00-05:00" });

    const bad = await call(
      routes.collection.action,
      `/api/rules/collections/${created.id}`,
      { method: "PUT", body: { collectionId: "77", ruleType: "margin_floor", threshold: 25, status: "later" } },
      { id: created.id },
    );
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toHaveProperty("status");
    expect(await prisma.collectionRule.findUniqueOrThrow({ where: { id: created.id } })).toMatchObject({
      testing: true,
    });
  });
});

describe("orders against testing and scheduled rules", () => {
  const post = breachingOrders(SHOP, 8800, workers.orders);
  const HOUR = 3_600_000;

  beforeEach(async () => {
    await prisma.rule.deleteMany({ where: { shopId, id: { not: limitRuleId } } });
    await prisma.collectionRule.deleteMany({ where: { shopId } });
    await prisma.rule.update({
      where: { id: limitRuleId },
      data: { testing: false, startsAt: null, endsAt: null, tagOrder: true, holdOrder: true, flowTrigger: true },
    });
    await prisma.shop.update({ where: { id: shopId }, data: { flowTriggerEnabled: true } });
    forgetShopRules(shopId);
  });

  const eventsOf = (orderName: string) =>
    prisma.auditEvent.findMany({ where: { shopId, orderName }, select: { eventType: true, ruleId: true, id: true } });
  const outboxOf = (eventIds: string[]) =>
    prisma.alertAndActionOutbox.count({ where: { auditEventId: { in: eventIds } } });

  it("a testing rule's breach is one rule_tested event, with no alert, no order action and no money", async () => {
    await prisma.rule.update({ where: { id: limitRuleId }, data: { testing: true } });
    forgetShopRules(shopId);
    const name = await post(45);
    const events = await eventsOf(name);
    expect(events.map((event) => [event.eventType, event.ruleId])).toEqual([["rule_tested", limitRuleId]]);
    expect(await outboxOf(events.map((event) => event.id))).toBe(0);
    // no money: the order counts nothing saved or flagged
    expect(await prisma.orderMoney.count({ where: { shopId, orderName: name } })).toBe(0);

    // the Audit Log's type filter finds it, with its label
    const request = await adminRequest("/api/audit?type=rule_tested", SHOP);
    const page = await (
      (await settle(() => Promise.resolve(routes.audit.loader(routeArgs(request))))) as Response
    ).json();
    expect(page.events.some((event: { orderName: string }) => event.orderName === name)).toBe(true);
    expect(page.events.every((event: { eventType: string }) => event.eventType === "rule_tested")).toBe(true);
  });

  it("the same rule active again alerts and queues its order actions (the control)", async () => {
    const name = await post(45);
    const events = await eventsOf(name);
    const breach = events.find((event) => event.eventType === "rule_triggered");
    expect(breach).toBeDefined();
    expect(await outboxOf([breach!.id])).toBeGreaterThan(0);
    expect(await prisma.orderMoney.count({ where: { shopId, orderName: name } })).toBeGreaterThan(0);
  });

  it("a scheduled rule breaks only inside its window", async () => {
    const now = Date.now();
    const window = async (startsAt: number | null, endsAt: number | null) => {
      await prisma.rule.update({
        where: { id: limitRuleId },
        data: {
          startsAt: startsAt === null ? null : new Date(startsAt),
          endsAt: endsAt === null ? null : new Date(endsAt),
        },
      });
      forgetShopRules(shopId);
      const events = await eventsOf(await post(45));
      return events.filter((event) => event.eventType === "rule_triggered").length;
    };
    expect(await window(now + HOUR, now + 2 * HOUR)).toBe(0); // before
    expect(await window(now - HOUR, now + HOUR)).toBe(1); // inside
    expect(await window(now - 2 * HOUR, now - HOUR)).toBe(0); // after: reverted by itself
  });
});
