import {
  claimDueOrders,
  recordOrderFailures,
  type OrderFailure,
  type QueuedOrder,
} from "../../db/order-queue.sql.server";
import { errorReason, isDatabaseUnavailable, isWriteConflict } from "../../db/errors";
import { backoffDelayMs } from "../../domain/backoff";
import type { Logger } from "../../logger.server";
import { workerLoop, type WorkerLoop } from "../worker-loop.server";
import { PROCESS_ID } from "../process-id.server";
import { countCodeUsage, evaluateShopOrders, type GraphqlForShop, type OrderJob } from "./evaluation.server";

/** Quick attempts before a queued order is marked failed; failed orders are retried on a schedule. */
export const MAX_ATTEMPTS = 3;
/** Delay before a quick attempt is tried again: 1 second, then 2 (a busy writer or a blip costs seconds). */
export const QUICK_RETRY = { baseMs: 1_000, capMs: 10_000 };
/** Delay before a failed order is tried again: 1 minute, doubling up to 1 hour. */
export const FAILED_RETRY = { baseMs: 60_000, capMs: 60 * 60_000 };
/**
 * Delay before the worker tries again after its own step failed (the database locked or down,
 * failures it could not record yet): 500 ms doubling to 5 s, so an order whose failure waits to
 * be recorded is recorded within seconds of the database answering again, long before its
 * claim's lease runs out. On SQLite each try can itself wait up to the busy timeout (5 s).
 */
export const WORKER_BACKOFF = { baseMs: 500, capMs: 5_000 };
/** Queued orders claimed together (one statement). */
const BATCH = 100;
/**
 * Queued orders of one shop evaluated in one transaction. On SQLite a transaction holds the one
 * writer path (docs/architecture.md#glossary), so its length is the longest a webhook's queue insert
 * or a merchant's save waits behind it; the worker yields between transactions.
 */
export const ORDERS_PER_TRANSACTION = 10;
/** A claim older than this belongs to a process that died: another app process takes the order again. */
export const ORDER_LEASE_MS = 2 * 60_000;

/** What the order worker is built with (docs/architecture.md#background-workers). */
export interface OrderWorkerDeps {
  /** How the worker reaches Shopify: the shop's offline session, or a stand-in in tests and benchmarks. */
  graphqlForShop: GraphqlForShop;
  /** Wakes the alert worker when a batch queued deliveries due now. */
  kickAlerts: () => void;
  logger: Logger;
  /** The clock (ms), for the failures' retry times; Date.now by default. */
  now?: () => number;
}

/** The in-process order worker: evaluates queued orders in batches, retries failures, never throws. */
export interface OrderWorker {
  /**
   * Starts the worker, or tells the running one to look again. The promise never rejects: a
   * failing loop (the database locked or gone) is logged and tried again with a growing delay,
   * so nothing that calls this can bring the process down.
   */
  kick(gatherMs?: number): Promise<void>;
  /**
   * Resolves once every queued order has been evaluated, quick retries included (tests,
   * scripts): an order failing every time is `failed` by then, waiting for its slower retry.
   */
  drain(): Promise<void>;
  /**
   * Stops taking new batches and waits for the batch in hand (shutdown). Unfinished orders stay
   * queued; failures not recorded yet get one more try, so their claims do not wait for the lease.
   */
  stop(): Promise<void>;
  /** Lets the worker run again after stop. */
  resume(): void;
}

/** While orders keep coming, the leak detector's counting pass runs at most this often. */
export const CODE_COUNT_EVERY_MS = 2_000;

/** How long the worker lets orders gather before it evaluates them together. */
export const GATHER_MS = 25;

