import { kickAlertWorker, resumeAlertWorker, stopAlertWorker } from "./services/alerts/delivery.server";
import { kickOrderWorker, resumeOrderWorker, stopOrderWorker } from "./services/monitoring/worker.server";

/**
 * Every in-process worker starts and stops here, once, from the server entry (server.js
 * calls these through app/entry.server.tsx); importing a module never starts one. Each
 * worker's loop catches, logs and backs off on its own errors (docs/decisions/0010-hardening.md).
 */

/** How often queued orders are looked at without a webhook nudging the worker (failed orders' retries). */
export const ORDER_SWEEP_MS = 30_000;
/** How often the outbox is looked at for alerts whose time came (retries, the end of quiet hours). */
export const ALERT_SWEEP_MS = 1_000;

let sweep: ReturnType<typeof setInterval> | null = null;
let alertSweep: ReturnType<typeof setInterval> | null = null;

export function startBackgroundWork(): void {
  if (sweep) return;
  resumeOrderWorker();
  // Orders acknowledged before a restart, and failed orders whose retry time came, are evaluated.
  void kickOrderWorker();
  sweep = setInterval(() => void kickOrderWorker(), ORDER_SWEEP_MS);
  sweep.unref();
  resumeAlertWorker();
  void kickAlertWorker();
  alertSweep = setInterval(() => void kickAlertWorker(), ALERT_SWEEP_MS);
  alertSweep.unref();
}

/** Stops the workers: the batch in hand is finished, the rest stays queued for the next start. */
export async function stopBackgroundWork(): Promise<void> {
  if (sweep) clearInterval(sweep);
  if (alertSweep) clearInterval(alertSweep);
  sweep = null;
  alertSweep = null;
  await Promise.all([stopOrderWorker(), stopAlertWorker()]);
}
