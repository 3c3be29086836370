import { kickOrderWorker, resumeOrderWorker, stopOrderWorker } from "./services/monitoring/worker.server";

/**
 * Every in-process worker starts and stops here, once, from the server entry (server.js
 * calls these through app/entry.server.tsx); importing a module never starts one. Each
 * worker's loop catches, logs and backs off on its own errors (docs/decisions/0010-hardening.md).
 */

/** How often queued orders are looked at without a webhook nudging the worker (failed orders' retries). */
export const ORDER_SWEEP_MS = 30_000;

let sweep: ReturnType<typeof setInterval> | null = null;

export function startBackgroundWork(): void {
  if (sweep) return;
  resumeOrderWorker();
  // Orders acknowledged before a restart, and failed orders whose retry time came, are evaluated.
  void kickOrderWorker();
  sweep = setInterval(() => void kickOrderWorker(), ORDER_SWEEP_MS);
  sweep.unref();
}

/** Stops the workers: the batch in hand is finished, the rest stays queued for the next start. */
export async function stopBackgroundWork(): Promise<void> {
  if (sweep) clearInterval(sweep);
  sweep = null;
  await stopOrderWorker();
}
