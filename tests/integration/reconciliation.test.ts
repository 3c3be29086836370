// Reconciliation (docs/operations.md#reconciliation) against a local fake of Shopify's Admin API: an
// order Shopify took but whose webhook never came is found by a sweep and evaluated once, its
// events saying source reconciliation; an order the app saw is left alone; two sweeps at once
// evaluate once; a failing Admin API is logged and backed off from, changing nothing; the JSON API
// answers {checked, missed, evaluated}; the demo's order endpoint does not exist outside the demo.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { holdUnsentOrder, newStandInState, type StandInState } from "../../app/demo/admin-stand-in";
import { orderPayloadSchema } from "../../app/domain/monitoring/order-payload";
import { createLogger } from "../../app/logger.server";
import { forgetShopRules } from "../../app/services/rules/cache.server";
import { FakeHttpError, installFakeAdminApi } from "../helpers/fake-admin-api";
import { coreShopWithLimit } from "../helpers/breaches";
import { orderPayload } from "../fixtures/orders";
import { callRoute, routeArgs, storeOfflineSession, webhookRequest } from "../helpers/shopify";
import { testWorkers } from "../helpers/workers";

const { reconcileShopNow, reconciliationStatus, sweepDueShops } =
  await import("../../app/services/reconciliation/reconcile.server");
const { graphqlForShopDomain } = await import("../../app/services/admin-api/admin-graphql.server");

const SHOP = "reconciliation.myshopify.com";
let state: StandInState = newStandInState();
/** The status the fake answers the orders query with (an outage), or null to answer it. */
let ordersDown: number | null = null;
installFakeAdminApi([], {
  answers: { MarginGuardrailReconcileOrders: () => (ordersDown ? new FakeHttpError(ordersDown) : undefined) },
  get standIn() {
    return state;
  },
});
const workers = testWorkers();

/** What the sweeps logged at error level. */
const logged: { msg: string; shop?: string }[] = [];
const deps = {
  graphqlForShop: graphqlForShopDomain,
  kickAlerts: () => undefined,
  logger: createLogger({ level: "error", write: (line) => logged.push(JSON.parse(line) as (typeof logged)[number]) }),
};

/** A $100 order with a `percent`% code (45: a breach of the shop's 20% limit), as orders/create sends it. */
function order(id: number, percent = 45) {
  const amount = `${percent}.00`;
  const code = `OFF${percent}`;
  return orderPayload({
    id,
    number: id,
    codes: [{ code, amount, type: "fixed_amount" }],
    applications: [{ type: "discount_code", target: "line_item", valueType: "fixed_amount", value: amount, code }],
    lines: [
      { variant: 1, product: 1, price: { shop: "100.00" }, allocations: [{ index: 0, amount: { shop: amount } }] },
    ],
  });
}

/** Shopify took the order, and its webhook never came: only the Admin API lists it. */
const takenWithoutWebhook = (id: number, percent = 45) =>
  holdUnsentOrder(state, orderPayloadSchema.parse(order(id, percent)), new Date());

const breachesOf = (number: number) =>
  prisma.auditEvent.findMany({ where: { orderName: `#${number}`, eventType: "rule_triggered" } });

