// The outbox and its worker: alerts are queued with their breach, delivered at least once
// with retries, every attempt recorded, one alert_sent per breach; claims are exclusive and
// a dead process's claim is taken again.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { anyDeliveryDue, claimDueDeliveries } from "../../app/db/outbox-claims.sql.server";
import { channelSender } from "../../app/services/alerts/delivery.server";
import { forgetShopRules } from "../../app/services/rules/cache.server";
import { ensureShop } from "../../app/db/shops.server";
import { startReceiver } from "../helpers/receiver";
import { breachingOrders, coreShopWithLimit } from "../helpers/breaches";
import { testWorkers } from "../helpers/workers";

// this file's own workers (docs/architecture.md#background-workers), sending to local addresses
const workers = testWorkers({ send: channelSender({ guard: false }) });

const SHOP = "alert-delivery.myshopify.com";
const receiver = await startReceiver();
/** $100 orders with a $45 code: 45% off, a critical breach of a 20% limit. */
const breachingOrder = breachingOrders(SHOP, 5000, workers.orders);

/** The outbox rows of an order's breaches. */
async function outboxOf(order: string) {
  const breaches = await prisma.auditEvent.findMany({ where: { orderName: order, eventType: "rule_triggered" } });
  return prisma.alertAndActionOutbox.findMany({ where: { auditEventId: { in: breaches.map((event) => event.id) } } });
}

/** Time passes: every pending alert is due now. */
async function timePasses(shopId: string) {
  await prisma.alertAndActionOutbox.updateMany({
    where: { shopId, status: "pending" },
    data: { nextAttemptAt: new Date(Date.now() - 1) },
  });
}

