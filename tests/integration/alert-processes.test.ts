// Alert delivery across real processes: two `node server.js` on one database share the outbox
// without sending a row twice at once; a server killed with SIGKILL mid-delivery loses
// nothing: once its claims' lease runs out, the next server delivers every alert.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { ALERT_BATCH } from "../../app/services/alerts/delivery.server";
import { serversOn, waitUntil } from "../helpers/app-server";
import { startReceiver } from "../helpers/receiver";
import { lapseDeadClaims, outboxCount, sampleAlertEvent } from "../helpers/breaches";

const DATABASE_URL = process.env.DATABASE_URL!;

/** A Core shop whose alerts go to `url` by webhook, with `count` alerts due now. */
async function shopWithDueAlerts(domain: string, url: string, count: number) {
  const shop = await prisma.shop.create({ data: { domain, plan: "core" } });
  await prisma.alertSettings.create({
    data: { shopId: shop.id, emailEnabled: false, emails: [], webhookEnabled: true, webhooks: [url] },
  });
  await prisma.alertAndActionOutbox.createMany({
    data: Array.from({ length: count }, (_, index) => ({
      shopId: shop.id,
      channel: "webhook",
      payload: { ...sampleAlertEvent(index + 1), createdAt: new Date().toISOString() },
      status: "pending",
      nextAttemptAt: new Date(Date.now() - 1_000),
    })),
  });
  return shop;
}

const { start, stopAll } = serversOn(DATABASE_URL);

beforeAll(async () => {
  // the servers' guard is off outside production: the receivers on 127.0.0.1 are reachable
  if (DATABASE_URL.startsWith("file:")) await prisma.$executeRawUnsafe("PRAGMA journal_mode = WAL");
});
afterAll(stopAll);

describe("two app processes on one database", () => {
  it("deliver every alert once, never the same row twice at once", async () => {
    const COUNT = 3 * ALERT_BATCH;
    // each answer takes a second, so a batch is still in flight when the other worker claims the next
    const receiver = await startReceiver([], { delayMs: 1_000 });
    // both workers running before anything is due: otherwise the first may send all before the second starts
    await Promise.all([start(), start()]);
    const shop = await shopWithDueAlerts("two-processes.myshopify.com", `${receiver.url}/hook`, COUNT);
    await waitUntil(
      async () => (await prisma.alertAndActionOutbox.count({ where: { shopId: shop.id, status: "sent" } })) === COUNT,
    );

    const keys = receiver.received.map((request) => request.headers["idempotency-key"]);
    expect(keys).toHaveLength(COUNT);
    expect(new Set(keys).size).toBe(COUNT);
    expect(await prisma.alertAttempt.count({ where: { shopId: shop.id } })).toBe(COUNT);
    // a worker sends at most one batch (ALERT_BATCH) at once: more in flight means both were sending
    expect(receiver.maxInFlight()).toBeGreaterThan(ALERT_BATCH);
    await stopAll();
    await receiver.close();
  }, 90_000);
});

describe("a server killed with SIGKILL mid-delivery", () => {
  it("loses nothing: the next server delivers every alert, in flight ones included", async () => {
    const COUNT = 120;
    const receiver = await startReceiver();
    receiver.hold();
    const shop = await shopWithDueAlerts("killed-mid-delivery.myshopify.com", `${receiver.url}/hook`, COUNT);
    const first = await start();
    await waitUntil(async () => receiver.received.length > 0);
    first.process.kill("SIGKILL");
    await new Promise((resolve) => first.process.once("exit", resolve));
    receiver.release();

    expect(await outboxCount(shop.id, "sent")).toBe(0);
    const claimed = await lapseDeadClaims(shop.id);
    expect(claimed).toBeGreaterThan(0);
    await start();
    await waitUntil(async () => (await outboxCount(shop.id, "sent")) === COUNT);
    const delivered = new Set(
      receiver.received
        .filter((request) => request.status === 200)
        .map((request) => request.headers["idempotency-key"]),
    );
    const rows = await prisma.alertAndActionOutbox.findMany({ where: { shopId: shop.id } });
    expect(rows.every((row) => delivered.has(row.id))).toBe(true);
    // the ones in flight when it died were sent again (at least once; the key lets a receiver drop repeats)
    expect(rows.filter((row) => row.attempts === 2).length).toBe(claimed);
    await receiver.close();
  }, 90_000);
});
