import { ONBOARDING_DONE } from "../domain/onboarding";
import prisma from "../db.server";
import { orderFactsFromPayload } from "../domain/order-payload";
import { recordAuditEvents, rollupDay } from "../services/audit/events.server";
import { checkoutBlockedEvent } from "../domain/checkout-events";
import { checkoutFacts, checkoutPayloadSchema } from "../domain/checkout-payload";
import { checkoutConfigFor, functionConfigRow } from "../services/checkout/function-config.server";
import { checkoutPayload } from "./checkout-payload-builder";
import { evaluateShopOrders } from "../services/monitoring/evaluation.server";
import { plannedDeliveries } from "../domain/alert-routing";
import { alertSentEvent } from "../domain/breach-event";
import { codesOf } from "../domain/audit-view";
import type { PlanId } from "../domain/plans";
import type { Severity } from "../domain/severity";
import { alertPreferences } from "../services/alerts/settings.server";
import { ensureShop } from "../services/shops/shops.server";
import { DEMO_CATALOG, buildDemoStore, seededRandom, variantGid } from "./demo-store";

/**
 * Creates the demo store and runs its sample orders through the monitoring engine, as if
 * Shopify had sent them over the last 90 days. The catalog's costs and collections go into
 * the engine's cache, where they would be after the Admin API answered.
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
  for (const item of demo.catalog) {
    await prisma.variantUnitCost.create({
      data: {
        shopId: shop.id,
        variantId: variantGid(item.variant),
        productId: `gid://shopify/Product/${item.product}`,
        inventoryItemId: `gid://shopify/InventoryItem/${item.variant}`,
        unitCostCents: item.costCents,
        currency: "USD",
        collectionIds: item.collections,
        fetchedAt: now,
      },
    });
  }
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
  let events = 0;
  for (let start = 0; start < jobs.length; start += 100) {
    const created = await evaluateShopOrders(shop.id, jobs.slice(start, start + 100), async () => null, {
      alerts: false,
    });
    events += created.reduce((sum, count) => sum + count, 0);
  }
  await recordSampleDeliveries(shop.id, demo.plan, demo.timezone);
  await recordSampleCheckouts(shop.id, now);
  return {
    shop,
    rules: demo.rules.length,
    collectionRules: demo.collectionRules.length,
    orders: demo.orders.length,
    events,
  };
}

/**
 * The alerts the demo shop's settings would have sent for its past breaches, as delivered
 * e-mail (sample data, like the whole demo store): each at the time routing would have sent
 * it, after the quiet hours when it fell in them. Nothing is queued: these are history.
 */
async function recordSampleDeliveries(shopId: string, plan: PlanId, timezone: string): Promise<void> {
  const settings = await prisma.alertSettings.findUniqueOrThrow({ where: { shopId } });
  const preferences = alertPreferences(settings, timezone);
  const breaches = await prisma.auditEvent.findMany({ where: { shopId, eventType: "rule_triggered" } });
  const sent = breaches.flatMap((breach) => {
    const [first] = plannedDeliveries(breach.severity as Severity, preferences, plan, breach.createdAt);
    if (!first) return [];
    return [
      alertSentEvent(
        breach.id,
        {
          severity: breach.severity as Severity,
          orderId: breach.orderId,
          orderName: breach.orderName,
          discountCodes: codesOf(breach.discountCodes),
          discountPercent: breach.discountPercent,
          totalDiscountCents: breach.totalDiscountCents,
          currency: breach.currency,
          ruleName: breach.ruleName,
          threshold: breach.threshold,
        },
        {
          channel: first.channel,
          detail: `${first.channel}, sample`,
          at: new Date(first.nextAttemptAt.getTime() + 5_000),
          sample: true,
        },
      ),
    ];
  });
  for (let start = 0; start < sent.length; start += 200)
    await recordAuditEvents(shopId, sent.slice(start, start + 200));
}

export const SAMPLE_BLOCKED_CHECKOUTS = 12;
export const SAMPLE_SHADOW_CHECKOUTS = 9;

/**
 * Checkout blocking's history in the demo store (sample data, labelled so): checkouts a
 * validation blocked 31 to 89 days ago, and, since the demo store cannot deploy one, the
 * checkouts of the last 30 days that shadow mode counted. Each is a checkout webhook's
 * payload decided by the Function's own code at the default configuration.
 */
async function recordSampleCheckouts(shopId: string, now: Date): Promise<void> {
  const rand = seededRandom(4040);
  const config = await checkoutConfigFor(await functionConfigRow(shopId));
  const day = 86_400_000;
  const sample = (index: number, daysAgo: number) => {
    const price = 60 + Math.round(rand() * 140);
    const share = 0.42 + rand() * 0.25;
    const payload = checkoutPayload({
      token: `sample-${index}-${Math.round(rand() * 1e9).toString(16)}`,
      lines: [{ title: DEMO_CATALOG[index % DEMO_CATALOG.length]!.title, price: price.toFixed(2) }],
      codes: [
        { code: "WELCOME15", amount: (price * 0.15).toFixed(2) },
        { code: "VIP30", amount: (price * (share - 0.15)).toFixed(2) },
      ],
    });
    return { facts: checkoutFacts(checkoutPayloadSchema.parse(payload)), at: new Date(now.getTime() - daysAgo * day) };
  };
  const blocked = Array.from({ length: SAMPLE_BLOCKED_CHECKOUTS }, (_, index) => {
    const { facts, at } = sample(index, 31 + Math.floor(rand() * 58));
    const { event } = checkoutBlockedEvent(facts, config, at);
    if (!event) throw new Error("A sample checkout was not blocked");
    return {
      ...event,
      message: `Sample: ${event.message}`,
      details: { ...(event.details as Record<string, unknown>), sample: true },
    };
  });
  await recordAuditEvents(shopId, blocked);
  for (let index = 0; index < SAMPLE_SHADOW_CHECKOUTS; index += 1) {
    const { facts, at } = sample(100 + index, Math.floor(rand() * 29));
    const { decision } = checkoutBlockedEvent(facts, config, at);
    await prisma.shadowCheckout.create({
      data: { shopId, token: facts.token, day: rollupDay(at), overLimitCents: decision.overLimitCents, createdAt: at },
    });
  }
}
