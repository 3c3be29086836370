// SQLite's one writer held by another process while the order worker evaluates
// (docs/architecture.md#an-order-webhook-to-a-delivered-alert, failure bookkeeping): the batch in hand fails with
// SQLITE_BUSY after the busy timeout, and so does the write that records that failure; the
// worker tries that bookkeeping again, records the failed attempt and releases its claims as
// soon as the writer is free, and every order, claimed or only queued, is evaluated within
// seconds of the release, not after the claims' 2-minute lease.
// SQLite only: PostgreSQL has no single writer (its row locks wait rather than fail), and its
// serialization and lock errors are injected in tests/integration/order-worker.test.ts.
import type { ChildProcess } from "node:child_process";
import type { OrderEvaluation } from "@prisma/client";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type * as OrderQueue from "../../app/db/order-queue.sql.server";
import { stackedCodeAndAutomatic } from "../fixtures/orders";
import { percentRule } from "../fixtures/rules";
import { waitUntil } from "../helpers/app-server";
import { holdWriter as holdFileWriter } from "../helpers/hold-writer";

const DATABASE_URL = process.env.DATABASE_URL!;
const SQLITE = DATABASE_URL.startsWith("file:");

/** The queue's rows as each recording of failures left them. */
const recordings: OrderEvaluation[][] = [];

vi.mock("../../app/db/order-queue.sql.server", async (importOriginal) => {
  const original = await importOriginal<typeof OrderQueue>();
  return {
    ...original,
    recordOrderFailures: vi.fn(async (...args: Parameters<typeof original.recordOrderFailures>) => {
      const recorded = await original.recordOrderFailures(...args);
      const db = (await import("../../app/db.server")).default;
      recordings.push(await db.orderEvaluation.findMany({ orderBy: { webhookId: "asc" } }));
      return recorded;
    }),
  };
});

const prisma = (await import("../../app/db.server")).default;
const { SQLITE_BUSY_WAIT_MS } = await import("../../app/db.server");
const { ensureShop } = await import("../../app/db/shops.server");
const { enqueueOrderWebhook } = await import("../../app/services/monitoring/queue.server");
const { ORDER_LEASE_MS } = await import("../../app/services/monitoring/worker.server");
const { createLogger } = await import("../../app/logger.server");
const { testWorkers } = await import("../helpers/workers");
const { orderPayloadSchema } = await import("../../app/domain/monitoring/order-payload");

const SHOP = "busy-writer.myshopify.com";
const OTHER_SHOP = "busy-writer-2.myshopify.com";
/**
 * Longer than two busy timeouts: the worker's transaction fails after one, the write that records
 * that failure after another; then the writer is held 2 s more.
 */
const HOLD_MS = 2 * SQLITE_BUSY_WAIT_MS + 2_000;

let shopId: string;
let otherShopId: string;
let orders = 0;
/** The test's order worker (built in the test, with its Admin API stand-in), stopped at the end. */
let worker: { stop(): Promise<void> } | null = null;

async function queueOrders(shop: string, prefix: string, count: number) {
  for (let index = 0; index < count; index += 1) {
    orders += 1;
    const id = 900_000 + orders;
    const payload = orderPayloadSchema.parse({
      ...stackedCodeAndAutomatic,
      id,
      name: `#${prefix}-${index}`,
      admin_graphql_api_id: undefined,
    });
    const webhookId = `${prefix}-${index}`;
    expect(await enqueueOrderWebhook({ shop, topic: "orders/create", webhookId, payload })).toBe("queued");
  }
}

let holder: ChildProcess | null = null;
async function holdWriter(holdMs: number) {
  const held = await holdFileWriter(DATABASE_URL.slice("file:".length), holdMs);
  holder = held.process;
  return held;
}

