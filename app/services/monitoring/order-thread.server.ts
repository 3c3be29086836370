import type { MessagePort } from "node:worker_threads";
import { adoptWriterTurn, releaseWriterTurn, WRITER_SLOTS } from "../../db/writer-turn.server";
import { logger as processLogger, type Logger } from "../../logger.server";
import { bootWorkers } from "../booted-workers.server";
import { superviseThread } from "../supervised-thread.server";
import { forgetLocally } from "../rules/cache.server";
import { startRulesListener } from "../rules/rules-changes.server";
import { graphqlForShopDomain } from "../shops/admin-graphql.server";
import { createOrderWorker } from "./worker.server";

/**
 * The order worker on its own thread (docs/decisions/0067-order-thread.md): the production
 * server evaluates queued orders here, so the main thread's event loop is left to acknowledge
 * webhooks. The thread loads the same build and runs only the order worker, on its own database
 * connection (Prisma's client of this thread). On SQLite its transactions mark the writer turn
 * (app/db/writer-turn.server.ts), so the main thread's queue inserts and writes wait for them
 * without blocking. The main thread passes on kicks (webhooks queued orders, the sweep) and
 * rule changes (the thread's rules cache forgets them); the thread passes back kicks for the
 * alert worker (on the delivery thread) and rule changes it made. A thread that dies is started
 * again after a growing delay; the queue keeps every order meanwhile (the orders it had claimed
 * are taken again once their lease runs out, as for a process that died).
 */

type ToThread = { type: "kick" } | { type: "forget"; shopId: string | null } | { type: "stop" };
type FromThread = { type: "ready" } | { type: "kickAlerts" } | { type: "ruleChange"; shopId: string | null };

/** Inside the order thread: builds and runs the order worker until the main thread says stop. */
export function runOrderThread(port: MessagePort, turn: SharedArrayBuffer, logger: Logger = processLogger): void {
  adoptWriterTurn(turn, WRITER_SLOTS.orders, { transactions: true });
  const log = logger.child({ thread: "orders" });
  const send = (message: FromThread) => port.postMessage(message);
  const orders = createOrderWorker({
    graphqlForShop: graphqlForShopDomain,
    kickAlerts: () => send({ type: "kickAlerts" }),
    logger: log,
  });
  // PostgreSQL: other processes' rule changes reach this thread's cache too (null on SQLite)
  const rulesListener = startRulesListener(log);
  // what this thread's code changes in a shop's rules is forgotten and announced by the main thread
  const unboot = bootWorkers({
    kickOrders: () => void orders.kick(),
    announceRuleChange: (shopId) => send({ type: "ruleChange", shopId }),
  });
  port.on("message", (message: ToThread) => {
    if (message.type === "kick") void orders.kick();
    if (message.type === "forget") forgetLocally(message.shopId);
    if (message.type !== "stop") return;
    unboot();
    void Promise.all([orders.stop(), rulesListener?.stop()])
      .catch((error: unknown) => log.error("Order thread: stopping failed", { err: error }))
      // ends this thread only
      .finally(() => process.exit(0));
  });
  // orders acknowledged before a restart, and failed orders whose retry time came, are evaluated
  void orders.kick();
  send({ type: "ready" });
}

/** What the main thread logs once its order thread runs (tests wait for it). */
export const ORDER_THREAD_READY = "Order thread ready";

export interface OrderThread {
  /** Orders were queued (or the sweep came): the thread's worker looks (nothing while it restarts; it looks when ready). */
  kick(): void;
  /** A shop's rules (null: every shop's) changed: the thread's cache forgets them. */
  forget(shopId: string | null): void;
  stop(): Promise<void>;
}

export interface OrderThreadOptions {
  /** Wakes the alert worker (on the delivery thread, or in the main thread). */
  kickAlerts: () => void;
  /** The thread changed a shop's rules (null: every shop's): forget and announce it. */
  ruleChanged: (shopId: string | null) => void;
  logger?: Logger;
}

/**
 * In the main thread: starts the order thread from `entry` (a module that imports the build at
 * `buildPath` and calls runOrderThread), and starts it again after a growing delay when it dies.
 */
export function startOrderThread(entry: URL, buildPath: string, options: OrderThreadOptions): OrderThread {
  const thread = superviseThread<ToThread, FromThread>(entry, buildPath, {
    name: "Order thread",
    onMessage(message) {
      if (message.type === "kickAlerts") options.kickAlerts();
      else if (message.type === "ruleChange") options.ruleChanged(message.shopId);
    },
    isReady: (message) => message.type === "ready",
    readyLog: ORDER_THREAD_READY,
    // a thread ended mid-transaction holds nothing any more
    exited: () => releaseWriterTurn(WRITER_SLOTS.orders),
    logger: options.logger ?? processLogger,
  });
  return {
    kick: () => thread.post({ type: "kick" }),
    forget: (shopId) => thread.post({ type: "forget", shopId }),
    stop: () => thread.stop({ type: "stop" }),
  };
}
