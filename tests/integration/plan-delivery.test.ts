// Delivery checks the plan again (docs/product.md#plans): alerts held by quiet hours
// or a digest, or waiting to be retried, and order actions, of a shop that moved to Free are not
// sent: they are dropped with the reason, and the Alerts page's Recent deliveries shows it.
import { FREE_FACTS } from "../../app/domain/billing/plan-truth";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { newStandInState } from "../../app/demo/admin-stand-in";
import { channelSender, recentDeliveries } from "../../app/services/alerts/delivery.server";
import { storePlan } from "../../app/services/billing/plan-truth.server";
import { forgetShopRules } from "../../app/services/rules/cache.server";
import { startReceiver } from "../helpers/receiver";
import { breachingOrders, coreShopWithLimit } from "../helpers/breaches";
import { installFakeAdminApi } from "../helpers/fake-admin-api";
import { adminRequest, storeOfflineSession } from "../helpers/shopify";
import { testWorkers } from "../helpers/workers";

// this file's own workers (docs/architecture.md#background-workers), sending to local addresses
const workers = testWorkers({ send: channelSender({ guard: false }) });

const { loader: alertsPage } = await import("../../app/routes/_admin.alerts/route");
const SHOP = "plan-delivery.myshopify.com";
const receiver = await startReceiver();
const state = newStandInState();
const fake = installFakeAdminApi([], {
  standIn: state,
});
const breachingOrder = breachingOrders(SHOP, 7100, workers.orders);
const FREE = FREE_FACTS;

async function rowsOf(order: string) {
  const breaches = await prisma.auditEvent.findMany({ where: { orderName: order, eventType: "rule_triggered" } });
  return prisma.alertAndActionOutbox.findMany({ where: { auditEventId: { in: breaches.map((event) => event.id) } } });
}

/** Time passes: everything queued is due now. */
async function timePasses(shopId: string) {
  await prisma.alertAndActionOutbox.updateMany({
    where: { shopId, status: { in: ["pending", "held"] } },
    data: { nextAttemptAt: new Date(Date.now() - 1) },
  });
}

describe("delivery after a downgrade to Free", () => {
  let shopId: string;
  beforeAll(async () => {
    shopId = await coreShopWithLimit(SHOP);
    await storeOfflineSession(SHOP);
  });
  beforeEach(async () => {
    await prisma.shop.update({ where: { id: shopId }, data: { plan: "core", planCheckedAt: new Date() } });
    await prisma.alertSettings.update({
      where: { shopId },
      data: {
        emailEnabled: false,
        webhookEnabled: true,
        webhooks: [`${receiver.url}/in`],
        frequency: "daily",
        minSeverity: "low",
      },
    });
    await prisma.rule.updateMany({ where: { shopId }, data: { tagOrder: false } });
    forgetShopRules(shopId);
  });
  afterAll(() => receiver.close());

  it("drops a held digest instead of sending it, and says why in Recent deliveries", async () => {
    const before = receiver.received.length;
    const order = await breachingOrder();
    const [held] = await rowsOf(order);
    expect(held).toMatchObject({ status: "held", channel: "webhook" });

    await storePlan(shopId, FREE, { checkedAt: new Date() });
    await timePasses(shopId);
    expect(await workers.alerts.gatherDueDigests()).toBe(1);
    await workers.alerts.drain();

    expect(receiver.received.length).toBe(before);
    const after = await prisma.alertAndActionOutbox.findUniqueOrThrow({ where: { id: held.id } });
    expect(after).toMatchObject({
      status: "dropped",
      lastError: "Not sent: the shop is on the Free plan now, which has no alerts",
    });
    const digest = await prisma.alertAndActionOutbox.findUniqueOrThrow({ where: { id: after.digestId! } });
    expect(digest).toMatchObject({ status: "dropped", attempts: 0 });
    expect(await prisma.auditEvent.count({ where: { shopId, eventType: "alert_sent" } })).toBe(0);
    const log = await recentDeliveries(shopId);
    expect(log[0]).toMatchObject({ status: "dropped", lastError: digest.lastError });
    // the Alerts page is locked on Free, and still shows what was not sent and why
    const page = (await alertsPage({ request: await adminRequest("/alerts", SHOP), params: {}, context: {} })) as {
      locked: boolean;
      deliveries: { id: string; status: string; lastError: string | null }[];
    };
    expect(page.locked).toBe(true);
    expect(page.deliveries.find((delivery) => delivery.id === digest.id)).toMatchObject({
      status: "dropped",
      lastError: "Not sent: the shop is on the Free plan now, which has no alerts",
    });
  });

  it("drops an alert waiting to be retried, and an order action, once the shop is on Free", async () => {
    await prisma.alertSettings.update({ where: { shopId }, data: { frequency: "immediate" } });
    await prisma.rule.updateMany({ where: { shopId }, data: { tagOrder: true } });
    forgetShopRules(shopId);
    receiver.failNext(503);
    const order = await breachingOrder();
    await workers.alerts.drain();
    const before = receiver.received.length;
    const alert = (await rowsOf(order)).find((row) => row.channel === "webhook")!;
    expect(await prisma.alertAndActionOutbox.findUniqueOrThrow({ where: { id: alert.id } })).toMatchObject({
      status: "pending",
      attempts: 1,
    });
    // the order action of a second order waits in the outbox when the plan changes (the worker
    // is held meanwhile, so that it cannot run the action first)
    const tagsBefore = fake.operations.filter((operation) => operation.query.includes("tagsAdd")).length;
    await workers.alerts.stop();
    const second = await breachingOrder();
    const action = (await rowsOf(second)).find((row) => row.channel === "order_tag")!;
    expect(action).toMatchObject({ status: "pending" });

    await storePlan(shopId, FREE, { checkedAt: new Date() });
    workers.alerts.resume();
    await timePasses(shopId);
    await workers.alerts.drain();

    expect(receiver.received.length).toBe(before);
    expect(await prisma.alertAndActionOutbox.findUniqueOrThrow({ where: { id: alert.id } })).toMatchObject({
      status: "dropped",
      attempts: 1,
      lastError: "Not sent: the shop is on the Free plan now, which has no alerts",
    });
    expect(await prisma.alertAndActionOutbox.findUniqueOrThrow({ where: { id: action.id } })).toMatchObject({
      status: "dropped",
      lastError: "Not done: the shop is on the Free plan now, which has no order actions",
    });
    expect(fake.operations.filter((operation) => operation.query.includes("tagsAdd")).length).toBe(tagsBefore);
  });
});
