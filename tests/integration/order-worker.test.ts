// The order worker as the database fails under it: a failing evaluation is logged, counted
// and retried on a schedule; a failing loop is logged and tried again; nothing throws out. A
// failure the database would not let it record is recorded once it answers, so no order waits
// for its claim's lease (docs/architecture.md#an-order-webhook-to-a-delivered-alert, failure bookkeeping).
// Engine-neutral: the errors are injected, in the shapes Prisma gives SQLite's and PostgreSQL's.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type * as OrderQueue from "../../app/db/order-queue.sql.server";
import type * as Evaluation from "../../app/services/monitoring/evaluation.server";
import { stackedCodeAndAutomatic } from "../fixtures/orders";
import { percentRule } from "../fixtures/rules";

/** What Prisma throws for a driver adapter's error: `originalCode` is the database's own. */
function prismaError(code: string, originalCode: string, message: string) {
  return Object.assign(new Error(message), {
    name: "PrismaClientKnownRequestError",
    code,
    meta: { driverAdapterError: { name: "DriverAdapterError", cause: { originalCode, originalMessage: message } } },
  });
}
const SQLITE_BUSY = () =>
  prismaError("P2010", "SQLITE_BUSY", "Raw query failed. Code: `SQLITE_BUSY`. Message: `database is locked`");
const SERIALIZATION_FAILURE = () =>
  prismaError("P2010", "40001", "could not serialize access due to concurrent update");
const CONNECTION_LOST = () => prismaError("P1017", "08006", "server closed the connection unexpectedly");

const failures: { evaluation: number; queue: number; record: number; error: () => Error } = {
  evaluation: 0,
  queue: 0,
  record: 0,
  error: () => new Error("database is locked"),
};

vi.mock("../../app/services/monitoring/evaluation.server", async (importOriginal) => {
  const original = await importOriginal<typeof Evaluation>();
  return {
    ...original,
    evaluateShopOrders: vi.fn(async (...args: Parameters<typeof original.evaluateShopOrders>) => {
      if (failures.evaluation > 0) {
        failures.evaluation -= 1;
        throw failures.error();
      }
      return original.evaluateShopOrders(...args);
    }),
  };
});
vi.mock("../../app/db/order-queue.sql.server", async (importOriginal) => {
  const original = await importOriginal<typeof OrderQueue>();
  return {
    ...original,
    claimDueOrders: vi.fn(async (...args: Parameters<typeof original.claimDueOrders>) => {
      if (failures.queue > 0) {
        failures.queue -= 1;
        throw new Error("SQLITE_BUSY: database is locked");
      }
      return original.claimDueOrders(...args);
    }),
    recordOrderFailures: vi.fn(async (...args: Parameters<typeof original.recordOrderFailures>) => {
      if (failures.record > 0) {
        failures.record -= 1;
        throw SQLITE_BUSY();
      }
      return original.recordOrderFailures(...args);
    }),
  };
});

const prisma = (await import("../../app/db.server")).default;
const { ensureShop } = await import("../../app/db/shops.server");
const { enqueueOrderWebhook } = await import("../../app/services/monitoring/queue.server");
const { evaluateShopOrders } = await import("../../app/services/monitoring/evaluation.server");
const { MAX_ATTEMPTS } = await import("../../app/services/monitoring/worker.server");
const { createLogger } = await import("../../app/logger.server");
const { testWorkers } = await import("../helpers/workers");
const { orderQueueCounts } = await import("../../app/db/order-queue.sql.server");
const { orderPayloadSchema } = await import("../../app/domain/monitoring/order-payload");

/** What the worker logged: one parsed line per event. */
const logged: { msg: string; reason?: string; err?: { message: string } }[] = [];
const { orders } = testWorkers({
  logger: createLogger({ level: "error", write: (line) => logged.push(JSON.parse(line) as (typeof logged)[number]) }),
});

const SHOP = "worker.myshopify.com";
let shopId: string;
let delivery = 0;

async function queueOrder() {
  delivery += 1;
  const payload = orderPayloadSchema.parse({
    ...stackedCodeAndAutomatic,
    id: 700 + delivery,
    name: `#W${delivery}`,
    admin_graphql_api_id: undefined,
  });
  expect(await enqueueOrderWebhook({ shop: SHOP, topic: "orders/create", webhookId: `w-${delivery}`, payload })).toBe(
    "queued",
  );
}

