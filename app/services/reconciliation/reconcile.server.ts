/**
 * Reconciliation (docs/operations.md#reconciliation): Shopify does not promise to deliver every
 * webhook, so every few minutes each shop's orders created or updated since its last sweep are
 * listed through the Admin API, and each order the app has never seen (no webhook queued it, no
 * evaluation recorded it) is queued and evaluated at once by the engine the webhooks use, its
 * events saying `source: "reconciliation"`. A shop's sweep is claimed with a conditional UPDATE
 * (a lease), so two app processes never sweep it together; an order is queued under a key of its
 * own, unique, so it is evaluated once whoever finds it. The sweep also records which protection
 * topics have no subscription, and everything the Protection status card shows.
 */
import prisma from "../../db.server";
import { isUniqueViolation } from "../../db/errors";
import { insertClaimedOrders, recordOrderFailures, seenOrderIds } from "../../db/order-queue.sql.server";
import { backoffDelayMs } from "../../domain/backoff";
import { orderPayloadFromNode, type GraphqlOrderNode } from "../../domain/monitoring/graphql-order";
import { orderFactsFromPayload } from "../../domain/monitoring/order-payload";
import {
  APP_SCOPED_TOPICS,
  PROTECTION_TOPICS,
  RECONCILIATION_TOPIC,
  missingTopics,
  sweepWindow,
  topicEnum,
  windowSearch,
} from "../../domain/monitoring/reconciliation";
import { fail, ok, type Result } from "../../domain/result";
import { getEnv } from "../../env.server";
import { logger as processLogger, type Logger } from "../../logger.server";
import { actionClientFor } from "../actions/admin-client.server";
import { graphqlForShopDomain, type AdminData } from "../admin-api/admin-graphql.server";
import { ThrottledReader, completeOrder, LINES_PER_ORDER, ORDERS_PER_PAGE } from "../backtest/order-pages.server";
import { wakeAlertWorker, wakeOrderWorker } from "../booted-workers.server";
import { PROCESS_ID } from "../process-id.server";
import { workerLoop } from "../worker-loop.server";
import type { WebhookSubscriptionTopic } from "../../types/admin.types";
import { evaluateShopOrders, type GraphqlForShop, type OrderJob } from "../monitoring/evaluation.server";
import { ORDERS_PER_TRANSACTION } from "../monitoring/worker.server";

/** How far a sweep reaches back before the last one's end: an order Shopify indexed late is still listed. */
export const OVERLAP_MS = 5 * 60_000;
/** How long a scheduled sweep leaves a new order to its webhook before counting it missed. */
export const SETTLE_MS = 60_000;
/** How far back a shop's first sweep looks (never before its install). */
export const FIRST_LOOKBACK_MS = 24 * 60 * 60_000;
/** A sweep's claim older than this belongs to a process that died: another process sweeps the shop. */
export const SWEEP_LEASE_MS = 10 * 60_000;
/** Delay before a shop whose sweep failed is swept again: 1 minute, doubling up to the interval. */
export const SWEEP_RETRY_BASE_MS = 60_000;
/** Shops swept in one step of the scheduled loop. */
const SHOPS_PER_STEP = 10;

// The orders a sweep lists: the backtest's selection (app/domain/monitoring/graphql-order.ts) with
// when each was updated and cancelled, newest updates last; its cost is the backtest page's
// (ORDERS_PER_PAGE orders of LINES_PER_ORDER lines ask for under Shopify's 1,000-point ceiling).
export const RECONCILE_ORDERS_QUERY = `#graphql
  query MarginGuardrailReconcileOrders($first: Int!, $after: String, $query: String!, $lines: Int!) {
    orders(first: $first, after: $after, query: $query, sortKey: UPDATED_AT) {
      pageInfo { hasNextPage endCursor }
      nodes {
        id legacyResourceId name createdAt updatedAt cancelledAt currencyCode tags note discountCodes
        totalDiscountsSet { shopMoney { amount } }
        discountApplications(first: 10) {
          pageInfo { hasNextPage }
          nodes {
            __typename index targetType value { __typename }
            ... on DiscountCodeApplication { code }
            ... on AutomaticDiscountApplication { title }
            ... on ManualDiscountApplication { title }
            ... on ScriptDiscountApplication { title }
          }
        }
        lineItems(first: $lines) {
          pageInfo { hasNextPage endCursor }
          nodes {
            id quantity variant { id } product { id } originalUnitPriceSet { shopMoney { amount } }
            discountAllocations { allocatedAmountSet { shopMoney { amount } } discountApplication { index } }
          }
        }
        shippingLines(first: 2) {
          nodes {
            originalPriceSet { shopMoney { amount } }
            discountAllocations { allocatedAmountSet { shopMoney { amount } } discountApplication { index } }
          }
        }
      }
    }
  }`;

