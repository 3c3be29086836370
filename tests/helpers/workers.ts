import prisma from "../../app/db.server";
import { prismaWriter } from "../../app/db/raw-sql.server";
import { logger as processLogger } from "../../app/logger.server";
import {
  channelSender,
  createAlertWorker,
  type AlertWorker,
  type AlertWorkerDeps,
} from "../../app/services/alerts/delivery.server";
import { createOrderWorker, type OrderWorker, type OrderWorkerDeps } from "../../app/services/monitoring/worker.server";
import { graphqlForShopDomain } from "../../app/services/admin-api/admin-graphql.server";

/**
 * A test's own order and alert workers, built as app/background.server.ts builds the process's
 * (docs/architecture.md#background-workers): the order worker wakes this alert worker.
 * By default they reach Shopify through the shop's offline session and send with the channels'
 * defaults; a test passes a stand-in or `channelSender({ guard: false })` instead. Nothing is
 * installed anywhere: a webhook route's wake-up reaches no worker in a test, and the test
 * drains these.
 */
export function testWorkers(
  deps: Partial<Pick<OrderWorkerDeps, "graphqlForShop" | "now"> & Pick<AlertWorkerDeps, "send" | "logger">> = {},
): { orders: OrderWorker; alerts: AlertWorker } {
  const logger = deps.logger ?? processLogger;
  const alerts = createAlertWorker({ db: prismaWriter(prisma), send: deps.send ?? channelSender(), logger });
  const orders = createOrderWorker({
    graphqlForShop: deps.graphqlForShop ?? graphqlForShopDomain,
    kickAlerts: () => void alerts.kick(),
    logger,
    now: deps.now,
  });
  return { orders, alerts };
}
