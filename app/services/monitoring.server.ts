import crypto from "node:crypto";
import { Prisma, type OrderEvaluation } from "@prisma/client";
import prisma from "../db.server";
import { evaluateOrder, type EvaluableRule, type RuleOutcome } from "../domain/evaluate";
import type { OrderFacts } from "../domain/order-facts";
import { factsFingerprint, orderFactsFromPayload } from "../domain/order-payload";
import { mapCollectionRule } from "../domain/rules";
import { recordAuditEvents, type NewAuditEvent } from "./audit.server";
import { getStackingSettings } from "./rules.server";
import { loadVariantFacts, type AdminGraphql } from "./variant-facts.server";

export interface OrderDelivery {
  shop: string;
  topic: string;
  webhookId: string;
  payload: unknown;
}

export type EnqueueResult = "queued" | "duplicate" | "ignored";

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

/**
 * Before the webhook is acknowledged: the delivery is claimed (its id, once) and the order's
 * facts are queued in the same transaction. A redelivery finds the claim and adds nothing.
 */
export async function enqueueOrderWebhook(delivery: OrderDelivery): Promise<EnqueueResult> {
  const receipt = prisma.processedWebhook.create({
    data: { webhookId: delivery.webhookId, shopDomain: delivery.shop, topic: delivery.topic },
  });
  const parsed = orderFactsFromPayload(delivery.payload);
  const shop = await prisma.shop.findUnique({ where: { domain: delivery.shop } });
  try {
    if (!parsed.ok || !shop || shop.installState !== "installed") {
      if (!parsed.ok) console.error(`Unreadable ${delivery.topic} payload from ${delivery.shop}: ${parsed.error}`);
      await receipt;
      return "ignored";
    }
    await prisma.$transaction([
      receipt,
      prisma.orderEvaluation.create({
        data: {
          shopId: shop.id,
          webhookId: delivery.webhookId,
          topic: delivery.topic,
          orderId: parsed.facts.orderId,
          facts: parsed.facts as unknown as Prisma.InputJsonValue,
          customerId: parsed.customerId,
        },
      }),
    ]);
    return "queued";
  } catch (error) {
    if (isUniqueViolation(error)) return "duplicate";
    throw error;
  }
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

/**
 * Evaluates one queued order against the shop's active rules and records each breach once.
 * An order whose discounts did not change since it was last evaluated creates nothing.
 */
export async function evaluateQueuedOrder(
  job: Pick<OrderEvaluation, "shopId" | "topic" | "facts" | "customerId">,
  graphqlForShop: GraphqlForShop,
  at = new Date(),
): Promise<number> {
  const shop = await prisma.shop.findUnique({ where: { id: job.shopId } });
  if (!shop) return 0;
  const facts = job.facts as unknown as OrderFacts;
  const fingerprint = factsFingerprint(facts);
  const fingerprintHash = crypto.createHash("sha256").update(fingerprint).digest("hex").slice(0, 16);
  const previous = await prisma.orderCheck.findUnique({ where: { shopId_orderId: { shopId: shop.id, orderId: facts.orderId } } });
  if (previous?.fingerprint === fingerprint) return 0;

  const [rules, collectionRules, stacking] = await Promise.all([
    prisma.rule.findMany({ where: { shopId: shop.id, isActive: true } }),
    prisma.collectionRule.findMany({ where: { shopId: shop.id, isActive: true } }),
    getStackingSettings(shop.id),
  ]);
  const evaluable = evaluableRules(rules, collectionRules);
  const needsVariants = evaluable.some((rule) => rule.ruleType === "margin_floor" || rule.collectionId);
  let enriched = facts;
  if (needsVariants) {
    const variantIds = facts.lines.flatMap((line) => (line.variantId ? [line.variantId] : []));
    const variants = await loadVariantFacts(shop.id, variantIds, await graphqlForShop(shop.domain), at);
    enriched = {
      ...facts,
      lines: facts.lines.map((line) => {
        const known = line.variantId ? variants.get(line.variantId) : undefined;
        return known ? { ...line, unitCostCents: known.unitCostCents, collectionIds: known.collectionIds } : line;
      }),
    };
  }
  const breaches = evaluateOrder(enriched, evaluable, stacking).filter(
    (outcome): outcome is Extract<RuleOutcome, { breached: true }> => outcome.breached,
  );
  const events = breaches.map((outcome) =>
    breachEvent(outcome, enriched, { customerId: job.customerId, topic: job.topic, changed: Boolean(previous), fingerprintHash, at }),
  );

  return prisma.$transaction(async (tx) => {
    await tx.orderCheck.upsert({
      where: { shopId_orderId: { shopId: shop.id, orderId: facts.orderId } },
      create: { shopId: shop.id, orderId: facts.orderId, fingerprint, checkedAt: at },
      update: { fingerprint, checkedAt: at },
    });
    const keys = events.map((event) => event.dedupeKey as string);
    const existing = new Set(
      (await tx.auditEvent.findMany({ where: { shopId: shop.id, dedupeKey: { in: keys } }, select: { dedupeKey: true } })).map(
        (row) => row.dedupeKey,
      ),
    );
    const fresh = events.filter((event) => !existing.has(event.dedupeKey as string));
    await recordAuditEvents(shop.id, fresh, tx);
    return fresh.length;
  });
}

/** Attempts before a queued order is left as failed (its error is kept). */
export const MAX_ATTEMPTS = 3;
const BATCH = 25;

let graphqlForShop: GraphqlForShop = async () => null;
let draining: Promise<void> | null = null;
let again = false;

/** How the worker reaches Shopify; set once by the server (app/services/order-webhooks.server.ts). */
export function setGraphqlForShop(factory: GraphqlForShop): void {
  graphqlForShop = factory;
}

async function processJob(job: OrderEvaluation): Promise<void> {
  try {
    const created = await evaluateQueuedOrder(job, graphqlForShop);
    await prisma.orderEvaluation.update({
      where: { id: job.id },
      data: { status: "done", attempts: { increment: 1 }, eventsCreated: created, processedAt: new Date(), lastError: null },
    });
  } catch (error) {
    const attempts = job.attempts + 1;
    console.error(`Evaluating order ${job.orderId} failed (attempt ${attempts})`, error);
    await prisma.orderEvaluation.update({
      where: { id: job.id },
      data: {
        attempts,
        status: attempts >= MAX_ATTEMPTS ? "failed" : "pending",
        lastError: error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500),
      },
    });
  }
}

async function drain(): Promise<void> {
  do {
    again = false;
    for (;;) {
      const jobs = await prisma.orderEvaluation.findMany({
        where: { status: "pending", attempts: { lt: MAX_ATTEMPTS } },
        orderBy: { createdAt: "asc" },
        take: BATCH,
      });
      if (jobs.length === 0) break;
      for (const job of jobs) await processJob(job);
    }
  } while (again);
}

/** Starts the in-process worker, or tells the running one to look again. */
export function kickOrderWorker(): Promise<void> {
  if (draining) {
    again = true;
    return draining;
  }
  draining = drain().finally(() => {
    draining = null;
  });
  return draining;
}

/** Resolves once every queued order has been evaluated (tests, scripts, shutdown). */
export async function drainOrderEvaluations(): Promise<void> {
  while (draining) await draining;
  await kickOrderWorker();
}
