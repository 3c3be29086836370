/**
 * The workers app/background.server.ts booted in this process, for the code that has to reach
 * them from a request: a webhook that queued an order wakes the order worker, a rule change is
 * announced to the other app processes (docs/architecture.md#background-workers).
 * Only background.server.ts boots them, once, and unboots them when it stops; tests and scripts
 * boot none, so there a wake-up or an announcement does nothing, and a test drains the workers
 * it built itself (nothing here for a test to install or reset).
 */

export interface BootedWorkers {
  /** Tells the order worker to look at the queue. */
  kickOrders(): void;
  /** Tells the alert worker to look at the outbox (reconciliation queued alerts). */
  kickAlerts?(): void;
  /** Tells the other app processes that a shop's rules (or all shops', null) changed. */
  announceRuleChange(shopId: string | null): void;
}

let booted: BootedWorkers | null = null;

/** Boots `workers` as this process's (background.server.ts only); returns what unboots them. */
export function bootWorkers(workers: BootedWorkers): () => void {
  booted = workers;
  return () => {
    if (booted === workers) booted = null;
  };
}

/** Wakes the booted order worker, if this process booted one. */
export function wakeOrderWorker(): void {
  booted?.kickOrders();
}

/** Wakes the booted alert worker, if this process booted one. */
export function wakeAlertWorker(): void {
  booted?.kickAlerts?.();
}

/** Announces a rule change to the other app processes, if this process listens for them. */
export function announceRuleChange(shopId: string | null): void {
  booted?.announceRuleChange(shopId);
}
