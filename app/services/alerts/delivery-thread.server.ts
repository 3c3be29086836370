import type { MessagePort } from "node:worker_threads";
import prisma, { SQLITE_BUSY_TIMEOUT_MS } from "../../db.server";
import { isSqliteUrl, sqliteFile } from "../../config/database-url";
import { prismaWriter, sqliteWriter } from "../../db/raw-sql.server";
import { adoptWriterTurn, releaseWriterTurn, WRITER_SLOTS } from "../../db/writer-turn.server";
import { getEnv } from "../../env.server";
import { logger as processLogger, type Logger } from "../../logger.server";
import { superviseThread } from "../supervised-thread.server";
import { channelSender, createAlertWorker } from "./delivery.server";

/**
 * The alert delivery worker on its own thread (docs/decisions/0015-alert-delivery-thread.md):
 * the production server runs it beside the order engine instead of on the event loop that
 * acknowledges webhooks and evaluates orders. The thread loads the same build; the main
 * thread passes it a kick whenever breaches queue alerts, and the thread sweeps the outbox
 * on its own (startAlertWorker). If the thread dies it is started again (after a
 * growing delay); the outbox keeps every alert meanwhile. Each side builds its own parts
 * (docs/decisions/0036-order-effects-and-workers.md): the thread its alert worker, on its own
 * connection; the main thread the DeliveryThread whose `kick` the order worker is given.
 */

type ToThread = "kick" | "stop";
type FromThread = "ready" | "stopped";

/** Inside the delivery thread: builds and runs the alert worker until the main thread says stop. */
export function runDeliveryThread(port: MessagePort, turn: SharedArrayBuffer, logger: Logger = processLogger): void {
  adoptWriterTurn(turn);
  const { databaseUrl } = getEnv();
  const writer = isSqliteUrl(databaseUrl) ? sqliteWriter(sqliteFile(databaseUrl), SQLITE_BUSY_TIMEOUT_MS) : null;
  const alerts = createAlertWorker({
    db: writer ?? prismaWriter(prisma),
    send: channelSender(),
    logger: logger.child({ thread: "delivery" }),
  });
  const stopSweep = alerts.start();
  port.on("message", (message: ToThread) => {
    if (message === "kick") void alerts.kick();
    if (message !== "stop") return;
    stopSweep();
    void alerts.stop().finally(() => {
      writer?.close();
      port.postMessage("stopped" satisfies FromThread);
      // ends this thread only, with whatever connections its channels kept alive
      process.exit(0);
    });
  });
  port.postMessage("ready" satisfies FromThread);
}

/** What the main thread logs once its delivery thread delivers (tests wait for it before queueing alerts). */
export const DELIVERY_THREAD_READY = "Alert delivery thread ready";

export interface DeliveryThread {
  /** New deliveries were queued: the thread's worker looks (nothing while the thread restarts; its sweep finds them). */
  kick(): void;
  stop(): Promise<void>;
}

/**
 * In the main thread: starts the delivery thread from `entry` (a module that imports the
 * build at `buildPath` and calls runDeliveryThread); its `kick` passes this thread's kicks on.
 */
export function startDeliveryThread(entry: URL, buildPath: string, logger: Logger = processLogger): DeliveryThread {
  const thread = superviseThread<ToThread, FromThread>(entry, buildPath, {
    name: "Alert delivery thread",
    onMessage: () => {},
    isReady: (message) => message === "ready",
    readyLog: DELIVERY_THREAD_READY,
    // a thread ended mid-write holds nothing any more
    exited: () => releaseWriterTurn(WRITER_SLOTS.delivery),
    logger,
  });
  return {
    kick: () => thread.post("kick"),
    stop: () => thread.stop("stop"),
  };
}