describe("the order worker when the database fails", () => {
  beforeAll(async () => {
    shopId = (await ensureShop(SHOP)).id;
    await prisma.rule.create({ data: percentRule(shopId, "max_discount", 1) });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    failures.error = () => new Error("database is locked");
  });

  it("marks an order failed after 3 attempts, shows it, and retries it when its time comes", async () => {
    logged.length = 0;
    failures.evaluation = MAX_ATTEMPTS;
    await queueOrder();
    await expect(orders.drain()).resolves.toBeUndefined();
    const failed = await prisma.orderEvaluation.findFirstOrThrow({ where: { shopId, webhookId: `w-${delivery}` } });
    expect(failed).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, lastError: "database is locked" });
    expect(failed.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(logged.some(({ msg }) => msg.includes("failed (attempt 3); next try at"))).toBe(true);
    expect(await orderQueueCounts(shopId)).toEqual({ waiting: 0, failed: 1 });

    // its retry time comes: the sweep evaluates it
    await prisma.orderEvaluation.update({
      where: { id: failed.id },
      data: { nextAttemptAt: new Date(Date.now() - 1) },
    });
    await orders.drain();
    const done = await prisma.orderEvaluation.findUniqueOrThrow({ where: { id: failed.id } });
    expect(done).toMatchObject({ status: "done", nextAttemptAt: null, lastError: null });
    expect(done.eventsCreated).toBeGreaterThan(0);
    expect(await orderQueueCounts(shopId)).toEqual({ waiting: 0, failed: 0 });
  });

  it("logs a failing loop and tries again by itself, without rejecting", async () => {
    logged.length = 0;
    failures.queue = 2;
    await queueOrder();
    await expect(orders.kick(0)).resolves.toBeUndefined();
    expect(logged.some(({ msg }) => msg.includes("Order worker failed (1 in a row)"))).toBe(true);
    // the worker's own backoff (0.5 s, then 1 s) brings it back once the database answers
    for (let wait = 0; wait < 60; wait += 1) {
      if ((await orderQueueCounts(shopId)).waiting === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await orderQueueCounts(shopId)).toEqual({ waiting: 0, failed: 0 });
    expect(logged.some(({ msg }) => msg.includes("Order worker failed (2 in a row)"))).toBe(true);
  });

  it("fails a batch alike when the database is unavailable: one attempt each, no order-by-order retries, retried within seconds", async () => {
    logged.length = 0;
    failures.error = CONNECTION_LOST;
    failures.evaluation = 1;
    const first = delivery + 1;
    for (let index = 0; index < 3; index += 1) await queueOrder();
    const webhookIds = [first, first + 1, first + 2].map((n) => `w-${n}`);
    vi.mocked(evaluateShopOrders).mockClear();
    const started = Date.now();
    await orders.drain();
    const took = Date.now() - started;

    const rows = await prisma.orderEvaluation.findMany({ where: { webhookId: { in: webhookIds } } });
    // the failed batch counted one attempt each, the retry the second: every order done
    expect(rows.map((row) => [row.status, row.attempts, row.lockedBy])).toEqual([
      ["done", 2, null],
      ["done", 2, null],
      ["done", 2, null],
    ]);
    // one failing batch and one that succeeded: the orders were not retried one by one
    expect(vi.mocked(evaluateShopOrders)).toHaveBeenCalledTimes(2);
    // the quick retry came 1 s after the failure, and within this test's time: seconds, not the
    // lease (minutes) nor the next sweep; how many seconds is the machine's, so it is not asserted
    expect(took).toBeGreaterThanOrEqual(1_000);
    const lines = logged.filter(({ msg }) => /failed \(attempt 1\); next try at/.test(msg));
    expect(lines).toHaveLength(3);
    expect(lines[0].reason).toBe("08006: server closed the connection unexpectedly");
  });

  it("retries a batch that lost a write conflict order by order at once: one attempt each", async () => {
    logged.length = 0;
    failures.error = SERIALIZATION_FAILURE;
    failures.evaluation = 1;
    const first = delivery + 1;
    for (let index = 0; index < 3; index += 1) await queueOrder();
    vi.mocked(evaluateShopOrders).mockClear();
    await orders.drain();
    // the transaction that won is over: each order alone succeeds in the same step, no retry put off
    expect(vi.mocked(evaluateShopOrders)).toHaveBeenCalledTimes(4);
    expect(logged.filter(({ msg }) => /next try at/.test(msg))).toEqual([]);
    const rows = await prisma.orderEvaluation.findMany({
      where: { webhookId: { in: [first, first + 1, first + 2].map((n) => `w-${n}`) } },
    });
    expect(rows.map((row) => [row.status, row.attempts, row.lockedBy])).toEqual([
      ["done", 1, null],
      ["done", 1, null],
      ["done", 1, null],
    ]);
  });

  it("records a failure the database refused to record once it answers: the claim waits seconds, not the lease", async () => {
    logged.length = 0;
    failures.error = SQLITE_BUSY;
    failures.evaluation = 1;
    failures.record = 2;
    await queueOrder();
    const webhookId = `w-${delivery}`;
    await expect(orders.kick(0)).resolves.toBeUndefined();
    // the evaluation failed and so did recording it: still claimed, the attempt not yet counted
    const held = await prisma.orderEvaluation.findFirstOrThrow({ where: { webhookId } });
    expect(held).toMatchObject({ status: "pending", attempts: 0 });
    expect(held.lockedBy).not.toBeNull();
    expect(logged.some(({ msg }) => msg.startsWith("Order worker failed (1 in a row)"))).toBe(true);

    // the loop's backoff (0.5 s, then 1 s) records it, and the order is evaluated at once: done
    // within these 5 s of waiting, where the lease would have held it for minutes
    for (let wait = 0; wait < 100; wait += 1) {
      const row = await prisma.orderEvaluation.findFirstOrThrow({ where: { webhookId } });
      if (row.status === "done") break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const done = await prisma.orderEvaluation.findFirstOrThrow({ where: { webhookId } });
    expect(done).toMatchObject({ status: "done", attempts: 2, lockedBy: null, lastError: null });
    expect(logged.some(({ msg }) => msg.startsWith("Order worker failed (2 in a row)"))).toBe(true);
    expect(logged.some(({ msg }) => /failed \(attempt 1\); next try at/.test(msg))).toBe(true);
  });

  it("still finds the one order that fails in a batch: the others are done, it counts an attempt", async () => {
    logged.length = 0;
    const first = delivery + 1;
    for (let index = 0; index < 3; index += 1) await queueOrder();
    const poisoned = `w-${first + 1}`;
    const original = vi.mocked(evaluateShopOrders).getMockImplementation()!;
    vi.mocked(evaluateShopOrders).mockImplementation(async (shop, jobs, graphql, options) => {
      if (jobs.some((job) => job.facts.orderName === `#W${first + 1}`)) throw new TypeError("bad order");
      return original(shop, jobs, graphql, options);
    });
    try {
      await orders.kick(0);
    } finally {
      vi.mocked(evaluateShopOrders).mockImplementation(original);
    }
    const rows = await prisma.orderEvaluation.findMany({
      where: { webhookId: { in: [`w-${first}`, poisoned, `w-${first + 2}`] } },
      orderBy: { webhookId: "asc" },
    });
    const byId = new Map(rows.map((row) => [row.webhookId, row]));
    expect(byId.get(`w-${first}`)).toMatchObject({ status: "done", attempts: 1 });
    expect(byId.get(`w-${first + 2}`)).toMatchObject({ status: "done", attempts: 1 });
    expect(byId.get(poisoned)).toMatchObject({
      status: "pending",
      attempts: 1,
      lastError: "bad order",
      lockedBy: null,
    });
    expect(byId.get(poisoned)!.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());
    // the order mended, its quick retry 1 s later (which drain waits for) evaluates it
    await orders.drain();
    expect(await prisma.orderEvaluation.findFirstOrThrow({ where: { webhookId: poisoned } })).toMatchObject({
      status: "done",
      attempts: 2,
    });
  });
});