describe("alert delivery", () => {
  let shopId: string;
  beforeAll(async () => {
    shopId = await coreShopWithLimit(SHOP);
  });
  beforeEach(async () => {
    await prisma.alertSettings.update({
      where: { shopId },
      data: {
        emailEnabled: false,
        slackEnabled: false,
        webhookEnabled: true,
        webhooks: [`${receiver.url}/in`],
        minSeverity: "low",
        frequency: "immediate",
      },
    });
    await prisma.shop.update({ where: { id: shopId }, data: { plan: "core", planCheckedAt: new Date() } });
    forgetShopRules(shopId);
  });
  afterAll(() => receiver.close());

  it("queues the alert with its breach, retries a failing receiver, and records every attempt", async () => {
    receiver.failNext(500, 503);
    const before = receiver.received.length;
    const order = await breachingOrder();
    const [row] = await outboxOf(order);
    expect(row).toMatchObject({ channel: "webhook" });
    const breach = await prisma.auditEvent.findUniqueOrThrow({ where: { id: row.auditEventId! } });
    expect(breach).toMatchObject({ eventType: "rule_triggered", orderName: order });

    await workers.alerts.drain();
    let state = await prisma.alertAndActionOutbox.findUniqueOrThrow({ where: { id: row.id } });
    expect(state).toMatchObject({ status: "pending", attempts: 1 });
    expect(state.lastError).toMatch(/answered 500/);
    expect(state.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(10_000); // 15 to 30 s away

    await timePasses(shopId);
    await workers.alerts.drain();
    await timePasses(shopId);
    await workers.alerts.drain();
    state = await prisma.alertAndActionOutbox.findUniqueOrThrow({ where: { id: row.id } });
    expect(state).toMatchObject({ status: "sent", attempts: 3, lastError: null });
    const attempts = await prisma.alertAttempt.findMany({
      where: { outboxId: row.id },
      orderBy: { attemptedAt: "asc" },
    });
    expect(attempts.map((attempt) => attempt.ok)).toEqual([false, false, true]);

    const deliveries = receiver.received.slice(before);
    expect(deliveries).toHaveLength(3);
    expect(new Set(deliveries.map((delivery) => delivery.headers["idempotency-key"]))).toEqual(new Set([row.id]));
    const sent = await prisma.auditEvent.findMany({ where: { shopId, eventType: "alert_sent", orderName: order } });
    expect(sent).toHaveLength(1);
    expect(sent[0].details).toMatchObject({ channel: "webhook", breach_event_id: breach.id });
  });

  it("retries an alert only to the webhook URLs that failed it", async () => {
    const other = await startReceiver();
    try {
      await prisma.alertSettings.update({
        where: { shopId },
        data: { webhooks: [`${receiver.url}/in`, `${other.url}/in`] },
      });
      forgetShopRules(shopId);
      other.failNext(500);
      const order = await breachingOrder();
      const [row] = await outboxOf(order);
      await workers.alerts.drain();
      let state = await prisma.alertAndActionOutbox.findUniqueOrThrow({ where: { id: row.id } });
      expect(state).toMatchObject({ status: "pending", attempts: 1 });
      expect(state.lastError).toMatch(/answered 500/);

      await timePasses(shopId);
      await workers.alerts.drain();
      state = await prisma.alertAndActionOutbox.findUniqueOrThrow({ where: { id: row.id } });
      expect(state).toMatchObject({ status: "sent", attempts: 2, lastError: null });
      const of = (requests: typeof receiver.received) =>
        requests.filter((request) => request.headers["idempotency-key"] === row.id);
      // the URL that took it the first time is not sent it again; the one that failed gets the retry
      expect(of(receiver.received)).toHaveLength(1);
      expect(of(other.received)).toHaveLength(2);
      const sent = await prisma.auditEvent.findMany({ where: { shopId, eventType: "alert_sent", orderName: order } });
      expect(sent).toHaveLength(1);
    } finally {
      other.close();
    }
  });

  it("records other shops' alerts while one shop's slow URL is still answering", async () => {
    const slowShop = "alert-delivery-slow.myshopify.com";
    const slowShopId = await coreShopWithLimit(slowShop);
    const slowReceiver = await startReceiver([], { delayMs: 3_000 });
    try {
      await prisma.alertSettings.update({
        where: { shopId: slowShopId },
        data: { emailEnabled: false, webhookEnabled: true, webhooks: [`${slowReceiver.url}/in`], minSeverity: "low" },
      });
      await workers.alerts.stop(); // both alerts wait for one round
      const [slow] = await outboxOf(await breachingOrders(slowShop, 7000, workers.orders)());
      const [fast] = await outboxOf(await breachingOrder());
      workers.alerts.resume();
      void workers.alerts.kick();
      const status = async (id: string) =>
        (await prisma.alertAndActionOutbox.findUniqueOrThrow({ where: { id } })).status;
      const started = Date.now();
      while ((await status(fast.id)) !== "sent" && Date.now() - started < 2_500) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // the fast shop's alert is recorded well before the slow URL answers
      expect(await status(fast.id)).toBe("sent");
      expect(await status(slow.id)).toBe("sending");
      await workers.alerts.drain();
      expect(await status(slow.id)).toBe("sent");
    } finally {
      slowReceiver.close();
    }
  });

  it("queues nothing on Free, below the minimum severity, with every channel off, or with no recipient", async () => {
    const count = () => prisma.alertAndActionOutbox.count({ where: { shopId } });
    const before = await count();
    await prisma.shop.update({ where: { id: shopId }, data: { plan: "free", planCheckedAt: new Date() } });
    forgetShopRules(shopId);
    await breachingOrder();
    await prisma.shop.update({ where: { id: shopId }, data: { plan: "core", planCheckedAt: new Date() } });
    await prisma.alertSettings.update({ where: { shopId }, data: { minSeverity: "critical" } });
    forgetShopRules(shopId);
    await breachingOrder(21); // a low breach, under the minimum
    await prisma.alertSettings.update({ where: { shopId }, data: { minSeverity: "low", webhookEnabled: false } });
    forgetShopRules(shopId);
    await breachingOrder();
    // e-mail is on by default, but with no recipient there is nowhere to send to
    await prisma.alertSettings.update({ where: { shopId }, data: { emailEnabled: true, emails: [] } });
    forgetShopRules(shopId);
    await breachingOrder();
    expect(await count()).toBe(before);
  });

  it("holds a claim for its worker, and takes back one whose process died", async () => {
    await workers.alerts.stop(); // this process's own worker stays out of the way until resumed
    const order = await breachingOrder();
    const [row] = await outboxOf(order);
    // the worker's look before it claims (a read): something is due
    expect(await anyDeliveryDue(prisma, new Date(), 120_000)).toBe(true);
    // a process claims the row and is killed before it sends
    const claimed = await claimDueDeliveries(prisma, "killed-process", new Date(), 120_000, 100);
    expect(claimed.map((alert) => alert.id)).toContain(row.id);
    // nothing is due while the claim is fresh; a lapsed claim is
    expect(await anyDeliveryDue(prisma, new Date(), 120_000)).toBe(false);
    expect(await anyDeliveryDue(prisma, new Date(Date.now() + 3 * 60_000), 120_000)).toBe(true);
    // another worker does not take a fresh claim
    expect(
      (await claimDueDeliveries(prisma, "other-process", new Date(), 120_000, 100)).map((alert) => alert.id),
    ).not.toContain(row.id);
    workers.alerts.resume();
    await workers.alerts.drain();
    expect((await prisma.alertAndActionOutbox.findUniqueOrThrow({ where: { id: row.id } })).status).toBe("sending");
    // once the lease has run out, the next worker delivers it
    await prisma.alertAndActionOutbox.update({
      where: { id: row.id },
      data: { lockedAt: new Date(Date.now() - 3 * 60_000) },
    });
    await workers.alerts.drain();
    expect(await prisma.alertAndActionOutbox.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      status: "sent",
      attempts: 2,
    });
  });

  it("never gives one row to two claims at once", async () => {
    for (let index = 0; index < 3; index += 1) await breachingOrder();
    // each order kicks this file's own alert worker: it finishes and stays out of the way, or its
    // claim of the same rows, racing the two below, decides what they find (it flaked on PostgreSQL)
    await workers.alerts.drain();
    await workers.alerts.stop();
    try {
      const { count } = await prisma.alertAndActionOutbox.updateMany({
        where: { shopId, status: "sent" },
        data: { status: "pending", lockedBy: null },
      });
      expect(count).toBeGreaterThanOrEqual(3);
      const [first, second] = await Promise.all([
        claimDueDeliveries(prisma, "worker-a", new Date(), 120_000, 100),
        claimDueDeliveries(prisma, "worker-b", new Date(), 120_000, 100),
      ]);
      const ids = [...first, ...second].map((alert) => alert.id);
      // every pending row is taken (and any lapsed claim), and none twice
      expect(ids.length).toBeGreaterThanOrEqual(count);
      expect(new Set(ids).size).toBe(ids.length);
    } finally {
      await prisma.alertAndActionOutbox.updateMany({ where: { shopId }, data: { status: "sent", lockedBy: null } });
      workers.alerts.resume();
    }
  });
});

