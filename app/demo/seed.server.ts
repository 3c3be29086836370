import { ONBOARDING_DONE } from "../domain/shops/onboarding";
import prisma from "../db.server";
import { orderFactsFromPayload } from "../domain/monitoring/order-payload";
import type { OrderFacts } from "../domain/monitoring/order-facts";
import { recordAuditEvents, rollupDay } from "../services/audit/events.server";
import { checkoutBlockedEvent } from "../domain/checkout/checkout-events";
import { checkoutFacts, checkoutPayloadSchema } from "../domain/checkout/checkout-payload";
import { centsToDecimal, dollarsToCents } from "../domain/money";
import { checkoutConfigFor, functionConfigRow } from "../services/checkout/function-config.server";
import { checkoutPayload } from "./checkout-payload-builder";
import { evaluateShopOrders, type OrderJob } from "../services/monitoring/evaluation.server";
import { forgetShopRules } from "../services/rules/cache.server";
import { alertSentEvent } from "../domain/monitoring/breach-event";
import { digestComposer } from "../services/alerts/digest-money.server";
import { ACTION_CHANNELS } from "../domain/actions/order-actions";
import type { AlertEvent } from "../domain/alerts/alert-event";
import type { NewAuditEvent } from "../domain/audit/audit-events";
import { storedEvent } from "../db/outbox-claims.sql.server";
import { dueDigestGroups, gatherDigest, settleDigested } from "../db/outbox-digests.sql.server";
import { prismaWriter } from "../db/raw-sql.server";
import { ensureShop } from "../db/shops.server";
import { DEMO_CATALOG, buildDemoStore, seededRandom, variantGid, type CatalogItem } from "./demo-store";
import { seedCodeRulesDiscount } from "./seed-category.server";
import { seedCodeCap } from "./seed-cap.server";
import { seedScheduledRules } from "./seed-schedules.server";
import { seedLeakedCode } from "./seed-leaks.server";
import { demoShopDiscounts, isLiveDiscount } from "./shop-discounts";
import { keepDiscountList } from "../services/preflight/discount-snapshot.server";
import { preflightDiscountOf } from "../services/preflight/discounts.server";
import { seedCostModel } from "./seed-costs.server";
import { seedProtectionGap, seedReconciledOrder } from "./seed-protection.server";
import { seedHeldOrders, settleSampleActions } from "./seed-holds.server";

/**
 * Creates the demo store and runs its sample orders through the monitoring engine, as if
 * Shopify had sent them over the last 90 days. The catalog's costs and collections go into
 * the engine's cache, where they would be after the Admin API answered. One rule holds the
 * orders it catches for the last DEMO_HOLD_DAYS: the holds are placed and the merchant's review
 * of them (cancelled, edited down, released) run through the app's own code, so what the demo
 * counts as saved is what the engine counted (app/demo/seed-holds.server.ts).
 */
