import { backoffDelayMs } from "../domain/backoff";
import { logger as processLogger, type Logger } from "../logger.server";
import { afterRequests } from "./requests-first.server";

/**
 * An in-process worker's loop (docs/architecture.md#background-workers): `step` takes one batch of
 * work and says whether there may be more. A kick starts the loop, or tells the running one
 * to look again; the promise never rejects: a failing step is logged and the loop tries
 * again on its own after a growing delay. Stopping lets the batch in hand finish.
 */
export interface WorkerLoop {
  kick(gatherMs?: number): Promise<void>;
  /** resolves once there is no more work (tests, scripts) */
  drain(): Promise<void>;
  stop(): Promise<void>;
  resume(): void;
}

export function workerLoop(
  name: string,
  step: () => Promise<boolean>,
  options: { gatherMs: number; backoff: { baseMs: number; capMs: number }; logger?: Logger },
): WorkerLoop {
  let running: Promise<void> | null = null;
  let again = false;
  let failures = 0;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  async function run() {
    for (;;) {
      again = false;
      // requests first between batches (app/services/requests-first.server.ts)
      while (!stopped && (await step())) await afterRequests();
      if (!again || stopped) return;
      // kicked while running: gather again before the next round
      await new Promise((resolve) => setTimeout(resolve, options.gatherMs));
    }
  }

  function retryLater(delayMs: number) {
    if (retryTimer || stopped) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void kick(0);
    }, delayMs);
    retryTimer.unref?.();
  }

  function kick(gatherMs = options.gatherMs): Promise<void> {
    // after a failure the loop waits out its delay: kicks meanwhile would only fail again
    if (stopped || retryTimer) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = new Promise((resolve) => setTimeout(resolve, gatherMs))
      .then(run)
      .then(
        () => {
          failures = 0;
        },
        (error: unknown) => {
          failures += 1;
          const delay = backoffDelayMs(failures, options.backoff);
          (options.logger ?? processLogger).error(
            `${name} failed (${failures} in a row); trying again in ${delay} ms`,
            {
              err: error,
            },
          );
          retryLater(delay);
        },
      )
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    kick,
    async drain() {
      while (running) await running;
      // a drain does not wait out a failure's delay: it looks now
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      await kick(0);
    },
    async stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      while (running) await running;
    },
    resume() {
      stopped = false;
    },
  };
}

/** Runs `loop` now and then every `everyMs` (the scheduled jobs); returns what stops it. */
export function startScheduledLoop(loop: WorkerLoop, everyMs: number): () => Promise<void> {
  loop.resume();
  void loop.kick();
  const timer = setInterval(() => void loop.kick(), everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await loop.stop();
  };
}
