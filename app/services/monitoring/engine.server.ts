import crypto from "node:crypto";
import { Prisma } from "@prisma/client";
import prisma from "../../db.server";
import { backoffDelayMs } from "../../domain/backoff";
import { evaluateOrder, type EvaluableRule, type RuleOutcome } from "../../domain/evaluate";
import type { OrderFacts } from "../../domain/order-facts";
import { factsFingerprint, orderFactsFromOrder, type OrderPayload } from "../../domain/order-payload";
import { mapCollectionRule } from "../../domain/rules";
import { recordAuditEvents, type NewAuditEvent } from "../audit/events.server";
import { getStackingSettings } from "../rules/rules.server";
import { cachedForShop } from "../rules/cache.server";
import { graphqlForShopDomain } from "../shops/admin-graphql.server";
import { webhookShop } from "../shops/shops.server";
import { claimWebhook } from "../webhooks/receipts.server";
import { loadVariantFacts, type AdminGraphql } from "./variant-facts.server";

export interface OrderDelivery {
  shop: string;
  topic: string;
  webhookId: string;
  /** checked against Shopify's shape and bounds by the webhook route */
  payload: OrderPayload;
}

export type EnqueueResult = "queued" | "duplicate" | "ignored";

/**
 * Before the webhook is acknowledged: the order's facts are queued under the webhook id,
 * which is unique, so a redelivery (or a burst of the same delivery) adds nothing. One
 * statement: this runs for every order webhook. Deliveries that queue nothing (an unknown
 * or uninstalled shop) are still claimed, so they are handled once.
 */
export async function enqueueOrderWebhook(delivery: OrderDelivery): Promise<EnqueueResult> {
  const parsed = orderFactsFromOrder(delivery.payload);
  const shop = await webhookShop(delivery.shop);
  if (!shop?.installed) return (await claimWebhook(delivery)) ? "ignored" : "duplicate";
  const queued = await prisma.$executeRaw`
    INSERT INTO "OrderEvaluation" ("id", "shopId", "webhookId", "topic", "orderId", "facts", "customerId", "status", "attempts", "eventsCreated", "createdAt")
    VALUES (${crypto.randomUUID()}, ${shop.id}, ${delivery.webhookId}, ${delivery.topic}, ${parsed.facts.orderId},
      ${JSON.stringify(parsed.facts)}, ${parsed.customerId}, 'pending', 0, 0, ${Date.now()})
    ON CONFLICT ("webhookId") DO NOTHING`;
  return queued === 0 ? "duplicate" : "queued";
}

/** Where the engine gets an Admin API client for a shop (null: cache only). */
export type GraphqlForShop = (shopDomain: string) => Promise<AdminGraphql | null>;

function evaluableRules(
  rules: { id: string; name: string; ruleType: string; thresholdUnit: string; thresholdPercent: number | null; thresholdAmountCents: number | null }[],
  collectionRules: Parameters<typeof mapCollectionRule>[0][],
): EvaluableRule[] {
  return [
    ...rules,
    ...collectionRules.map((row) => {
      const mapped = mapCollectionRule(row);
      return {
        id: mapped.id,
        name: mapped.name,
        ruleType: mapped.collectionRuleType,
        thresholdUnit: mapped.thresholdUnit,
        thresholdPercent: mapped.thresholdPercent,
        thresholdAmountCents: mapped.thresholdAmountCents,
        collectionId: mapped.collectionId,
        collectionLabel: row.collectionTitle || row.collectionId,
      };
    }),
  ];
}

function thresholdNumber(outcome: Extract<RuleOutcome, { breached: true }>): number {
  return outcome.rule.thresholdUnit === "PERCENT" || outcome.rule.ruleType === "margin_floor"
    ? (outcome.rule.thresholdPercent ?? 0)
    : (outcome.rule.thresholdAmountCents ?? 0) / 100;
}