describe("the delivery log", () => {
  it("lists the shop's deliveries with their status, to that shop only", async () => {
    const { loader } = await import("../../app/routes/api.shops.$shopId.alerts");
    const { adminRequest, settle, storeOfflineSession } = await import("../helpers/shopify");
    await storeOfflineSession(SHOP);
    const call = async (shop: string, shopId: string) => {
      const request = await adminRequest(`/api/shops/${shopId}/alerts`, shop);
      return (await settle(() => Promise.resolve(loader({ request, params: { shopId }, context: {} })))) as Response;
    };
    const shop = await prisma.shop.findUniqueOrThrow({ where: { domain: SHOP } });
    const response = await call(SHOP, SHOP);
    expect(response.status).toBe(200);
    const { deliveries } = await response.json();
    expect(deliveries.length).toBeGreaterThan(0);
    expect(deliveries[0]).toMatchObject({ channel: "webhook", status: expect.stringMatching(/sent|pending|sending/) });
    expect(deliveries.every((delivery: { orderName: string }) => delivery.orderName.startsWith("#"))).toBe(true);
    expect((await call(SHOP, shop.id)).status).toBe(200);
    // another shop's id or domain is refused
    await ensureShop("alert-delivery-other.myshopify.com");
    await storeOfflineSession("alert-delivery-other.myshopify.com");
    expect((await call("alert-delivery-other.myshopify.com", SHOP)).status).toBe(403);
  });
});

describe("the demo seed's past orders", () => {
  it("record their breaches and their alerts as history: nothing past is left for the worker to send now", async () => {
    const { seedDemoStore } = await import("../../app/demo/seed.server");
    const now = new Date();
    const result = await seedDemoStore("demo-seed-alerts.myshopify.com", now);
    const shopId = result.shop.id;
    const events = await prisma.auditEvent.count({ where: { shopId, eventType: "rule_triggered" } });
    expect(events).toBeGreaterThan(100);
    // the alerts were delivered as history, at their own times, each with its attempt
    const sent = await prisma.alertAndActionOutbox.findMany({ where: { shopId, status: "sent" } });
    expect(sent.length).toBeGreaterThan(100);
    for (const row of sent) expect(row.sentAt!.getTime()).toBeLessThanOrEqual(now.getTime());
    expect(await prisma.alertAttempt.count({ where: { shopId } })).toBe(sent.filter((row) => !row.digestId).length);
    // nothing due before now waits: only alerts held past now (quiet hours ending later) are left
    expect(await prisma.alertAndActionOutbox.count({ where: { shopId, status: "pending" } })).toBe(0);
    for (const row of await prisma.alertAndActionOutbox.findMany({ where: { shopId, status: "held" } })) {
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(now.getTime());
    }
  });
});
