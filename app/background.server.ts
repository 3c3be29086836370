import prisma from "./db.server";
import { judgeShopProtection } from "./services/protection/status.server";
import { prismaWriter } from "./db/raw-sql.server";
import { logger as processLogger, type Logger } from "./logger.server";
import { channelSender, createAlertWorker } from "./services/alerts/delivery.server";
import { bootWorkers } from "./services/booted-workers.server";
import { createOrderWorker } from "./services/monitoring/worker.server";
import { startReconciliation } from "./services/reconciliation/reconcile.server";
import { startRulesListener } from "./services/rules/rules-changes.server";
import { startPurgeJob } from "./services/privacy/purge.server";
import { startPlanFollowUp } from "./services/billing/plan-follow-up.server";
import { startTokenMigration } from "./services/shops/token-migration.server";
import { startChartMarkers } from "./services/markers/chart-markers.server";
import { resealSecretsAtStart } from "./services/secrets-at-rest.server";
import { graphqlForShopDomain } from "./services/admin-api/admin-graphql.server";

/**
 * Every in-process worker is built with its dependencies, started and stopped here, once,
 * from the server (serve() in app/server/serve.server.ts, which server.js runs); importing a
 * module never starts one, and no module holds a worker's wiring
 * (docs/architecture.md#background-workers). Each worker's loop catches, logs and
 * backs off on its own errors (docs/architecture.md#background-workers). Orders are evaluated
 * and alerts delivered here, on the process's one thread, and on SQLite through its one writer
 * path (docs/architecture.md#glossary).
 */

/** How often queued orders are looked at without a webhook nudging the worker (failed orders' retries). */
export const ORDER_SWEEP_MS = 30_000;

export interface BackgroundOptions {
  logger?: Logger;
}

/** What stops the running background work (null: not started). */
let running: (() => Promise<void>) | null = null;

export function startBackgroundWork(options: BackgroundOptions = {}): void {
  if (running) return;
  const logger = options.logger ?? processLogger;
  const alerts = createAlertWorker({
    db: prismaWriter(prisma),
    send: channelSender(),
    logger: logger.child({ worker: "alerts" }),
  });
  const stopAlertSweep = alerts.start();
  const orders = createOrderWorker({
    graphqlForShop: graphqlForShopDomain,
    kickAlerts: () => void alerts.kick(),
    logger: logger.child({ worker: "orders" }),
  });
  const kickOrders = () => void orders.kick();
  // PostgreSQL: other app processes' rule changes reach this one's cache (docs/architecture.md#sqlite-and-postgresql)
  const rulesListener = startRulesListener(logger);
  // webhooks wake the order worker, rule changes are announced, through the booted workers
  const unboot = bootWorkers({
    kickOrders,
    kickAlerts: () => void alerts.kick(),
    announceRuleChange: (shopId) => rulesListener?.announce(shopId),
  });
  // Orders acknowledged before a restart, and failed orders whose retry time came, are evaluated.
  orders.resume();
  void orders.kick();
  const sweep = setInterval(kickOrders, ORDER_SWEEP_MS);
  sweep.unref();
  // uninstalled shops' data goes 30 days after the uninstall, shop/redact or not
  const stopPurge = startPurgeJob();
  // what Shopify refused to switch at a plan change is switched again, the merchant back or not
  const stopPlanFollowUp = startPlanFollowUp();
  // shops still holding a non-expiring offline token get an expiring pair before Shopify drops theirs
  const stopTokenMigration = startTokenMigration({ logger: logger.child({ worker: "token-migration" }) });
  // orders whose webhook never arrived are found and evaluated (docs/operations.md#reconciliation)
  const stopReconciliation = startReconciliation(logger, judgeShopProtection);
  // the markers on Shopify's analytics charts follow the findings (docs/product.md#markers-on-shopifys-charts)
  const stopChartMarkers = startChartMarkers(logger);
  // tokens and webhook URLs stored in clear before encryption, or under a previous key, are sealed (once)
  resealSecretsAtStart();

  running = async () => {
    clearInterval(sweep);
    stopAlertSweep();
    unboot();
    await Promise.all([
      orders.stop(),
      alerts.stop(),
      rulesListener?.stop(),
      stopPurge(),
      stopPlanFollowUp(),
      stopTokenMigration(),
      stopReconciliation(),
      stopChartMarkers(),
    ]);
  };
}

/** Stops the workers: the batch in hand is finished, the rest stays queued for the next start. */
export async function stopBackgroundWork(): Promise<void> {
  const stop = running;
  running = null;
  await stop?.();
}