/** The audit event of one breach, with the numbers behind it. */
export function breachEvent(
  outcome: Extract<RuleOutcome, { breached: true }>,
  facts: OrderFacts,
  context: { customerId: string | null; topic: string; changed: boolean; fingerprintHash: string; at: Date },
): NewAuditEvent {
  const rule = outcome.rule;
  return {
    eventType: "rule_triggered",
    severity: outcome.severity,
    message: context.changed ? `${outcome.message} (order edited: its discounts changed)` : outcome.message,
    orderId: facts.orderId,
    orderName: facts.orderName,
    customerId: context.customerId,
    discountCodes: facts.discountCodes,
    discountPercent: outcome.discountPercent,
    totalDiscountCents: outcome.totalDiscountCents,
    preDiscountSubtotalCents: outcome.preDiscountSubtotalCents,
    subtotalAfterDiscountCents: outcome.preDiscountSubtotalCents - outcome.totalDiscountCents,
    marginSavedCents: outcome.marginSavedCents,
    marginPercent: outcome.margin?.marginPercent ?? null,
    costCoveredLines: outcome.margin?.coveredLines ?? null,
    costUncoveredLines: outcome.margin?.uncoveredLines ?? null,
    currency: facts.currency,
    ruleId: rule.id,
    ruleKey: rule.collectionId ? "collection_rule" : rule.ruleType,
    ruleName: rule.name,
    threshold: thresholdNumber(outcome),
    details: {
      rule_name: rule.name,
      threshold_amount: thresholdNumber(outcome),
      measured: outcome.measured,
      unit: outcome.unit,
      topic: context.topic,
      order_edited: context.changed,
    },
    dedupeKey: `${facts.orderId}|${rule.id}|${context.fingerprintHash}`,
    createdAt: context.at,
  };
}

/** A queued order to evaluate: from the queue, or built by the demo seed. */
export interface OrderJob {
  id?: string;
  shopId: string;
  topic: string;
  facts: OrderFacts;
  customerId: string | null;
  /** when the events happened (the seed's past orders); now by default */
  at?: Date;
}

interface ShopContext {
  shop: { id: string; domain: string };
  rules: EvaluableRule[];
  stacking: Awaited<ReturnType<typeof getStackingSettings>>;
  needsVariants: boolean;
}

function shopContext(shopId: string): Promise<ShopContext | null> {
  return cachedForShop(shopId, () => loadShopContext(shopId));
}

async function loadShopContext(shopId: string): Promise<ShopContext | null> {
  const [shop, rules, collectionRules, stacking] = await Promise.all([
    prisma.shop.findUnique({ where: { id: shopId }, select: { id: true, domain: true } }),
    prisma.rule.findMany({ where: { shopId, isActive: true } }),
    prisma.collectionRule.findMany({ where: { shopId, isActive: true } }),
    getStackingSettings(shopId),
  ]);
  if (!shop) return null;
  const evaluable = evaluableRules(rules, collectionRules);
  return {
    shop,
    rules: evaluable,
    stacking,
    needsVariants: evaluable.some((rule) => rule.ruleType === "margin_floor" || rule.collectionId),
  };
}

/**
 * Evaluates queued orders of one shop against its active rules and records each breach once.
 * An order whose discounts did not change since it was last evaluated creates nothing; one
 * whose discounts changed creates events that say so. Returns the events created per job.
 */
