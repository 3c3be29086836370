// The order thread (docs/decisions/0067-order-thread.md): the production server's order worker on
// a thread of its own, loading the build (run `npx remix build` first, as for the other process
// tests). It evaluates the orders queued in the main thread, passes its alert kicks back, forgets
// a shop's cached rules when told, is started again when it dies (the orders queued meanwhile are
// evaluated once it runs) and not once it was stopped. Its Prisma transactions mark the writer
// turn, which the main thread's connection waits for.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import url from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import prisma from "../../app/db.server";
import { ensureShop } from "../../app/db/shops.server";
import { adoptWriterTurn, awaitWriterTurn, WRITER_SLOTS, WRITER_TURN_BYTES } from "../../app/db/writer-turn.server";
import { orderPayloadSchema } from "../../app/domain/order-payload";
import { createLogger } from "../../app/logger.server";
import { ORDER_THREAD_READY, startOrderThread } from "../../app/services/monitoring/order-thread.server";
import { enqueueOrderWebhook } from "../../app/services/monitoring/queue.server";
import { stackedCodeAndAutomatic } from "../fixtures/orders";
import { percentRule } from "../fixtures/rules";

const ENTRY = new URL("../../order-thread.js", import.meta.url);
const BUILD = path.resolve("build/index.js");
const SHOP = "order-thread.myshopify.com";

let shopId: string;
let delivery = 0;
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "order-thread-"));

/** Queues one orders/create delivery as the webhook does; returns its webhook id. */
async function queueOrder(): Promise<string> {
  delivery += 1;
  const payload = orderPayloadSchema.parse({
    ...stackedCodeAndAutomatic,
    id: 9_100 + delivery,
    name: `#T${delivery}`,
    admin_graphql_api_id: undefined,
  });
  const webhookId = `thread-${delivery}`;
  expect(await enqueueOrderWebhook({ shop: SHOP, topic: "orders/create", webhookId, payload })).toBe("queued");
  return webhookId;
}

const queued = (webhookId: string) => prisma.orderEvaluation.findFirstOrThrow({ where: { webhookId } });
/** The queued order's status, with its last error when it failed (shown when an expectation fails). */
const statusOf = async (webhookId: string) => {
  const { status, lastError } = await queued(webhookId);
  return lastError ? `${status}: ${lastError}` : status;
};

const settledWithin = async (promise: Promise<unknown>, ms: number) => {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((resolve) => setTimeout(resolve, ms));
  return settled;
};

beforeAll(async () => {
  shopId = (await ensureShop(SHOP)).id;
  // a plan with alerts (a new shop is on the free plan, which has none)
  await prisma.shop.update({ where: { id: shopId }, data: { plan: "core" } });
  // a 1% cap: the fixture's stacked discounts break it
  await prisma.rule.create({ data: { ...percentRule(shopId, "max_discount", 1), id: "thread-cap" } });
  // alerts to a webhook, due at once (the shop's settings were made with it)
  await prisma.alertSettings.update({
    where: { shopId },
    data: { emailEnabled: false, webhookEnabled: true, webhooks: ["https://alerts.example.com/hook"] },
  });
});
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

