// The order worker evaluates a claimed batch in short transactions, a shop's orders at most
// ORDERS_PER_TRANSACTION at a time, and lets pending I/O (the webhooks that arrived) run between
// them: on SQLite a transaction does not yield the event loop, so its length is the longest a
// webhook waits to be answered (docs/architecture.md#one-sqlite-writer).
import { beforeAll, describe, expect, it, vi } from "vitest";
import type * as Evaluation from "../../app/services/monitoring/evaluation.server";
import { stackedCodeAndAutomatic } from "../fixtures/orders";
import { percentRule } from "../fixtures/rules";

/** For each evaluation: its orders, and whether I/O scheduled by the previous one ran before it. */
const calls: { orders: number; ioRan: boolean }[] = [];
let ioRan = true;

vi.mock("../../app/services/monitoring/evaluation.server", async (importOriginal) => {
  const original = await importOriginal<typeof Evaluation>();
  return {
    ...original,
    evaluateShopOrders: vi.fn(async (...args: Parameters<typeof original.evaluateShopOrders>) => {
      calls.push({ orders: args[1].length, ioRan });
      ioRan = false;
      // stands for a webhook's socket becoming readable while this transaction runs
      setImmediate(() => (ioRan = true));
      return original.evaluateShopOrders(...args);
    }),
  };
});

const prisma = (await import("../../app/db.server")).default;
const { ensureShop } = await import("../../app/db/shops.server");
const { enqueueOrderWebhook } = await import("../../app/services/monitoring/queue.server");
const { ORDERS_PER_TRANSACTION } = await import("../../app/services/monitoring/worker.server");
const { testWorkers } = await import("../helpers/workers");
const { orderPayloadSchema } = await import("../../app/domain/monitoring/order-payload");

const { orders } = testWorkers();

async function queueOrders(shop: string, count: number, from: number) {
  for (let index = from; index < from + count; index += 1) {
    const payload = orderPayloadSchema.parse({
      ...stackedCodeAndAutomatic,
      id: 9_000 + index,
      name: `#T${index}`,
      admin_graphql_api_id: undefined,
    });
    expect(await enqueueOrderWebhook({ shop, topic: "orders/create", webhookId: `tx-${index}`, payload })).toBe(
      "queued",
    );
  }
}

describe("the order worker's transactions", () => {
  const shops = ["tx-one.myshopify.com", "tx-two.myshopify.com"];
  const ids: string[] = [];
  beforeAll(async () => {
    for (const domain of shops) {
      const shop = await ensureShop(domain);
      ids.push(shop.id);
      await prisma.rule.create({ data: percentRule(shop.id, "max_discount", 1) });
    }
  });

  it("evaluates a batch a few orders per transaction, each shop's apart, yielding to I/O between them, every order done once", async () => {
    const many = ORDERS_PER_TRANSACTION * 2 + 3;
    await queueOrders(shops[0]!, many, 0);
    await queueOrders(shops[1]!, 4, many);
    calls.length = 0;
    await orders.kick(0);
    await orders.drain();

    // 2 full transactions and 3 orders for the first shop, 4 orders for the second: one claimed batch
    expect(calls.map((call) => call.orders).sort((a, b) => a - b)).toEqual(
      [3, 4, ORDERS_PER_TRANSACTION, ORDERS_PER_TRANSACTION].sort((a, b) => a - b),
    );
    expect(calls.every((call) => call.ioRan)).toBe(true);
    const rows = await prisma.orderEvaluation.findMany({ where: { shopId: { in: ids } } });
    expect(rows).toHaveLength(many + 4);
    expect(rows.every((row) => row.status === "done" && row.attempts === 1 && row.lockedBy === null)).toBe(true);
    const breaches = await prisma.auditEvent.count({ where: { shopId: { in: ids }, eventType: "rule_triggered" } });
    expect(breaches).toBe(rows.reduce((sum, row) => sum + row.eventsCreated, 0));
    expect(breaches).toBeGreaterThanOrEqual(many + 4);
  });
});