describe.skipIf(!SQLITE)("the order worker while another process holds SQLite's writer", () => {
  beforeAll(async () => {
    await prisma.$executeRawUnsafe("PRAGMA journal_mode = WAL");
    shopId = (await ensureShop(SHOP)).id;
    otherShopId = (await ensureShop(OTHER_SHOP)).id;
    await prisma.rule.createMany({
      data: [
        percentRule(otherShopId, "max_discount", 1),
        percentRule(shopId, "max_discount", 1),
        // a margin floor makes the worker ask for the lines' unit costs: the moment the writer is taken
        percentRule(shopId, "margin_floor", 25),
      ],
    });
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(async () => {
    holder?.kill("SIGKILL");
    await worker?.stop();
  });

  it("records the failed attempt, releases the claims, and evaluates every order within seconds of the release", async () => {
    const logged: string[] = [];
    const logger = createLogger({ level: "error", write: (line) => logged.push(JSON.parse(line).msg as string) });
    // one batch: an order of the first shop, then 3 of another shop
    await queueOrders(SHOP, "claimed-a", 1);
    await queueOrders(OTHER_SHOP, "claimed-b", 3);
    let writer: { released: Promise<number> } | null = null;
    // after the worker claimed them and before it writes the first shop's evaluation, 3 more
    // orders are queued (not claimed) and another process takes the writer
    const { orders: orderWorker } = testWorkers({
      logger,
      graphqlForShop: async () => {
        if (!writer) {
          await queueOrders(OTHER_SHOP, "queued", 3);
          writer = await holdWriter(HOLD_MS);
        }
        return null;
      },
    });
    worker = orderWorker;

    const started = Date.now();
    await orderWorker.kick(0);
    expect(writer).not.toBeNull();
    const releasedAt = await writer!.released;
    const all = () =>
      prisma.orderEvaluation.findMany({
        where: { shopId: { in: [shopId, otherShopId] } },
        orderBy: { webhookId: "asc" },
      });
    await waitUntil(async () => (await all()).every((row) => row.status === "done"), 10_000);

    // recording the failure failed too (the writer still held): the worker's loop tried again
    expect(logged.some((message) => message.startsWith("Order worker failed (1 in a row)"))).toBe(true);
    // then the failed attempt was recorded, and every claim of the batch released
    expect(recordings).toHaveLength(1);
    const [recorded] = recordings;
    const row = (webhookId: string) => recorded.find((candidate) => candidate.webhookId === webhookId)!;
    expect(row("claimed-a-0")).toMatchObject({ status: "pending", attempts: 1, lockedBy: null, lockedAt: null });
    expect(row("claimed-a-0").lastError).toBe("SQLITE_BUSY: database is locked");
    // retried 1 s after the failure (so at once once recorded), not after the lease
    const retryAt = row("claimed-a-0").nextAttemptAt!.getTime();
    expect(retryAt).toBeGreaterThan(started);
    expect(retryAt).toBeLessThan(releasedAt);
    // the other shop's orders were not tried (the database was the trouble, not they): released as they were
    for (const webhookId of ["claimed-b-0", "claimed-b-1", "claimed-b-2", "queued-0", "queued-1", "queued-2"]) {
      expect(row(webhookId)).toMatchObject({ status: "pending", attempts: 0, lockedBy: null, nextAttemptAt: null });
    }
    expect(logged.some((message) => /Evaluating order \S+ failed \(attempt 1\); next try at/.test(message))).toBe(true);

    // and everything was evaluated, once, within seconds of the release
    const rows = await all();
    expect(rows).toHaveLength(7);
    for (const row of rows) {
      expect(row).toMatchObject({ status: "done", lastError: null, lockedBy: null, nextAttemptAt: null });
      expect(row.attempts).toBe(row.webhookId === "claimed-a-0" ? 2 : 1);
      expect(row.processedAt!.getTime()).toBeGreaterThanOrEqual(releasedAt);
      expect(row.processedAt!.getTime() - releasedAt).toBeLessThan(3_000);
      expect(row.eventsCreated).toBeGreaterThan(0);
    }
    expect(Date.now() - releasedAt).toBeLessThan(ORDER_LEASE_MS / 10);
  }, 40_000);
});
