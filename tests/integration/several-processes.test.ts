// Several app processes on one database (docs/architecture.md#sqlite-and-postgresql):
// two `node server.js`, signed order webhooks spread across both, every order evaluated once; a
// process killed with SIGKILL holding claimed orders loses none of them: once its claims' lease
// runs out, the other process evaluates them. On PostgreSQL (npm run test:postgres) also: a rule
// changed through one process reaches the other's cache within a second, and the contact forms'
// rate limit is one count for all processes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { ensureShop } from "../../app/db/shops.server";
import { ORDER_LEASE_MS } from "../../app/services/monitoring/worker.server";
import { stackedCodeAndAutomatic } from "../fixtures/orders";
import { DEMO_SHOP, serversOn, signedWebhook, waitUntil, type AppServer } from "../helpers/app-server";

const DATABASE_URL = process.env.DATABASE_URL!;

function signedOrder(index: number): RequestInit {
  const order = {
    ...stackedCodeAndAutomatic,
    id: 800_000 + index,
    name: `#MP${index}`,
    admin_graphql_api_id: undefined,
  };
  // one delivery's ID for all its tries, as Shopify sends it again
  return signedWebhook("orders/create", order, { webhookId: `several-processes-${index}` });
}

/** How often a delivery answered 503 is sent again, as Shopify retries one. */
const REDELIVERIES = 20;

/**
 * Posts orders `from`..`to` (exclusive), `parallel` at a time, each to the server `pick` chooses.
 * A 503 (SQLite's writer held by the other process past its wait, on a busy machine) is delivered
 * again after a pause, as Shopify does; each order's last answer is returned.
 */
async function postOrders(from: number, to: number, pick: (index: number) => AppServer, parallel = 16) {
  let next = from;
  const statuses: number[] = [];
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < to) {
        const index = next++;
        let status = 0;
        for (let attempt = 0; attempt <= REDELIVERIES; attempt++) {
          // a process killed mid-request answers nothing (0): Shopify would deliver that one again
          status = await fetch(`${pick(index).url}/webhooks/orders/create`, signedOrder(index)).then(
            (response) => response.status,
            () => 0,
          );
          if (status !== 503) break;
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        statuses.push(status);
      }
    }),
  );
  return statuses;
}

/** The answers that were not 200, counted by status (empty when every order got 200). */
const notOk = (statuses: number[]) =>
  statuses
    .filter((status) => status !== 200)
    .reduce<Record<number, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

/**
 * How many orders the two processes share: enough that both claim at once for the whole run; the
 * whole run (npm run test:full, TEST_FULL=1) sends more than three times as many.
 */
const ORDERS = process.env.TEST_FULL ? 2_000 : 600;

const { start, stopAll } = serversOn(DATABASE_URL);
/** Thousands of orders across processes take longer than the helper's minute on a busy machine. */
const until = (check: () => Promise<boolean>) => waitUntil(check, 120_000);

let shopId: string;
const done = () => prisma.orderEvaluation.count({ where: { shopId, status: "done" } });

beforeAll(async () => {
  if (DATABASE_URL.startsWith("file:")) await prisma.$executeRawUnsafe("PRAGMA journal_mode = WAL");
  shopId = (await ensureShop(DEMO_SHOP)).id;
  await prisma.rule.create({
    data: {
      shopId,
      name: "Max 1% off",
      ruleType: "max_discount",
      threshold: "1",
      thresholdUnit: "PERCENT",
      thresholdPercent: 1,
      conditions: {},
    },
  });
});
afterAll(stopAll);

/** Each order's breach events: the fixture breaches the one rule once per order. */
async function eventsByOrder() {
  const events = await prisma.auditEvent.findMany({
    where: { shopId, eventType: "rule_triggered" },
    select: { orderName: true },
  });
  const counts = new Map<string, number>();
  for (const event of events) counts.set(event.orderName ?? "", (counts.get(event.orderName ?? "") ?? 0) + 1);
  return counts;
}

describe("two app processes on one database", () => {
  it(`evaluate ${ORDERS} orders spread across both exactly once`, async () => {
    const COUNT = ORDERS;
    const [a, b] = await Promise.all([start(), start()]);
    const statuses = await postOrders(0, COUNT, (index) => (index % 2 === 0 ? a : b));
    expect(notOk(statuses)).toEqual({});
    await until(async () => (await done()) === COUNT);

    const rows = await prisma.orderEvaluation.findMany({ where: { shopId }, select: { attempts: true } });
    expect(rows).toHaveLength(COUNT);
    // one attempt each: no order was evaluated (and saved) twice
    expect(rows.every((row) => row.attempts === 1)).toBe(true);
    const events = await eventsByOrder();
    expect(events.size).toBe(COUNT);
    expect([...events.values()].every((count) => count === 1)).toBe(true);
    await Promise.all([a.stop(), b.stop()]);
  }, 240_000);
});

