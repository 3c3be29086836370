// Digests: hourly alerts and alerts held by the quiet hours are gathered, when their release
// time comes, into one message per shop and channel; the digest's delivery marks each breach
// it lists sent (one alert_sent each); a digest given up takes its breaches with it; two
// processes gathering at once make one digest.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { channelSender, recentDeliveries } from "../../app/services/alerts/delivery.server";
import { forgetShopRules } from "../../app/services/rules/cache.server";
import { startReceiver } from "../helpers/receiver";
import { breachingOrders, coreShopWithLimit } from "../helpers/breaches";
import { testWorkers } from "../helpers/workers";

// this file's own workers (docs/architecture.md#background-workers), sending to local addresses
const workers = testWorkers({ send: channelSender({ guard: false }) });

const SHOP = "alert-digests.myshopify.com";
const receiver = await startReceiver();
/** $100 orders with a `percent` % code against a 20% limit. */
const breachingOrder = breachingOrders(SHOP, 7000, workers.orders);

/** Local "HH:MM" in the shop's zone, `minutes` from now. */
function localClock(minutes: number, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(
    new Date(Date.now() + minutes * 60_000),
  );
}

/** The release time comes: the shop's held alerts (as they were queued) are due now. */
async function releaseTimeComes(shopId: string) {
  const held = await prisma.alertAndActionOutbox.findMany({ where: { shopId, status: "held" } });
  const release = new Date(Date.now() - 1_000);
  await prisma.alertAndActionOutbox.updateMany({ where: { shopId, status: "held" }, data: { nextAttemptAt: release } });
  return { held, now: new Date() };
}

describe("digests", () => {
  let shopId: string;
  beforeAll(async () => {
    shopId = await coreShopWithLimit(SHOP, "America/New_York");
  });
  beforeEach(async () => {
    await prisma.alertAndActionOutbox.deleteMany({ where: { shopId } });
    await prisma.alertSettings.update({
      where: { shopId },
      data: {
        emailEnabled: false,
        webhookEnabled: true,
        webhooks: [`${receiver.url}/digest`],
        frequency: "hourly",
        quietStart: null,
        quietEnd: null,
      },
    });
    forgetShopRules(shopId);
  });
  afterAll(() => receiver.close());

  it("holds hourly alerts until the hour ends, then sends one digest listing them all", async () => {
    const orders = [await breachingOrder(45), await breachingOrder(28), await breachingOrder(60)];
    // nothing goes before the hour ends
    expect(await workers.alerts.gatherDueDigests(new Date())).toBe(0);
    const { held, now } = await releaseTimeComes(shopId);
    expect(held).toHaveLength(3);
    expect(new Set(held.map((row) => row.nextAttemptAt.toISOString())).size).toBe(1);
    expect(held[0].nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect(held[0].nextAttemptAt.getUTCMinutes()).toBe(0);
    const before = receiver.received.length;

    expect(await workers.alerts.gatherDueDigests(now)).toBe(1);
    await workers.alerts.drain();
    const deliveries = receiver.received.slice(before);
    expect(deliveries).toHaveLength(1);
    const body = JSON.parse(deliveries[0].body);
    expect(body).toMatchObject({ type: "alert.digest", held_for: "hourly", total: 3 });
    expect(body.by_severity).toMatchObject({ critical: 2, high: 1 });
    expect(body.by_rule).toEqual([{ rule: "Max 20%", count: 3 }]);
    expect(body.worst.map((entry: { order: { name: string } }) => entry.order.name)).toEqual([
      orders[2],
      orders[0],
      orders[1],
    ]);
    expect(body.over_limit).toEqual([{ currency: "USD", amount: "73.00" }]);
    expect(deliveries[0].headers["idempotency-key"]).toBe(body.id);

    const rows = await prisma.alertAndActionOutbox.findMany({ where: { shopId } });
    expect(rows.filter((row) => row.digestKey)).toHaveLength(1);
    expect(rows.every((row) => row.status === "sent")).toBe(true);
    const sent = await prisma.auditEvent.findMany({
      where: { shopId, eventType: "alert_sent", orderName: { in: orders } },
    });
    expect(sent).toHaveLength(3);
    expect(sent[0].message).toMatch(/in a digest/);
    // Recent deliveries: the breaches went out in the digest, which made the one attempt
    const log = await recentDeliveries(shopId);
    expect(log.filter((row) => row.orderName && orders.includes(row.orderName))).toEqual(
      orders.map(() => expect.objectContaining({ status: "sent", inDigest: true, attempts: 0 })),
    );
    expect(log.filter((row) => row.digestOf === 3)).toEqual([
      expect.objectContaining({ status: "sent", inDigest: false, attempts: 1 }),
    ]);
  });

  it("holds immediate alerts in the quiet hours and releases them as one digest when they end", async () => {
    const zone = "America/New_York";
    await prisma.alertSettings.update({
      where: { shopId },
      data: { frequency: "immediate", quietStart: localClock(-60, zone), quietEnd: localClock(60, zone) },
    });
    forgetShopRules(shopId);
    await breachingOrder(45);
    await breachingOrder(50);
    const { held, now } = await releaseTimeComes(shopId);
    expect(held).toHaveLength(2);
    expect(held[0].nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(55 * 60_000);
    const before = receiver.received.length;
    expect(await workers.alerts.gatherDueDigests(now)).toBe(1);
    await workers.alerts.drain();
    const bodies = receiver.received.slice(before).map((delivery) => JSON.parse(delivery.body));
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ type: "alert.digest", held_for: "quiet_hours", total: 2 });
  });

  it("makes one digest when two processes gather at once", async () => {
    await breachingOrder(45);
    await breachingOrder(46);
    const { now } = await releaseTimeComes(shopId);
    const made = await Promise.all([
      workers.alerts.gatherDueDigests(now),
      workers.alerts.gatherDueDigests(now),
      workers.alerts.gatherDueDigests(now),
    ]);
    expect(made.reduce((sum, count) => sum + count, 0)).toBe(1);
    const rows = await prisma.alertAndActionOutbox.findMany({ where: { shopId } });
    const digest = rows.find((row) => row.digestKey)!;
    expect(rows.filter((row) => row.status === "digested").every((row) => row.digestId === digest.id)).toBe(true);
  });

  it("gives up its breaches with it when the digest cannot be delivered", async () => {
    await breachingOrder(45);
    const { now } = await releaseTimeComes(shopId);
    await workers.alerts.gatherDueDigests(now);
    const digest = await prisma.alertAndActionOutbox.findFirstOrThrow({ where: { shopId, digestKey: { not: null } } });
    // three days of failures later (a webhook's time, docs/api.md#alert-webhooks-what-receivers-get):
    // the last attempt fails and the digest is given up
    await prisma.alertAndActionOutbox.update({
      where: { id: digest.id },
      data: { createdAt: new Date(Date.now() - 73 * 3_600_000), attempts: 12 },
    });
    receiver.failNext(500);
    await workers.alerts.drain();
    const rows = await prisma.alertAndActionOutbox.findMany({ where: { shopId } });
    expect(rows.map((row) => row.status).sort()).toEqual(["dead", "dead"]);
    expect(rows.find((row) => !row.digestKey)?.lastError).toMatch(/Its digest was not delivered/);
  });
});