// The shop's own (shop-scoped) subscriptions to the protection topics; app-scoped ones
// (shopify.app.toml) are not listed by the Admin API.
export const WEBHOOK_SUBSCRIPTIONS_QUERY = `#graphql
  query MarginGuardrailWebhookSubscriptions($topics: [WebhookSubscriptionTopic!]) {
    webhookSubscriptions(first: 50, topics: $topics) {
      nodes { topic }
    }
  }`;

/** What a sweep found: orders listed, those the app had not seen, those evaluated now. */
export interface SweepCounts {
  checked: number;
  missed: number;
  evaluated: number;
}

/** What reconciliation needs: how the engine reaches Shopify for unit costs, how alerts are woken, where it logs. */
export interface ReconcileDeps {
  graphqlForShop: GraphqlForShop;
  kickAlerts: () => void;
  logger: Logger;
  /** the clock; Date.now by default */
  now?: () => number;
  /** after a scheduled sweep of a shop: its Protection status is judged (docs/product.md#protection-status) */
  afterSweep?: (shopId: string) => Promise<unknown>;
}

/** The process's own: the engine's Admin API client, the booted alert worker, the process's logger. */
export const processDeps = (logger: Logger = processLogger): ReconcileDeps => ({
  graphqlForShop: graphqlForShopDomain,
  kickAlerts: wakeAlertWorker,
  logger: logger.child({ worker: "reconciliation" }),
});

interface SweptShop {
  id: string;
  domain: string;
  installedAt: Date;
}

/**
 * The shop's reconciliation row, made on first need (two processes making it at once make one),
 * its first sweep due at `firstSweepAt` (at once when unset).
 */