export async function evaluateShopOrders(
  shopId: string,
  jobs: OrderJob[],
  graphqlForShop: GraphqlForShop,
): Promise<number[]> {
  const context = await shopContext(shopId);
  if (!context) return jobs.map(() => 0);
  const orderIds = [...new Set(jobs.map((job) => job.facts.orderId))];
  const previous = new Map(
    (
      await prisma.$queryRaw<{ orderId: string; fingerprint: string }[]>`
        SELECT "orderId", "fingerprint" FROM "OrderCheck"
        WHERE "shopId" = ${shopId} AND "orderId" IN (${Prisma.join(orderIds)})`
    ).map((row) => [row.orderId, row.fingerprint]),
  );
  const variants = context.needsVariants
    ? await loadVariantFacts(
        shopId,
        jobs.flatMap((job) => job.facts.lines.flatMap((line) => (line.variantId ? [line.variantId] : []))),
        await graphqlForShop(context.shop.domain),
      )
    : new Map();

  const checks = new Map<string, { fingerprint: string; at: number }>();
  const events: NewAuditEvent[] = [];
  const jobOf = new Map<string, number>();
  jobs.forEach((job, index) => {
    const at = job.at ?? new Date();
    const fingerprint = factsFingerprint(job.facts);
    const before = checks.get(job.facts.orderId)?.fingerprint ?? previous.get(job.facts.orderId);
    if (before === fingerprint) return;
    checks.set(job.facts.orderId, { fingerprint, at: at.getTime() });
    const facts = context.needsVariants ? withVariantFacts(job.facts, variants) : job.facts;
    const fingerprintHash = crypto.createHash("sha256").update(fingerprint).digest("hex").slice(0, 16);
    for (const outcome of evaluateOrder(facts, context.rules, context.stacking)) {
      if (!outcome.breached) continue;
      const event = breachEvent(outcome, facts, { customerId: job.customerId, topic: job.topic, changed: before !== undefined, fingerprintHash, at });
      jobOf.set(event.dedupeKey as string, index);
      events.push(event);
    }
  });

  const created = jobs.map(() => 0);
  await prisma.$transaction(async (tx) => {
    if (checks.size > 0) {
      const values = [...checks].map(
        ([orderId, check]) => Prisma.sql`(${crypto.randomUUID()}, ${shopId}, ${orderId}, ${check.fingerprint}, ${check.at})`,
      );
      await tx.$executeRaw`
        INSERT INTO "OrderCheck" ("id", "shopId", "orderId", "fingerprint", "checkedAt") VALUES ${Prisma.join(values)}
        ON CONFLICT ("shopId", "orderId") DO UPDATE SET "fingerprint" = excluded."fingerprint", "checkedAt" = excluded."checkedAt"`;
    }
    for (const row of await recordAuditEvents(shopId, events, tx)) {
      const index = jobOf.get(row.dedupeKey ?? "");
      if (index !== undefined) created[index] += 1;
    }
    const done = jobs.flatMap((job, index) => (job.id ? [{ id: job.id, created: created[index] }] : []));
    const now = Date.now();
    for (const job of done) {
      await tx.$executeRaw`
        UPDATE "OrderEvaluation" SET "status" = 'done', "attempts" = "attempts" + 1, "eventsCreated" = ${job.created},
          "processedAt" = ${now}, "lastError" = NULL
        WHERE "id" = ${job.id}`;
    }
  });
  return created;
}

function withVariantFacts(facts: OrderFacts, variants: Map<string, { unitCostCents: number | null; collectionIds: string[] }>): OrderFacts {
  return {
    ...facts,
    lines: facts.lines.map((line) => {
      const known = line.variantId ? variants.get(line.variantId) : undefined;
      return known ? { ...line, unitCostCents: known.unitCostCents, collectionIds: known.collectionIds } : line;
    }),
  };
}

/** Quick attempts before a queued order is marked failed; failed orders are retried on a schedule. */
export const MAX_ATTEMPTS = 3;
/** Delay before a failed order is tried again: 1 minute, doubling up to 1 hour. */
export const FAILED_RETRY = { baseMs: 60_000, capMs: 60 * 60_000 };
/** Delay before the worker tries again after its own loop failed (the database is locked or down). */
export const WORKER_BACKOFF = { baseMs: 500, capMs: 30_000 };
/** Queued orders evaluated together: one transaction writes all of their events. */
const BATCH = 100;

let graphqlForShop: GraphqlForShop = graphqlForShopDomain;
let draining: Promise<void> | null = null;
let again = false;
let loopFailures = 0;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let stopped = false;

/** How the worker reaches Shopify: the shop's offline session, or a stand-in in tests and benchmarks. */
export function setGraphqlForShop(factory: GraphqlForShop): void {
  graphqlForShop = factory;
}

interface QueuedRow {
  id: string;
  shopId: string;
  topic: string;
  orderId: string;
  /** the raw query may hand JSON columns back parsed or as text */
  facts: string | OrderFacts;
  customerId: string | null;
  attempts: number | bigint;
}

