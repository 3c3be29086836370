import { Worker } from "node:worker_threads";
import { writerTurnBuffer } from "../db/writer-turn.server";
import { backoffDelayMs } from "../domain/backoff";
import type { Logger } from "../logger.server";

/** How long a stopping thread may take to finish its batch before it is ended. */
const STOP_TIMEOUT_MS = 15_000;
/** A dead thread is started again after 1 s, doubling up to 30 s. */
const RESTART = { baseMs: 1_000, capMs: 30_000 };

export interface SupervisedThread<ToThread> {
  /** Passes a message on (nothing while the thread restarts or stops). */
  post(message: ToThread): void;
  /** Asks the thread to stop with `message`, and ends it if it has not within 15 s. */
  stop(message: ToThread): Promise<void>;
}

/**
 * A background thread of the production server (docs/decisions/0015-alert-delivery-thread.md,
 * docs/decisions/0067-order-thread.md), started from `entry` with the build's path and the
 * writer turn's shared buffer, and started again after a growing delay whenever it dies, until
 * it is stopped. `exited` runs at each exit (a thread ended mid-write holds nothing any more).
 */
export function superviseThread<ToThread, FromThread>(
  entry: URL,
  buildPath: string,
  options: {
    /** How the logs name it ("Order thread"). */
    name: string;
    /** A message from the thread; a throw is logged. */
    onMessage(message: FromThread): void;
    /** The thread's "ready": the restart delay starts over, and `readyLog` is logged. */
    isReady(message: FromThread): boolean;
    readyLog: string;
    exited(): void;
    logger: Logger;
  },
): SupervisedThread<ToThread> {
  const { name, logger } = options;
  let worker: Worker | null = null;
  let failures = 0;
  let stopping = false;
  let restart: ReturnType<typeof setTimeout> | null = null;

  const spawn = () => {
    restart = null;
    const thread = new Worker(entry, { workerData: { buildPath, turn: writerTurnBuffer() } });
    worker = thread;
    thread.on("message", (message: FromThread) => {
      try {
        if (options.isReady(message)) {
          failures = 0;
          logger.info(options.readyLog);
        }
        options.onMessage(message);
      } catch (error) {
        logger.error(`${name}: a message from it failed`, { err: error });
      }
    });
    thread.on("error", (error) => logger.error(`${name} failed`, { err: error }));
    thread.on("exit", (code) => {
      if (worker === thread) worker = null;
      options.exited();
      if (stopping) return;
      failures += 1;
      const delay = backoffDelayMs(failures, RESTART);
      logger.error(`${name} exited (code ${code}); starting it again in ${delay} ms`, { code });
      restart = setTimeout(spawn, delay);
      restart.unref();
    });
  };

  spawn();

  return {
    post(message) {
      if (!stopping) worker?.postMessage(message);
    },
    async stop(message) {
      stopping = true;
      if (restart) clearTimeout(restart);
      const thread = worker;
      if (!thread) return;
      const exited = new Promise<void>((resolve) => thread.once("exit", () => resolve()));
      thread.postMessage(message);
      const timeout = setTimeout(() => void thread.terminate(), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timeout);
    },
  };
}