describe("a process killed with SIGKILL holding claimed orders", () => {
  it("loses none: once the lease runs out the other process evaluates them, once", async () => {
    const FROM = 10_000;
    const COUNT = ORDERS;
    const before = await done();
    const [a, b] = await Promise.all([start(), start()]);
    // A gets the first half; it is stopped the moment it holds claimed orders, then killed
    const posting = postOrders(FROM, FROM + COUNT / 2, () => a, 32);
    // A's claims only: B's sweep may claim some of A's orders meanwhile, and B evaluates those
    // (a claim's lockedBy starts with its process's pid, app/services/process-id.server.ts)
    const heldByA = () =>
      prisma.orderEvaluation.count({
        where: { shopId, status: "pending", lockedBy: { startsWith: `${a.process.pid}-` } },
      });
    let claimed = 0;
    while (claimed === 0) {
      if ((await heldByA()) > 0) {
        a.process.kill("SIGSTOP");
        // frozen: what it holds now is what it holds when it dies
        claimed = await heldByA();
        if (claimed === 0) a.process.kill("SIGCONT");
      }
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    a.process.kill("SIGKILL");
    await new Promise((resolve) => a.process.once("exit", resolve));
    await posting;

    // B gets the second half, and evaluates what A acknowledged but had not claimed
    const statuses = await postOrders(FROM + COUNT / 2, FROM + COUNT, () => b);
    expect(notOk(statuses)).toEqual({});
    const queued = await prisma.orderEvaluation.count({ where: { shopId } });
    await until(async () => (await done()) === queued - claimed);
    // A's claims wait for their lease: still pending, still A's, and no other order is
    expect(await heldByA()).toBe(claimed);
    expect(await prisma.orderEvaluation.count({ where: { shopId, status: "pending" } })).toBe(claimed);
    // the lease runs out (its time moved back rather than waited for); the next sweep or order takes them
    await prisma.orderEvaluation.updateMany({
      where: { shopId, status: "pending", lockedBy: { not: null } },
      data: { lockedAt: new Date(Date.now() - ORDER_LEASE_MS - 60_000) },
    });
    expect((await fetch(`${b.url}/webhooks/orders/create`, signedOrder(FROM + COUNT))).status).toBe(200);
    await until(async () => (await done()) === queued + 1);

    expect(before).toBeGreaterThan(0);
    const rows = await prisma.orderEvaluation.findMany({ where: { shopId }, select: { attempts: true, status: true } });
    expect(rows.every((row) => row.status === "done" && row.attempts === 1)).toBe(true);
    const events = await eventsByOrder();
    expect(events.size).toBe(rows.length);
    expect([...events.values()].every((count) => count === 1)).toBe(true);
  }, 240_000);
});

// NOTIFY between processes and the shared rate limit are PostgreSQL's; on SQLite (one app process) a
// change made elsewhere is seen within the rules cache's few seconds, and the limit is counted in memory
describe.skipIf(DATABASE_URL.startsWith("file:"))("PostgreSQL shared between processes", () => {
  it("a rule changed through one process is used by the other within a second", async () => {
    const [a, b] = await Promise.all([start(), start()]);
    const rule = await prisma.rule.findFirstOrThrow({ where: { shopId, name: "Max 1% off" } });
    const breaches = () => prisma.auditEvent.count({ where: { shopId, eventType: "rule_triggered" } });
    // B evaluates an order, and so has the shop's rules cached
    const first = await breaches();
    expect((await fetch(`${b.url}/webhooks/orders/create`, signedOrder(20_000))).status).toBe(200);
    await until(async () => (await breaches()) === first + 1);

    // the rule is turned off through A; B's cache would keep it for seconds more without the notice
    const off = await fetch(`${a.url}/api/rules/${rule.id}`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ isActive: false }),
    });
    expect(off.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const queued = await prisma.orderEvaluation.count({ where: { shopId } });
    expect((await fetch(`${b.url}/webhooks/orders/create`, signedOrder(20_001))).status).toBe(200);
    await until(async () => (await done()) === queued + 1);
    expect(await breaches()).toBe(first + 1);
    await prisma.rule.update({ where: { id: rule.id }, data: { isActive: true } });
  }, 120_000);

  it("shares the contact forms' limit: a client's sixth message is refused by either process", async () => {
    const [a, b] = await Promise.all([start(), start()]);
    const body = JSON.stringify({ name: "Mallory", email: "m@example.com", storeName: "", message: "Hello" });
    const post = (server: AppServer) =>
      fetch(`${server.url}/api/contact-sales`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body,
      });
    const statuses: number[] = [];
    // alternating processes, from one address (127.0.0.1): one allowance of 5, not one per process
    for (let index = 0; index < 7; index += 1) statuses.push((await post(index % 2 === 0 ? a : b)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
  }, 120_000);
});