export async function seedDemoStore(domain: string, now = new Date()) {
  const demo = buildDemoStore(now);
  const shop = await ensureShop(domain, {
    name: "Margin Guardrail Demo",
    isDemo: true,
    currency: "USD",
    timezone: demo.timezone,
  });
  await prisma.shop.update({
    where: { id: shop.id },
    // the demo's plan is known, as if Shopify had said it (its stand-in billing keeps it so)
    data: {
      plan: demo.plan,
      planCheckedAt: now,
      subscriptionId: "demo-subscription",
      subscriptionStatus: "ACTIVE",
      currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
      timezone: demo.timezone,
      onboardingStep: ONBOARDING_DONE,
      onboardingCompletedAt: demo.rulesCreatedAt,
    },
  });
  for (const rule of demo.rules) await prisma.rule.create({ data: { ...rule, shopId: shop.id } });
  for (const rule of demo.collectionRules) await prisma.collectionRule.create({ data: { ...rule, shopId: shop.id } });
  await recordAuditEvents(shop.id, [
    ...demo.rules.map((rule) => ({
      eventType: "rule_created" as const,
      severity: "low" as const,
      message: `Rule "${rule.name}" created`,
      ruleId: rule.id,
      ruleKey: rule.ruleType,
      ruleName: rule.name,
      discountCodes: [],
      createdAt: demo.rulesCreatedAt,
    })),
    ...demo.collectionRules.map((rule) => ({
      eventType: "rule_created" as const,
      severity: "low" as const,
      message: `Collection rule "${rule.collectionTitle} - Margin Floor" created`,
      ruleId: rule.id,
      ruleKey: "collection_rule",
      ruleName: `${rule.collectionTitle} - Margin Floor`,
      discountCodes: [],
      createdAt: demo.rulesCreatedAt,
    })),
  ]);
  await prisma.alertSettings.update({ where: { shopId: shop.id }, data: demo.alertSettings });
  await prisma.stackingSettings.update({ where: { shopId: shop.id }, data: demo.stackingSettings });
  await cacheCatalogVariants(shop.id, demo.catalog, now);
  await seedCostModel(shop.id, now);
  const jobs = demo.orders.map((order) => {
    const parsed = orderFactsFromPayload(order.payload);
    if (!parsed.ok) throw new Error(`Demo order ${order.payload.name} is unreadable: ${parsed.error}`);
    return {
      shopId: shop.id,
      topic: "orders/create",
      facts: parsed.facts,
      customerId: parsed.customerId,
      at: order.createdAt,
    };
  });
  // received as the order webhooks queue them (one discount's check replays them): each evaluated once
  await recordReceivedOrders(
    shop.id,
    jobs.map((job) => ({ facts: job.facts, customerId: job.customerId, createdAt: job.at })),
  );
  // the merchant turned holds on for one rule a while ago: the orders before ran without them
  const holdsFrom = jobs.filter((job) => job.at < demo.holds.since).length;
  let events = await evaluateHistory(shop.id, jobs.slice(0, holdsFrom));
  await prisma.rule.update({ where: { id: demo.holds.ruleId }, data: { holdOrder: true } });
  forgetShopRules(shop.id);
  events += await evaluateHistory(shop.id, jobs.slice(holdsFrom));
  // the holds placed, and the merchant's review of them, before the code rules existed
  const holds = await seedHeldOrders(shop, demo, now);
  events += holds.events;
  await seedCodeRulesDiscount(shop.id, now);
  await seedCodeCap(shop.id);
  // after the code rules, before the alerts are settled: its alerts are history too
  events += await seedProtectionGap(shop.id, now);
  events += await seedReconciledOrder(shop.id, now);
  // the holds of the latest orders, waiting for the merchant's review
  const waiting = await settleSampleActions(shop, now);
  await settleSampleAlerts(shop.id, demo.timezone, now);
  await recordShadowCheckouts(shop.id, now);
  await seedScheduledRules(shop.id, demo.timezone, now);
  await seedLeakedCode(shop.id, now);
  // the discounts the app keeps for one discount's check, as a first check would have read them
  // (the live ones: the preflight's query asks for active and scheduled discounts)
  await keepDiscountList(shop.id, demoShopDiscounts(now).filter(isLiveDiscount).map(preflightDiscountOf), now);
  return {
    shop,
    rules: demo.rules.length,
    collectionRules: demo.collectionRules.length,
    orders: demo.orders.length,
    events,
    holds: { ...holds, held: holds.held + waiting.length },
  };
}

/** Runs past orders through the engine, 100 at a time; returns the events they created. */
async function evaluateHistory(shopId: string, jobs: OrderJob[]): Promise<number> {
  let events = 0;
  for (let start = 0; start < jobs.length; start += 100) {
    const created = await evaluateShopOrders(shopId, jobs.slice(start, start + 100), async () => null, {
      history: true,
    });
    events += created.reduce((sum, count) => sum + count, 0);
  }
  return events;
}

/** How long a sample delivery took, after it was due (the demo's mail folder answers at once). */
const SAMPLE_DELIVERY_MS = 1_500;

/**
 * The demo's alert history. The engine queued each past breach's alerts as at its order's
 * time, held by the quiet hours where they fell in them (evaluateShopOrders' `history`). What
 * would have gone out before `now` is settled as the worker would have: held alerts gathered
 * into their digests at their release (the worker's own gathering), each due delivery sent
 * with its attempt, and alert_sent recorded, at the times they would have happened, as
 * samples. What is due later stays queued for the running app's worker to deliver.
 */