async function markFailed(row: QueuedRow, error: unknown, now = Date.now()) {
  const attempts = Number(row.attempts) + 1;
  const failed = attempts >= MAX_ATTEMPTS;
  const nextAttemptAt = failed ? new Date(now + backoffDelayMs(attempts - MAX_ATTEMPTS + 1, FAILED_RETRY)) : null;
  console.error(
    `Evaluating order ${row.orderId} failed (attempt ${attempts})${nextAttemptAt ? `; next try at ${nextAttemptAt.toISOString()}` : ""}`,
    error,
  );
  await prisma.orderEvaluation.update({
    where: { id: row.id },
    data: {
      attempts,
      status: failed ? "failed" : "pending",
      nextAttemptAt,
      lastError: error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500),
    },
  });
}

/** A batch of queued orders, a shop at a time; a failing batch is retried order by order. */
async function processBatch(rows: QueuedRow[]): Promise<void> {
  const byShop = new Map<string, QueuedRow[]>();
  for (const row of rows) byShop.set(row.shopId, [...(byShop.get(row.shopId) ?? []), row]);
  for (const [shopId, shopRows] of byShop) {
    const jobs = (list: QueuedRow[]): OrderJob[] =>
      list.map((row) => ({ id: row.id, shopId, topic: row.topic, facts: typeof row.facts === "string" ? (JSON.parse(row.facts) as OrderFacts) : row.facts, customerId: row.customerId }));
    try {
      await evaluateShopOrders(shopId, jobs(shopRows), graphqlForShop);
    } catch (batchError) {
      if (shopRows.length === 1) {
        await markFailed(shopRows[0], batchError);
        continue;
      }
      for (const row of shopRows) {
        try {
          await evaluateShopOrders(shopId, jobs([row]), graphqlForShop);
        } catch (error) {
          await markFailed(row, error);
        }
      }
    }
  }
}

/** Queued orders due now: pending ones, and failed ones whose retry time has come. */
function dueOrders(now: number) {
  return prisma.$queryRaw<QueuedRow[]>`
    SELECT "id", "shopId", "topic", "orderId", "facts", "customerId", "attempts" FROM "OrderEvaluation"
    WHERE ("status" = 'pending' AND "attempts" < ${MAX_ATTEMPTS})
       OR ("status" = 'failed' AND "nextAttemptAt" <= ${now})
    ORDER BY "createdAt" ASC LIMIT ${BATCH}`;
}

async function drain(): Promise<void> {
  do {
    again = false;
    // Each failure counts an attempt or moves the order's next try into the future, so this ends.
    for (;;) {
      const rows = await dueOrders(Date.now());
      if (rows.length === 0 || stopped) break;
      await processBatch(rows);
    }
  } while (again && !stopped);
}

/** How long the worker lets orders gather before it evaluates them together. */
export const GATHER_MS = 25;

/**
 * Starts the in-process worker, or tells the running one to look again. The promise never
 * rejects: a failing loop (the database locked or gone) is logged and tried again with a
 * growing delay, so nothing that calls this can bring the process down.
 */
export function kickOrderWorker(gatherMs = GATHER_MS): Promise<void> {
  if (stopped) return Promise.resolve();
  if (draining) {
    again = true;
    return draining;
  }
  draining = new Promise((resolve) => setTimeout(resolve, gatherMs))
    .then(drain)
    .then(
      () => {
        loopFailures = 0;
      },
      (error: unknown) => {
        loopFailures += 1;
        const delay = backoffDelayMs(loopFailures, WORKER_BACKOFF);
        console.error(`Order worker failed (${loopFailures} in a row); trying again in ${delay} ms`, error);
        retryLater(delay);
      },
    )
    .finally(() => {
      draining = null;
    });
  return draining;
}

function retryLater(delayMs: number) {
  if (retryTimer || stopped) return;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    void kickOrderWorker(0);
  }, delayMs);
  retryTimer.unref?.();
}

/** Lets the worker run again after stopOrderWorker (tests; a restarted background). */
export function resumeOrderWorker(): void {
  stopped = false;
}

/** Stops taking new batches and waits for the batch in hand (shutdown). Unfinished orders stay queued. */
export async function stopOrderWorker(): Promise<void> {
  stopped = true;
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  while (draining) await draining;
}

/** Resolves once every queued order has been evaluated (tests, scripts, shutdown). */
export async function drainOrderEvaluations(): Promise<void> {
  while (draining) await draining;
  await kickOrderWorker(0);
}