describe("the order thread", () => {
  it(
    "evaluates queued orders, passes its alert kicks back, forgets rules when told, and stops",
    { timeout: 90_000 },
    async () => {
      const logged: string[] = [];
      const kicks = { alerts: 0 };
      const thread = startOrderThread(ENTRY, BUILD, {
        kickAlerts: () => (kicks.alerts += 1),
        ruleChanged: () => {},
        logger: createLogger({ level: "info", write: (line) => logged.push(line) }),
      });
      try {
        await vi.waitFor(() => expect(logged.some((line) => line.includes(ORDER_THREAD_READY))).toBe(true), {
          timeout: 30_000,
          interval: 50,
        });
        // this test's process runs no order worker: only the thread evaluates
        const first = await queueOrder();
        thread.kick();
        await vi.waitFor(async () => expect(await statusOf(first)).toBe("done"), {
          timeout: 15_000,
          interval: 50,
        });
        const evaluated = await queued(first);
        expect(evaluated.eventsCreated).toBeGreaterThan(0);
        expect(await prisma.auditEvent.count({ where: { shopId, eventType: "rule_triggered" } })).toBe(
          evaluated.eventsCreated,
        );
        // its breach queued an alert due now: the thread asked the main thread to wake the alert worker
        expect(await prisma.alertAndActionOutbox.count({ where: { shopId } })).toBeGreaterThan(0);
        await vi.waitFor(() => expect(kicks.alerts).toBeGreaterThan(0), { timeout: 5_000, interval: 20 });

        // the rule is raised past the order's discount behind the thread's cached rules (5 s):
        // once told to forget, the thread evaluates the next order with the new rule (after a
        // pause: the worker's last look at the emptied queue may still be reading the rules it caches)
        await new Promise((resolve) => setTimeout(resolve, 500));
        await prisma.rule.update({ where: { id: "thread-cap" }, data: { threshold: "99", thresholdPercent: 99 } });
        thread.forget(shopId);
        const second = await queueOrder();
        thread.kick();
        await vi.waitFor(async () => expect(await statusOf(second)).toBe("done"), {
          timeout: 15_000,
          interval: 50,
        });
        const secondOrder = (await queued(second)).orderId;
        expect(
          await prisma.auditEvent.findMany({
            where: { shopId, orderId: secondOrder },
            select: { message: true },
          }),
        ).toEqual([]);
      } finally {
        await thread.stop();
        await prisma.rule.update({ where: { id: "thread-cap" }, data: { threshold: "1", thresholdPercent: 1 } });
      }
      // stopped: a queued order waits for the next start, and no new thread is started
      const before = logged.length;
      const waiting = await queueOrder();
      thread.kick();
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect((await queued(waiting)).status).toBe("pending");
      expect(logged.slice(before).filter((line) => line.includes("exited"))).toEqual([]);
    },
  );

  it("is started again after it dies, and evaluates what was queued meanwhile", { timeout: 90_000 }, async () => {
    // the first start dies at once (a crash); later starts run the real thread
    const marker = path.join(folder, "crashed");
    const entry = path.join(folder, "crashes-once.mjs");
    fs.writeFileSync(
      entry,
      [
        'import fs from "node:fs";',
        `if (!fs.existsSync(${JSON.stringify(marker)})) {`,
        `  fs.writeFileSync(${JSON.stringify(marker)}, "");`,
        "  process.exit(3);",
        "}",
        `await import(${JSON.stringify(url.fileURLToPath(ENTRY))});`,
      ].join("\n"),
    );
    const logged: string[] = [];
    const thread = startOrderThread(new URL(`file://${entry}`), BUILD, {
      kickAlerts: () => {},
      ruleChanged: () => {},
      logger: createLogger({ level: "info", write: (line) => logged.push(line) }),
    });
    try {
      const meanwhile = await queueOrder();
      // a kick while no thread runs is dropped; the restarted thread looks at the queue by itself
      thread.kick();
      await vi.waitFor(
        () =>
          expect(logged.some((line) => line.includes("Order thread exited (code 3); starting it again in"))).toBe(true),
        { timeout: 10_000, interval: 50 },
      );
      await vi.waitFor(async () => expect(await statusOf(meanwhile)).toBe("done"), {
        timeout: 30_000,
        interval: 100,
      });
      expect(logged.filter((line) => line.includes(ORDER_THREAD_READY))).toHaveLength(1);
      // the order left waiting by the stopped thread of the test above is evaluated too
      expect(await prisma.orderEvaluation.count({ where: { shopId, status: { not: "done" } } })).toBe(0);
    } finally {
      await thread.stop();
    }
  });
});

// The writer turn is SQLite's (one writer per file): the order thread's Prisma transactions mark it
describe.skipIf(process.env.TEST_POSTGRES_URL)("the order thread's Prisma transactions", () => {
  it("hold the writer turn from start to commit or rollback, and never wait for their own thread", async () => {
    // this test's thread plays the order thread from here on (the last test of the file)
    const buffer = new SharedArrayBuffer(WRITER_TURN_BYTES);
    const slots = new Int32Array(buffer);
    adoptWriterTurn(buffer, WRITER_SLOTS.orders, { transactions: true });
    const now = new Date();
    await prisma.$transaction(async (tx) => {
      expect(Atomics.load(slots, WRITER_SLOTS.orders)).toBe(1);
      // its own mark is not waited for
      expect(await settledWithin(awaitWriterTurn(), 20)).toBe(true);
      await tx.shop.create({ data: { domain: "turn-mark.myshopify.com", plan: "core", createdAt: now } });
    });
    expect(Atomics.load(slots, WRITER_SLOTS.orders)).toBe(0);
    await expect(
      prisma.$transaction(async (tx) => {
        await tx.shop.create({ data: { domain: "turn-mark.myshopify.com", plan: "core", createdAt: now } });
      }),
    ).rejects.toThrow();
    expect(Atomics.load(slots, WRITER_SLOTS.orders)).toBe(0);
    // another thread's mark is waited for, without blocking this one
    Atomics.store(slots, WRITER_SLOTS.delivery, 1);
    const write = prisma.shop.create({ data: { domain: "turn-wait-2.myshopify.com", plan: "core", createdAt: now } });
    expect(await settledWithin(write, 50)).toBe(false);
    Atomics.store(slots, WRITER_SLOTS.delivery, 0);
    Atomics.notify(slots, WRITER_SLOTS.delivery);
    await write;
    expect(await prisma.shop.count({ where: { domain: { startsWith: "turn-" } } })).toBe(2);
  });
});
