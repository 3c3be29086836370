import prisma from "../../db.server";
import { claimDueOrders, type QueuedOrder } from "../../db/order-queue.sql.server";
import { backoffDelayMs } from "../../domain/backoff";
import { workerLoop } from "../worker-loop.server";
import { graphqlForShopDomain } from "../shops/admin-graphql.server";
import { PROCESS_ID } from "../process-id.server";
import { evaluateShopOrders, type GraphqlForShop, type OrderJob } from "./evaluation.server";

/** Quick attempts before a queued order is marked failed; failed orders are retried on a schedule. */
export const MAX_ATTEMPTS = 3;
/** Delay before a failed order is tried again: 1 minute, doubling up to 1 hour. */
export const FAILED_RETRY = { baseMs: 60_000, capMs: 60 * 60_000 };
/** Delay before the worker tries again after its own loop failed (the database is locked or down). */
export const WORKER_BACKOFF = { baseMs: 500, capMs: 30_000 };
/** Queued orders evaluated together: one transaction writes all of their events. */
const BATCH = 100;
/** A claim older than this belongs to a process that died: another app process takes the order again. */
export const ORDER_LEASE_MS = 2 * 60_000;

let graphqlForShop: GraphqlForShop = graphqlForShopDomain;

/** How the worker reaches Shopify: the shop's offline session, or a stand-in in tests and benchmarks. */
export function setGraphqlForShop(factory: GraphqlForShop): void {
  graphqlForShop = factory;
}

async function markFailed(row: QueuedOrder, error: unknown, now = Date.now()) {
  const attempts = row.attempts + 1;
  const failed = attempts >= MAX_ATTEMPTS;
  const nextAttemptAt = failed ? new Date(now + backoffDelayMs(attempts - MAX_ATTEMPTS + 1, FAILED_RETRY)) : null;
  // only while this process holds the order: a claim that ran out is another process's now
  const { count } = await prisma.orderEvaluation.updateMany({
    where: { id: row.id, lockedBy: PROCESS_ID },
    data: {
      attempts,
      status: failed ? "failed" : "pending",
      nextAttemptAt,
      lastError: error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500),
      lockedBy: null,
      lockedAt: null,
    },
  });
  if (count === 0) return;
  console.error(
    `Evaluating order ${row.orderId} failed (attempt ${attempts})${nextAttemptAt ? `; next try at ${nextAttemptAt.toISOString()}` : ""}`,
    error,
  );
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

/** One batch of due orders; true when there may be more. */
async function step(): Promise<boolean> {
  const rows = await claimDueOrders(PROCESS_ID, new Date(), {
    leaseMs: ORDER_LEASE_MS,
    maxAttempts: MAX_ATTEMPTS,
    limit: BATCH,
  });
  if (rows.length === 0) return false;
  // each failure counts an attempt or moves the order's next try into the future, so this ends
  await processBatch(rows);
  return true;
}

/** How long the worker lets orders gather before it evaluates them together. */
export const GATHER_MS = 25;

const loop = workerLoop("Order worker", step, { gatherMs: GATHER_MS, backoff: WORKER_BACKOFF });

/**
 * Starts the in-process worker, or tells the running one to look again. The promise never
 * rejects: a failing loop (the database locked or gone) is logged and tried again with a
 * growing delay, so nothing that calls this can bring the process down.
 */
export const kickOrderWorker = (gatherMs = GATHER_MS) => loop.kick(gatherMs);
/** Lets the worker run again after stopOrderWorker (tests; a restarted background). */
export const resumeOrderWorker = () => loop.resume();
/** Stops taking new batches and waits for the batch in hand (shutdown). Unfinished orders stay queued. */
export const stopOrderWorker = () => loop.stop();
/** Resolves once every queued order has been evaluated (tests, scripts, shutdown). */
export const drainOrderEvaluations = () => loop.drain();