/** Builds an order worker; nothing runs until it is kicked. */
export function createOrderWorker(deps: OrderWorkerDeps): OrderWorker {
  const { graphqlForShop, kickAlerts, logger } = deps;
  const clock = deps.now ?? Date.now;
  /** A claimed order's failed evaluation, when it failed. */
  interface Failure {
    row: QueuedOrder;
    error: unknown;
    at: number;
  }

  /**
   * What this process still has to record: failed attempts and claims it did not try, when the
   * database refused that write too (SQLite's writer still held by another process). The next
   * step records them before it claims anything; until then the orders stay claimed by this
   * process. Lost only if the process dies, and then the lease gives the orders to another.
   */
  const unrecorded: { failures: Failure[]; untried: QueuedOrder[] } = { failures: [], untried: [] };

  const errorText = (error: unknown) => errorReason(error).slice(0, 500);

  /** The attempt a failure counts, and when the order is tried again (from when it failed). */
  function orderFailure(row: Pick<QueuedOrder, "id" | "attempts">, error: unknown, at: number): OrderFailure {
    const attempts = row.attempts + 1;
    const spent = attempts >= MAX_ATTEMPTS;
    const delay = spent
      ? backoffDelayMs(attempts - MAX_ATTEMPTS + 1, FAILED_RETRY)
      : backoffDelayMs(attempts, QUICK_RETRY);
    return {
      id: row.id,
      attempts,
      status: spent ? "failed" : "pending",
      nextAttemptAt: new Date(at + delay),
      lastError: errorText(error),
    };
  }

  /**
   * Records what `unrecorded` holds, in one transaction, and releases those claims. Throws when
   * the database refuses (the loop logs it and tries again after its backoff); nothing is lost.
   */
  async function recordFailures(): Promise<void> {
    const { failures, untried } = unrecorded;
    if (failures.length === 0 && untried.length === 0) return;
    const attempts = failures.map((failure) => orderFailure(failure.row, failure.error, failure.at));
    const recorded = await recordOrderFailures(
      PROCESS_ID,
      attempts,
      untried.map((row) => row.id),
    );
    unrecorded.failures = unrecorded.failures.slice(failures.length);
    unrecorded.untried = unrecorded.untried.slice(untried.length);
    const byId = new Map(failures.map((failure) => [failure.row.id, failure]));
    for (const attempt of recorded) {
      const { row, error } = byId.get(attempt.id)!;
      // a busy or unreachable database is one line per order; an order's own failure shows its stack
      const busy = isDatabaseUnavailable(error) || isWriteConflict(error);
      logger.error(
        `Evaluating order ${row.orderId} failed (attempt ${attempt.attempts}); next try at ${attempt.nextAttemptAt.toISOString()}`,
        { shop: row.shopId, orderId: row.orderId, ...(busy ? { reason: attempt.lastError } : { err: error }) },
      );
      if (attempt.status === "pending") wakeAt(attempt.nextAttemptAt.getTime());
    }
  }

  /**
   * A batch of queued orders, a shop at a time; a failing batch is retried order by order in the
   * same step (one attempt), to find the order that fails, unless the database was unavailable
   * (SQLite's writer held elsewhere, PostgreSQL unreachable): then every order of the batch
   * failed alike, and the shops not tried yet are released untried, rather than each waiting for
   * the same database again (on SQLite up to the 5 s busy timeout apiece). Nothing here throws:
   * each claimed order ends done, failed (attempt counted) or untried, the last two in `unrecorded`.
   */
  async function processBatch(rows: QueuedOrder[]): Promise<void> {
    const byShop = new Map<string, QueuedOrder[]>();
    for (const row of rows) byShop.set(row.shopId, [...(byShop.get(row.shopId) ?? []), row]);
    const fail = (row: QueuedOrder, error: unknown) => unrecorded.failures.push({ row, error, at: clock() });
    let databaseDown = false;
    const transactions = [...byShop].flatMap(([shopId, shopRows]) =>
      Array.from(
        { length: Math.ceil(shopRows.length / ORDERS_PER_TRANSACTION) },
        (_, index) =>
          [shopId, shopRows.slice(index * ORDERS_PER_TRANSACTION, (index + 1) * ORDERS_PER_TRANSACTION)] as const,
      ),
    );
    for (const [turn, [shopId, shopRows]] of transactions.entries()) {
      // the webhooks that arrived meanwhile are answered before the next transaction
      if (turn > 0) await new Promise((resolve) => setImmediate(resolve));
      if (databaseDown) {
        unrecorded.untried.push(...shopRows);
        continue;
      }
      const jobs = (list: QueuedOrder[]): OrderJob[] =>
        list.map((row) => ({ id: row.id, shopId, topic: row.topic, facts: row.facts, customerId: row.customerId }));
      try {
        await evaluateShopOrders(shopId, jobs(shopRows), graphqlForShop, { kickAlerts });
      } catch (batchError) {
        if (shopRows.length === 1 || isDatabaseUnavailable(batchError)) {
          databaseDown = isDatabaseUnavailable(batchError);
          for (const row of shopRows) fail(row, batchError);
          continue;
        }
        for (const [index, row] of shopRows.entries()) {
          try {
            await evaluateShopOrders(shopId, jobs([row]), graphqlForShop, { kickAlerts });
          } catch (error) {
            fail(row, error);
            if (!isDatabaseUnavailable(error)) continue;
            databaseDown = true;
            unrecorded.untried.push(...shopRows.slice(index + 1));
            break;
          }
        }
      }
    }
  }

  /** One batch of due orders; true when there may be more. */
  async function step(): Promise<boolean> {
    // what the last step could not record comes first: until it is, those orders stay claimed
    await recordFailures();
    const rows = await claimDueOrders(PROCESS_ID, new Date(clock()), {
      leaseMs: ORDER_LEASE_MS,
      maxAttempts: MAX_ATTEMPTS,
      limit: BATCH,
    });
    // the leak detector's counting pass: when the queue is empty, and every few seconds under a burst
    if (rows.length === 0) return countCodes();
    // each failure counts an attempt and moves the order's next try into the future, so this ends
    await processBatch(rows);
    await recordFailures();
    if (clock() - lastCounted >= CODE_COUNT_EVERY_MS) await countCodes();
    return true;
  }

  /** When this worker last ran the counting pass (ms). */
  let lastCounted = 0;

  /**
   * Takes the redemptions orders wrote into their codes' counts, in large batches, and raises the
   * flags (docs/architecture.md#an-order-webhook-to-a-delivered-alert). Never throws: a failed
   * pass is logged and the redemptions wait for the next. True when more wait.
   */
  async function countCodes(): Promise<boolean> {
    lastCounted = clock();
    try {
      const pass = await countCodeUsage(new Date(clock()));
      if (pass.queued > 0) kickAlerts();
      return pass.more;
    } catch (error) {
      logger.error("Counting discount code redemptions failed; the next pass tries again", { err: error });
      return false;
    }
  }

  const loop: WorkerLoop = workerLoop("Order worker", step, {
    gatherMs: GATHER_MS,
    backoff: WORKER_BACKOFF,
    logger,
  });

  /**
   * The next quick retry this process scheduled: the worker looks again then, rather than at the
   * next webhook or sweep (30 s). Failed orders' slower retries are the sweep's.
   */
  let wake: { at: number; timer: ReturnType<typeof setTimeout>; done: Promise<void>; fire: () => void } | null = null;

  function cancelWake(): void {
    if (!wake) return;
    clearTimeout(wake.timer);
    // whoever waits for it (a drain) looks again
    wake.fire();
    wake = null;
  }

  function wakeAt(at: number): void {
    if (wake && wake.at <= at) return;
    cancelWake();
    let fire = () => {};
    const done = new Promise<void>((resolve) => (fire = resolve));
    const timer = setTimeout(
      () => {
        wake = null;
        fire();
        void loop.kick(0);
      },
      Math.max(0, at - clock()),
    );
    timer.unref?.();
    wake = { at, timer, done, fire };
  }

  return {
    kick: (gatherMs = GATHER_MS) => loop.kick(gatherMs),
    async drain() {
      await loop.drain();
      while (wake) {
        await wake.done;
        await loop.drain();
      }
    },
    async stop() {
      cancelWake();
      await loop.stop();
      await recordFailures().catch((error: unknown) =>
        logger.error("Order worker: failed evaluations not recorded at shutdown; their lease frees them", {
          err: error,
        }),
      );
    },
    resume: () => loop.resume(),
  };
}