async function settleSampleAlerts(shopId: string, timezone: string, now: Date): Promise<void> {
  const writer = prismaWriter(prisma);
  const groups = (await dueDigestGroups(writer.sql, now, 100_000)).filter((group) => group.shopId === shopId);
  for (const group of groups) {
    await gatherDigest(writer, group, group.releaseAt, digestComposer(group, timezone));
  }
  const due = await prisma.alertAndActionOutbox.findMany({
    // the order actions were done as the worker does them (settleSampleActions)
    where: {
      shopId,
      status: "pending",
      nextAttemptAt: { lte: now },
      channel: { notIn: Object.values(ACTION_CHANNELS) },
    },
    orderBy: { nextAttemptAt: "asc" },
  });
  const rand = seededRandom(5151);
  const sent: NewAuditEvent[] = [];
  await prisma.$transaction(async (tx) => {
    for (const row of due) {
      const durationMs = 200 + Math.round(rand() * 900);
      const sentAt = new Date(Math.min(now.getTime(), row.nextAttemptAt.getTime() + SAMPLE_DELIVERY_MS + durationMs));
      await tx.alertAndActionOutbox.update({ where: { id: row.id }, data: { status: "sent", attempts: 1, sentAt } });
      await tx.alertAttempt.create({
        data: { outboxId: row.id, shopId, attemptedAt: sentAt, ok: true, durationMs },
      });
      const delivered = (auditEventId: string, event: AlertEvent, detail: string) =>
        sent.push(alertSentEvent(auditEventId, event, { channel: row.channel, detail, at: sentAt, sample: true }));
      if (row.auditEventId) delivered(row.auditEventId, storedEvent(row.payload), `${row.channel}, sample`);
      else
        for (const entry of await settleDigested(tx, row.id, { sentAt }))
          delivered(entry.auditEventId, entry.event, `${row.channel}, in a digest, sample`);
    }
  });
  for (let start = 0; start < sent.length; start += 200)
    await recordAuditEvents(shopId, sent.slice(start, start + 200));
}

export const SAMPLE_SHADOW_CHECKOUTS = 9;

/**
 * Shadow mode's history in the demo store (sample data, labelled so): checkouts of the last 30
 * days that the checkout rule would have blocked, decided by the Function's own code at the
 * default configuration. None is recorded as blocked: the demo store is on Core, where the
 * validation is not deployed (with PLUS_PLAN_ENABLED=true a newcomer can deploy it in the demo
 * and post a sample checkout: docs/demo.md#seeing-blocking).
 */
async function recordShadowCheckouts(shopId: string, now: Date): Promise<void> {
  const rand = seededRandom(4040);
  const config = await checkoutConfigFor(await functionConfigRow(shopId));
  const day = 86_400_000;
  for (let index = 0; index < SAMPLE_SHADOW_CHECKOUTS; index += 1) {
    const price = 60 + Math.round(rand() * 140);
    const share = 0.42 + rand() * 0.25;
    const payload = checkoutPayload({
      token: `sample-${100 + index}-${Math.round(rand() * 1e9).toString(16)}`,
      lines: [
        {
          title: DEMO_CATALOG[(100 + index) % DEMO_CATALOG.length]!.title,
          price: centsToDecimal(dollarsToCents(price)),
        },
      ],
      codes: [
        { code: "WELCOME15", amount: centsToDecimal(dollarsToCents(price * 0.15)) },
        { code: "VIP30", amount: centsToDecimal(dollarsToCents(price * (share - 0.15))) },
      ],
    });
    const facts = checkoutFacts(checkoutPayloadSchema.parse(payload));
    const at = new Date(now.getTime() - Math.floor(rand() * 29) * day);
    const { decision } = checkoutBlockedEvent(facts, config, at);
    await prisma.shadowCheckout.create({
      data: { shopId, token: facts.token, day: rollupDay(at), overLimitCents: decision.overLimitCents, createdAt: at },
    });
  }
}

/** The catalog's variants (unit cost, product, collections) as the app caches them from Shopify. */
export async function cacheCatalogVariants(shopId: string, catalog: readonly CatalogItem[], now = new Date()) {
  await prisma.variantUnitCost.createMany({
    data: catalog.map((item) => ({
      shopId,
      variantId: variantGid(item.variant),
      productId: `gid://shopify/Product/${item.product}`,
      inventoryItemId: `gid://shopify/InventoryItem/${item.variant}`,
      unitCostCents: item.costCents,
      currency: "USD",
      collectionIds: item.collections,
      fetchedAt: now,
    })),
  });
}

/** Orders as the app received them with its order webhooks: its queue's rows, each evaluated once. */
export async function recordReceivedOrders(
  shopId: string,
  orders: { facts: OrderFacts; customerId?: string | null; createdAt: Date }[],
) {
  await prisma.orderEvaluation.createMany({
    data: orders.map(({ facts, customerId, createdAt }) => ({
      shopId,
      webhookId: `received-${shopId}-${facts.orderId}-${createdAt.getTime()}`,
      topic: "orders/create",
      orderId: facts.orderId,
      facts: facts as object,
      customerId: customerId ?? null,
      status: "done",
      attempts: 1,
      createdAt,
      processedAt: createdAt,
    })),
  });
}
