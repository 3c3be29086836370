import { startAlertWorker, stopAlertWorker } from "./services/alerts/delivery.server";
import { startDeliveryThread, type DeliveryThread } from "./services/alerts/delivery-thread.server";
import { kickOrderWorker, resumeOrderWorker, stopOrderWorker } from "./services/monitoring/worker.server";
import { startRulesListener, type RulesListener } from "./services/rules/rules-changes.server";
import { startPurgeJob } from "./services/privacy/purge.server";
import { startPlanFollowUp } from "./services/billing/plan-follow-up.server";
import { resealSecretsAtStart } from "./services/secrets-at-rest.server";

/**
 * Every in-process worker starts and stops here, once, from the server entry (server.js
 * calls these through app/entry.server.tsx); importing a module never starts one. Each
 * worker's loop catches, logs and backs off on its own errors (docs/decisions/0010-hardening.md).
 * The production server delivers alerts on a thread of their own
 * (docs/decisions/0015-alert-delivery-thread.md); without one they are delivered here.
 */

/** How often queued orders are looked at without a webhook nudging the worker (failed orders' retries). */
export const ORDER_SWEEP_MS = 30_000;

export interface BackgroundOptions {
  /** Deliver alerts on a worker thread: `entry` loads the build at `buildPath` and runs it. */
  deliveryThread?: { entry: URL; buildPath: string };
}

let sweep: ReturnType<typeof setInterval> | null = null;
let stopAlertSweep: (() => void) | null = null;
let deliveryThread: DeliveryThread | null = null;
let rulesListener: RulesListener | null = null;
let stopPurge: (() => Promise<void>) | null = null;
let stopPlanFollowUp: (() => Promise<void>) | null = null;

export function startBackgroundWork(options: BackgroundOptions = {}): void {
  if (sweep) return;
  resumeOrderWorker();
  // PostgreSQL: other app processes' rule changes reach this one's cache (docs/decisions/0020-postgresql-and-several-processes.md)
  rulesListener = startRulesListener();
  // Orders acknowledged before a restart, and failed orders whose retry time came, are evaluated.
  void kickOrderWorker();
  sweep = setInterval(() => void kickOrderWorker(), ORDER_SWEEP_MS);
  sweep.unref();
  // uninstalled shops' data goes 30 days after the uninstall, shop/redact or not
  stopPurge = startPurgeJob();
  // what Shopify refused to switch at a plan change is switched again, the merchant back or not
  stopPlanFollowUp = startPlanFollowUp();
  // tokens and webhook URLs stored in clear before encryption, or under a previous key, are sealed (once)
  resealSecretsAtStart();
  if (options.deliveryThread) {
    deliveryThread = startDeliveryThread(options.deliveryThread.entry, options.deliveryThread.buildPath);
    return;
  }
  stopAlertSweep = startAlertWorker();
}

/** Stops the workers: the batch in hand is finished, the rest stays queued for the next start. */
export async function stopBackgroundWork(): Promise<void> {
  if (sweep) clearInterval(sweep);
  stopAlertSweep?.();
  sweep = null;
  stopAlertSweep = null;
  const thread = deliveryThread;
  deliveryThread = null;
  const listener = rulesListener;
  rulesListener = null;
  const purge = stopPurge;
  stopPurge = null;
  const followUp = stopPlanFollowUp;
  stopPlanFollowUp = null;
  await Promise.all([stopOrderWorker(), stopAlertWorker(), thread?.stop(), listener?.stop(), purge?.(), followUp?.()]);
}
