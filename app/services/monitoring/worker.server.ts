import prisma from "../../db.server";
import { selectDueOrders, type QueuedOrder } from "../../db/order-queue.sql.server";
import { backoffDelayMs } from "../../domain/backoff";
import { graphqlForShopDomain } from "../shops/admin-graphql.server";
import { evaluateShopOrders, type GraphqlForShop, type OrderJob } from "./evaluation.server";

/** Quick attempts before a queued order is marked failed; failed orders are retried on a schedule. */
export const MAX_ATTEMPTS = 3;
/** Delay before a failed order is tried again: 1 minute, doubling up to 1 hour. */
export const FAILED_RETRY = { baseMs: 60_000, capMs: 60 * 60_000 };
/** Delay before the worker tries again after its own loop failed (the database is locked or down). */
export const WORKER_BACKOFF = { baseMs: 500, capMs: 30_000 };
/** Queued orders evaluated together: one transaction writes all of their events. */
const BATCH = 100;

let graphqlForShop: GraphqlForShop = graphqlForShopDomain;
let draining: Promise<void> | null = null;
let again = false;
let loopFailures = 0;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let stopped = false;

/** How the worker reaches Shopify: the shop's offline session, or a stand-in in tests and benchmarks. */
export function setGraphqlForShop(factory: GraphqlForShop): void {
  graphqlForShop = factory;
}

async function markFailed(row: QueuedOrder, error: unknown, now = Date.now()) {
  const attempts = row.attempts + 1;
  const failed = attempts >= MAX_ATTEMPTS;
  const nextAttemptAt = failed ? new Date(now + backoffDelayMs(attempts - MAX_ATTEMPTS + 1, FAILED_RETRY)) : null;
  console.error(
    `Evaluating order ${row.orderId} failed (attempt ${attempts})${nextAttemptAt ? `; next try at ${nextAttemptAt.toISOString()}` : ""}`,
    error,
  );
  await prisma.orderEvaluation.update({
    where: { id: row.id },
    data: {
      attempts,
      status: failed ? "failed" : "pending",
      nextAttemptAt,
      lastError: error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500),
    },
  });
}

/** A batch of queued orders, a shop at a time; a failing batch is retried order by order. */
async function processBatch(rows: QueuedOrder[]): Promise<void> {
  const byShop = new Map<string, QueuedOrder[]>();
  for (const row of rows) byShop.set(row.shopId, [...(byShop.get(row.shopId) ?? []), row]);
  for (const [shopId, shopRows] of byShop) {
    const jobs = (list: QueuedOrder[]): OrderJob[] =>
      list.map((row) => ({ id: row.id, shopId, topic: row.topic, facts: row.facts, customerId: row.customerId }));
    try {
      await evaluateShopOrders(shopId, jobs(shopRows), graphqlForShop);
    } catch (batchError) {
      if (shopRows.length === 1) {
        await markFailed(shopRows[0], batchError);
        continue;
      }
      for (const row of shopRows) {
        try {
          await evaluateShopOrders(shopId, jobs([row]), graphqlForShop);
        } catch (error) {
          await markFailed(row, error);
        }
      }
    }
  }
}

async function drain(): Promise<void> {
  do {
    again = false;
    // Each failure counts an attempt or moves the order's next try into the future, so this ends.
    for (;;) {
      const rows = await selectDueOrders(new Date(), MAX_ATTEMPTS, BATCH);
      if (rows.length === 0 || stopped) break;
      await processBatch(rows);
    }
  } while (again && !stopped);
}

/** How long the worker lets orders gather before it evaluates them together. */
export const GATHER_MS = 25;

/**
 * Starts the in-process worker, or tells the running one to look again. The promise never
 * rejects: a failing loop (the database locked or gone) is logged and tried again with a
 * growing delay, so nothing that calls this can bring the process down.
 */
export function kickOrderWorker(gatherMs = GATHER_MS): Promise<void> {
  if (stopped) return Promise.resolve();
  if (draining) {
    again = true;
    return draining;
  }
  draining = new Promise((resolve) => setTimeout(resolve, gatherMs))
    .then(drain)
    .then(
      () => {
        loopFailures = 0;
      },
      (error: unknown) => {
        loopFailures += 1;
        const delay = backoffDelayMs(loopFailures, WORKER_BACKOFF);
        console.error(`Order worker failed (${loopFailures} in a row); trying again in ${delay} ms`, error);
        retryLater(delay);
      },
    )
    .finally(() => {
      draining = null;
    });
  return draining;
}

function retryLater(delayMs: number) {
  if (retryTimer || stopped) return;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    void kickOrderWorker(0);
  }, delayMs);
  retryTimer.unref?.();
}

/** Lets the worker run again after stopOrderWorker (tests; a restarted background). */
export function resumeOrderWorker(): void {
  stopped = false;
}

/** Stops taking new batches and waits for the batch in hand (shutdown). Unfinished orders stay queued. */
export async function stopOrderWorker(): Promise<void> {
  stopped = true;
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  while (draining) await draining;
}

/** Resolves once every queued order has been evaluated (tests, scripts, shutdown). */
export async function drainOrderEvaluations(): Promise<void> {
  while (draining) await draining;
  await kickOrderWorker(0);
}
