// The order worker as the database fails under it: a failing evaluation is logged, counted
// and retried on a schedule; a failing loop is logged and tried again; nothing throws out.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type * as OrderQueue from "../../app/db/order-queue.sql.server";
import type * as Evaluation from "../../app/services/monitoring/evaluation.server";
import { stackedCodeAndAutomatic } from "../fixtures/orders";

const failures = { evaluation: 0, queue: 0 };

vi.mock("../../app/services/monitoring/evaluation.server", async (importOriginal) => {
  const original = await importOriginal<typeof Evaluation>();
  return {
    ...original,
    evaluateShopOrders: vi.fn(async (...args: Parameters<typeof original.evaluateShopOrders>) => {
      if (failures.evaluation > 0) {
        failures.evaluation -= 1;
        throw new Error("database is locked");
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
  };
});

const prisma = (await import("../../app/db.server")).default;
const { ensureShop } = await import("../../app/services/shops/shops.server");
const { enqueueOrderWebhook } = await import("../../app/services/monitoring/queue.server");
const { drainOrderEvaluations, kickOrderWorker, MAX_ATTEMPTS } =
  await import("../../app/services/monitoring/worker.server");
const { orderQueueCounts } = await import("../../app/db/order-queue.sql.server");
const { orderPayloadSchema } = await import("../../app/domain/order-payload");

const SHOP = "worker.myshopify.com";
let shopId: string;
let delivery = 0;

async function queueOrder() {
  delivery += 1;
  const payload = orderPayloadSchema.parse({ ...stackedCodeAndAutomatic, id: 700 + delivery, name: `#W${delivery}` });
  expect(await enqueueOrderWebhook({ shop: SHOP, topic: "orders/create", webhookId: `w-${delivery}`, payload })).toBe(
    "queued",
  );
}

describe("the order worker when the database fails", () => {
  beforeAll(async () => {
    shopId = (await ensureShop(SHOP)).id;
    await prisma.rule.create({
      data: {
        shopId,
        name: "Max 1%",
        ruleType: "max_discount",
        threshold: "1",
        thresholdUnit: "PERCENT",
        thresholdPercent: 1,
        conditions: {},
      },
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it("marks an order failed after 3 attempts, shows it, and retries it when its time comes", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    failures.evaluation = MAX_ATTEMPTS;
    await queueOrder();
    await expect(drainOrderEvaluations()).resolves.toBeUndefined();
    const failed = await prisma.orderEvaluation.findFirstOrThrow({ where: { shopId, webhookId: `w-${delivery}` } });
    expect(failed).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, lastError: "database is locked" });
    expect(failed.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(logged.mock.calls.some(([message]) => String(message).includes("failed (attempt 3); next try at"))).toBe(
      true,
    );
    expect(await orderQueueCounts(shopId)).toEqual({ waiting: 0, failed: 1 });

    // its retry time comes: the sweep evaluates it
    await prisma.orderEvaluation.update({
      where: { id: failed.id },
      data: { nextAttemptAt: new Date(Date.now() - 1) },
    });
    await drainOrderEvaluations();
    const done = await prisma.orderEvaluation.findUniqueOrThrow({ where: { id: failed.id } });
    expect(done).toMatchObject({ status: "done", nextAttemptAt: null, lastError: null });
    expect(done.eventsCreated).toBeGreaterThan(0);
    expect(await orderQueueCounts(shopId)).toEqual({ waiting: 0, failed: 0 });
  });

  it("logs a failing loop and tries again by itself, without rejecting", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    failures.queue = 2;
    await queueOrder();
    await expect(kickOrderWorker(0)).resolves.toBeUndefined();
    expect(logged.mock.calls.some(([message]) => String(message).includes("Order worker failed (1 in a row)"))).toBe(
      true,
    );
    // the worker's own backoff (0.5 s, then 1 s) brings it back once the database answers
    for (let wait = 0; wait < 60; wait += 1) {
      if ((await orderQueueCounts(shopId)).waiting === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await orderQueueCounts(shopId)).toEqual({ waiting: 0, failed: 0 });
    expect(logged.mock.calls.some(([message]) => String(message).includes("Order worker failed (2 in a row)"))).toBe(
      true,
    );
  });
});