async function ensureState(shopId: string, firstSweepAt?: Date): Promise<void> {
  try {
    await prisma.shopReconciliation.upsert({
      where: { shopId },
      create: { shopId, nextSweepAt: firstSweepAt ?? null },
      update: {},
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
}

/**
 * Claims the shop's sweep for this process: one conditional UPDATE, so of two processes only one
 * gets it; `due`: only if its next sweep is due (the schedule; a manual run does not wait).
 */
async function claimSweep(shopId: string, now: Date, due: boolean): Promise<boolean> {
  await ensureState(shopId);
  const { count } = await prisma.shopReconciliation.updateMany({
    where: {
      shopId,
      AND: [
        { OR: [{ lockedAt: null }, { lockedAt: { lt: new Date(now.getTime() - SWEEP_LEASE_MS) } }] },
        ...(due ? [{ OR: [{ nextSweepAt: null }, { nextSweepAt: { lte: now } }] }] : []),
      ],
    },
    data: { lockedBy: PROCESS_ID, lockedAt: now },
  });
  return count === 1;
}

/** The protection topics neither shopify.app.toml nor the shop's own subscriptions cover. */
async function subscriptionGaps(reader: ThrottledReader): Promise<string[]> {
  const data = await reader.data(WEBHOOK_SUBSCRIPTIONS_QUERY, {
    topics: PROTECTION_TOPICS.map((topic) => topicEnum(topic) as WebhookSubscriptionTopic),
  });
  return missingTopics(
    APP_SCOPED_TOPICS,
    data.webhookSubscriptions.nodes.map((node) => node.topic),
  );
}

/** The window's orders, a page at a time, each complete (an order with more lines read on its own). */
async function* windowPages(reader: ThrottledReader, search: string): AsyncGenerator<GraphqlOrderNode[]> {
  let after: string | null = null;
  for (;;) {
    const data: AdminData<typeof RECONCILE_ORDERS_QUERY> = await reader.data(RECONCILE_ORDERS_QUERY, {
      first: ORDERS_PER_PAGE,
      after,
      query: search,
      lines: LINES_PER_ORDER,
    });
    const page: GraphqlOrderNode[] = data.orders.nodes;
    const nodes: GraphqlOrderNode[] = [];
    for (const node of page) {
      const partial = node.lineItems?.pageInfo?.hasNextPage || node.discountApplications?.pageInfo?.hasNextPage;
      nodes.push(partial ? await completeOrder(reader, node) : node);
    }
    yield nodes;
    if (!data.orders.pageInfo.hasNextPage || !data.orders.pageInfo.endCursor) return;
    after = data.orders.pageInfo.endCursor;
  }
}

/**
 * Queues the orders the app had not seen, claimed by this process, and evaluates them now with
 * the webhooks' engine; returns how many were evaluated. An order another process queued first
 * is left to it; a batch whose evaluation fails is released to the order worker, which retries it.
 */
async function evaluateMissed(shopId: string, nodes: GraphqlOrderNode[], deps: ReconcileDeps, now: Date) {
  const found: { webhookId: string; shopId: string; topic: string; job: OrderJob }[] = [];
  // an order once, however often it was listed (a claimed row is marked done once)
  const unique = [...new Map(nodes.map((node) => [node.id, node])).values()];
  for (const node of unique) {
    const parsed = orderFactsFromPayload(orderPayloadFromNode(node));
    if (!parsed.ok) {
      deps.logger.warn("Reconciliation: an order Shopify listed could not be read; not evaluated", {
        shop: shopId,
        orderId: node.id,
        reason: parsed.error,
      });
      continue;
    }
    const job: OrderJob = {
      shopId,
      topic: RECONCILIATION_TOPIC,
      facts: parsed.facts,
      customerId: parsed.customerId,
    };
    found.push({
      webhookId: `${RECONCILIATION_TOPIC}:${shopId}:${parsed.facts.orderId}`,
      shopId,
      topic: job.topic,
      job,
    });
  }
  const queued = await insertClaimedOrders(
    found.map(({ webhookId, job }) => ({
      shopId,
      webhookId,
      topic: job.topic,
      facts: job.facts,
      customerId: job.customerId,
    })),
    PROCESS_ID,
    now,
  );
  const jobs = found.flatMap(({ job }) => {
    const id = queued.get(job.facts.orderId);
    return id ? [{ ...job, id }] : [];
  });
  let evaluated = 0;
  for (let start = 0; start < jobs.length; start += ORDERS_PER_TRANSACTION) {
    const batch = jobs.slice(start, start + ORDERS_PER_TRANSACTION);
    try {
      await evaluateShopOrders(shopId, batch, deps.graphqlForShop, { kickAlerts: deps.kickAlerts });
      evaluated += batch.length;
    } catch (error) {
      deps.logger.error("Reconciliation: evaluating found orders failed; the order worker retries them", {
        shop: shopId,
        err: error,
      });
      // released untried; should the database refuse that too, the claims' lease frees them
      await recordOrderFailures(
        PROCESS_ID,
        [],
        batch.map((job) => job.id),
      ).catch(() => undefined);
      wakeOrderWorker();
    }
  }
  return evaluated;
}

/** One sweep of a shop this process claimed; throws when Shopify or the database fails. */
async function sweep(shop: SweptShop, deps: ReconcileDeps, now: Date, settleMs: number) {
  const client = await actionClientFor(shop.domain);
  if (!client) throw new Error("No Admin API access for the shop (no offline session)");
  const state = await prisma.shopReconciliation.findUniqueOrThrow({ where: { shopId: shop.id } });
  const window = sweepWindow(state.sweptThrough, shop.installedAt, now, {
    overlapMs: OVERLAP_MS,
    settleMs,
    firstLookbackMs: FIRST_LOOKBACK_MS,
  });
  const reader = new ThrottledReader(client.graphql);
  const missing = await subscriptionGaps(reader);
  const counts: SweepCounts = { checked: 0, missed: 0, evaluated: 0 };
  for await (const nodes of windowPages(reader, windowSearch(window))) {
    counts.checked += nodes.length;
    const seen = await seenOrderIds(
      shop.id,
      nodes.map((node) => node.id),
    );
    const unseen = nodes.filter((node) => !seen.has(node.id));
    counts.missed += unseen.length;
    counts.evaluated += await evaluateMissed(shop.id, unseen, deps, now);
  }
  const through = state.sweptThrough && state.sweptThrough > window.to ? state.sweptThrough : window.to;
  return { counts, missing, through };
}

/**
 * Sweeps a shop this process claimed and records the outcome, releasing the claim. A failure is
 * logged and the shop's next sweep backs off; the window and last result stay as they were.
 */
async function sweepClaimed(shop: SweptShop, deps: ReconcileDeps, settleMs: number): Promise<Result<SweepCounts>> {
  const clock = deps.now ?? Date.now;
  const now = new Date(clock());
  const mine = { shopId: shop.id, lockedBy: PROCESS_ID };
  try {
    const { counts, missing, through } = await sweep(shop, deps, now, settleMs);
    const finished = new Date(clock());
    await prisma.shopReconciliation.updateMany({
      where: mine,
      data: {
        lastSweepAt: finished,
        sweptThrough: through,
        lastChecked: counts.checked,
        lastMissed: counts.missed,
        lastEvaluated: counts.evaluated,
        missingTopics: missing.join(","),
        failures: 0,
        lastError: null,
        nextSweepAt: new Date(finished.getTime() + getEnv().reconcileEveryMs),
        lockedBy: null,
        lockedAt: null,
      },
    });
    if (counts.missed > 0) {
      deps.logger.warn("Reconciliation found orders whose webhook never arrived", { shop: shop.domain, ...counts });
    }
    if (missing.length > 0) {
      deps.logger.warn("Webhook subscriptions missing", { shop: shop.domain, topics: missing });
    }
    return ok(counts);
  } catch (error) {
    const state = await prisma.shopReconciliation.findUnique({
      where: { shopId: shop.id },
      select: { failures: true },
    });
    const failures = (state?.failures ?? 0) + 1;
    const delay = backoffDelayMs(failures, { baseMs: SWEEP_RETRY_BASE_MS, capMs: getEnv().reconcileEveryMs });
    deps.logger.error(`Reconciliation of the shop failed (${failures} in a row); next try in ${delay} ms`, {
      shop: shop.domain,
      err: error,
    });
    const reason = error instanceof Error ? error.message : String(error);
    await prisma.shopReconciliation.updateMany({
      where: mine,
      data: {
        failures,
        lastError: reason.slice(0, 500),
        nextSweepAt: new Date(now.getTime() + delay),
        lockedBy: null,
        lockedAt: null,
      },
    });
    return fail(502, `The orders could not be read from Shopify: ${reason.slice(0, 200)}`);
  }
}

/**
 * Sweeps the caller's shop now (POST /api/protection/reconcile): its counts; 409 while another
 * sweep of the shop runs, 502 when Shopify could not be read (logged, and the schedule backs off).
 */
export async function reconcileShopNow(
  shopId: string,
  deps: ReconcileDeps = processDeps(),
): Promise<Result<SweepCounts>> {
  const shop = await prisma.shop.findUnique({
    where: { id: shopId },
    select: { id: true, domain: true, installedAt: true },
  });
  if (!shop) return fail(404, "Shop not found");
  const now = new Date((deps.now ?? Date.now)());
  if (!(await claimSweep(shop.id, now, false))) {
    return fail(409, "A reconciliation of this shop is already running; try again in a minute", {
      retryAfterSeconds: 60,
    });
  }
  // a sweep asked for now lists up to now: the merchant wants what is there
  return sweepClaimed(shop, deps, 0);
}

/**
 * One step of the schedule: up to SHOPS_PER_STEP installed shops whose sweep is due, each
 * claimed and swept; true when more may be due. A shop's failure is its own (logged, backed off).
 * A shop never swept is first swept one interval later, so a process's boot does not sweep every
 * shop at once.
 */
export async function sweepDueShops(deps: ReconcileDeps): Promise<boolean> {
  const now = new Date((deps.now ?? Date.now)());
  const fresh = await prisma.shop.findMany({
    where: { installState: "installed", reconciliation: { is: null } },
    select: { id: true },
    take: 100,
  });
  for (const shop of fresh) await ensureState(shop.id, new Date(now.getTime() + getEnv().reconcileEveryMs));
  const due = await prisma.shopReconciliation.findMany({
    where: {
      shop: { installState: "installed" },
      AND: [
        { OR: [{ nextSweepAt: null }, { nextSweepAt: { lte: now } }] },
        { OR: [{ lockedAt: null }, { lockedAt: { lt: new Date(now.getTime() - SWEEP_LEASE_MS) } }] },
      ],
    },
    select: { shop: { select: { id: true, domain: true, installedAt: true } } },
    orderBy: { nextSweepAt: "asc" },
    take: SHOPS_PER_STEP,
  });
  let claimed = 0;
  for (const { shop } of due) {
    if (!(await claimSweep(shop.id, now, true))) continue;
    claimed += 1;
    await sweepClaimed(shop, deps, SETTLE_MS);
    // the shop's protection is judged even when nobody opens the app: a failing layer is told
    await deps
      .afterSweep?.(shop.id)
      .catch((error: unknown) =>
        deps.logger.error("Judging the shop's protection after its sweep failed", { shopId: shop.id, err: error }),
      );
  }
  return fresh.length === 100 || (due.length === SHOPS_PER_STEP && claimed > 0);
}

/** What the Protection status card shows of a shop's reconciliation (docs/operations.md#reconciliation). */
export interface ReconciliationStatus {
  /** when the last sweep finished; null: never */
  lastSweepAt: Date | null;
  /** the last sweep's counts; null: never swept */
  lastResult: SweepCounts | null;
  /** protection topics with no subscription; null: not checked yet */
  missingTopics: string[] | null;
  /** when the shop's last order webhook arrived; null: never */
  lastWebhookAt: Date | null;
}

export async function reconciliationStatus(shopId: string): Promise<ReconciliationStatus> {
  const [state, lastWebhook] = await Promise.all([
    prisma.shopReconciliation.findUnique({ where: { shopId } }),
    prisma.orderEvaluation.findFirst({
      where: { shopId, topic: { not: RECONCILIATION_TOPIC } },
      orderBy: { createdAt: "desc" },
      select: { createdAt: true },
    }),
  ]);
  return {
    lastSweepAt: state?.lastSweepAt ?? null,
    lastResult: state?.lastSweepAt
      ? { checked: state.lastChecked, missed: state.lastMissed, evaluated: state.lastEvaluated }
      : null,
    missingTopics: state?.missingTopics === null || !state ? null : state.missingTopics.split(",").filter(Boolean),
    lastWebhookAt: lastWebhook?.createdAt ?? null,
  };
}

/**
 * Starts the schedule: every minute (at most; each shop is due every RECONCILE_EVERY_MINUTES), the
 * due shops are swept. The first look is a minute after the start, not at it: a process's boot
 * (and a burst of webhooks waiting for it) comes first. Returns what stops it.
 */
export function startReconciliation(
  logger: Logger = processLogger,
  afterSweep?: ReconcileDeps["afterSweep"],
): () => Promise<void> {
  const deps = { ...processDeps(logger), afterSweep };
  const everyMs = getEnv().reconcileEveryMs;
  const loop = workerLoop("Reconciliation", () => sweepDueShops(deps), {
    gatherMs: 0,
    backoff: { baseMs: SWEEP_RETRY_BASE_MS, capMs: everyMs },
    logger: deps.logger,
  });
  loop.resume();
  const timer = setInterval(() => void loop.kick(), Math.min(60_000, everyMs));
  timer.unref();
  return async () => {
    clearInterval(timer);
    await loop.stop();
  };
}