describe("reconciliation", () => {
  let shopId: string;
  beforeAll(async () => {
    shopId = await coreShopWithLimit(SHOP);
    await storeOfflineSession(SHOP);
  });
  beforeEach(() => {
    state = newStandInState();
    ordersDown = null;
    logged.length = 0;
    forgetShopRules(shopId);
  });

  it("finds an order never sent as a webhook and evaluates it once, with source reconciliation", async () => {
    takenWithoutWebhook(9201);
    expect(await reconcileShopNow(shopId, deps)).toEqual({ ok: true, value: { checked: 1, missed: 1, evaluated: 1 } });
    const [breach, ...more] = await breachesOf(9201);
    expect(more).toHaveLength(0);
    expect(breach.details).toMatchObject({ source: "reconciliation", rule_name: "Max 20%" });
    // the queue holds it as reconciliation's, done
    expect(
      await prisma.orderEvaluation.findMany({ where: { shopId, orderId: "gid://shopify/Order/9201" } }),
    ).toMatchObject([{ topic: "reconciliation", status: "done", eventsCreated: 1 }]);

    // the next sweep lists it again (the overlap): seen now, nothing evaluated twice
    expect(await reconcileShopNow(shopId, deps)).toEqual({ ok: true, value: { checked: 1, missed: 0, evaluated: 0 } });
    expect(await breachesOf(9201)).toHaveLength(1);
    const status = await reconciliationStatus(shopId);
    expect(status).toMatchObject({
      lastResult: { checked: 1, missed: 0, evaluated: 0 },
      missingTopics: [],
      lastWebhookAt: null,
    });
    expect(status.lastSweepAt).toBeInstanceOf(Date);

    // its webhook arrives at last: the same order, nothing new
    const { action } = await import("../../app/routes/webhooks.orders.create");
    const late = (await action(routeArgs(webhookRequest("orders/create", SHOP, order(9201))))) as Response;
    expect(late.status).toBe(200);
    await workers.orders.drain();
    expect(await breachesOf(9201)).toHaveLength(1);
  });

  it("leaves alone an order its webhook brought", async () => {
    const { action } = await import("../../app/routes/webhooks.orders.create");
    const response = (await action(routeArgs(webhookRequest("orders/create", SHOP, order(9202))))) as Response;
    expect(response.status).toBe(200);
    await workers.orders.drain();
    takenWithoutWebhook(9202);
    expect(await reconcileShopNow(shopId, deps)).toEqual({ ok: true, value: { checked: 1, missed: 0, evaluated: 0 } });
    const [breach, ...more] = await breachesOf(9202);
    expect(more).toHaveLength(0);
    expect(breach.details).not.toHaveProperty("source");
    expect((await reconciliationStatus(shopId)).lastWebhookAt).toBeInstanceOf(Date);
  });

  it("evaluates an order once when two sweeps run at once", async () => {
    takenWithoutWebhook(9203);
    const results = await Promise.all([reconcileShopNow(shopId, deps), reconcileShopNow(shopId, deps)]);
    const swept = results.flatMap((result) => (result.ok ? [result.value] : []));
    const refused = results.flatMap((result) => (result.ok ? [] : [result.error]));
    expect(swept).toEqual([{ checked: 1, missed: 1, evaluated: 1 }]);
    expect(refused).toMatchObject([{ status: 409 }]);
    expect(await breachesOf(9203)).toHaveLength(1);

    // a process that died mid-sweep: its lease runs out, another sweeps the shop, the queue's key
    // keeps the order to one evaluation
    await prisma.shopReconciliation.update({
      where: { shopId },
      data: { lockedBy: "dead-process", lockedAt: new Date(0), nextSweepAt: new Date(0), sweptThrough: null },
    });
    expect(await sweepDueShops(deps)).toBe(false);
    expect(await breachesOf(9203)).toHaveLength(1);
    expect(await prisma.shopReconciliation.findUniqueOrThrow({ where: { shopId } })).toMatchObject({
      lockedBy: null,
      lastMissed: 0,
    });
  });

  it("logs a failing Admin API call, backs off and changes nothing", async () => {
    takenWithoutWebhook(9204);
    await prisma.shopReconciliation.update({ where: { shopId }, data: { nextSweepAt: new Date(0) } });
    const before = await prisma.shopReconciliation.findUniqueOrThrow({ where: { shopId } });
    ordersDown = 503;
    const started = Date.now();
    await sweepDueShops(deps);
    const after = await prisma.shopReconciliation.findUniqueOrThrow({ where: { shopId } });
    expect(after).toMatchObject({
      failures: 1,
      lastSweepAt: before.lastSweepAt,
      sweptThrough: before.sweptThrough,
      lastChecked: before.lastChecked,
      lastMissed: before.lastMissed,
      lockedBy: null,
    });
    expect(after.lastError).toBeTruthy();
    // the next try waits (1 minute for the first failure), rather than at the next step
    expect(after.nextSweepAt!.getTime()).toBeGreaterThanOrEqual(started + 60_000 - 1_000);
    expect(await sweepDueShops(deps)).toBe(false);
    expect((await prisma.shopReconciliation.findUniqueOrThrow({ where: { shopId } })).failures).toBe(1);
    expect(logged).toMatchObject([{ msg: expect.stringMatching(/^Reconciliation of the shop failed \(1 in a row\)/) }]);
    expect(await prisma.orderEvaluation.count({ where: { shopId, orderId: "gid://shopify/Order/9204" } })).toBe(0);
    expect(await breachesOf(9204)).toHaveLength(0);

    // asked for now while Shopify is down: a 502 that says so; back up, the order is found
    const refused = await reconcileShopNow(shopId, deps);
    expect(refused).toMatchObject({ ok: false, error: { status: 502 } });
    ordersDown = null;
    expect(await reconcileShopNow(shopId, deps)).toEqual({ ok: true, value: { checked: 1, missed: 1, evaluated: 1 } });
    expect((await prisma.shopReconciliation.findUniqueOrThrow({ where: { shopId } })).failures).toBe(0);
  });

  it("POST /api/protection/reconcile answers {checked, missed, evaluated}; a bad method or body is refused", async () => {
    const route = await import("../../app/routes/api.protection.reconcile");
    takenWithoutWebhook(9205);
    const swept = await callRoute(route.action, "/api/protection/reconcile", SHOP, "POST");
    expect(swept.status).toBe(200);
    expect(await swept.json()).toEqual({ checked: 1, missed: 1, evaluated: 1 });
    expect(await breachesOf(9205)).toHaveLength(1);

    const empty = await callRoute(route.action, "/api/protection/reconcile", SHOP, "POST", {});
    expect(await empty.json()).toEqual({ checked: 1, missed: 0, evaluated: 0 });

    const get = await callRoute(route.loader, "/api/protection/reconcile", SHOP);
    expect(get.status).toBe(405);
    const put = await callRoute(route.action, "/api/protection/reconcile", SHOP, "PUT", {});
    expect(put.status).toBe(405);
    const bad = await callRoute(route.action, "/api/protection/reconcile", SHOP, "POST", { since: "yesterday" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: "This request takes no settings: send {} or no body",
      errors: { since: ["unknown setting"] },
    });
  });

  it("has no demo order endpoint outside the demo store", async () => {
    const route = await import("../../app/routes/demo.admin-api.orders");
    const request = new Request("http://localhost/demo/admin-api/orders", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(order(9206)),
    });
    expect((await route.action(routeArgs(request))).status).toBe(404);
  });
});
