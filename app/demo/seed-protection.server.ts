/**
 * The demo store's protection story (docs/product.md#protection-gaps): one sale rung up in
 * Shopify's POS with a code the code rules turn away (discount Functions never run at a POS, so
 * the code went through and the engine records the order as a protection gap with its cause),
 * and one order whose webhook never came, found by the last reconciliation sweep
 * (docs/operations.md#reconciliation).
 */
import { centsToDecimal, percentOfCents } from "../domain/money";
import prisma from "../db.server";
import { RECONCILIATION_TOPIC } from "../domain/monitoring/reconciliation";
import { orderFactsFromPayload } from "../domain/monitoring/order-payload";
import { forgetShopRules } from "../services/rules/cache.server";
import { evaluateShopOrders } from "../services/monitoring/evaluation.server";
import { DEMO_CATALOG } from "./demo-store";
import { orderPayload } from "./order-payload-builder";

/** The POS sale's code: 45 % off, above the demo code rules' 30 % cap. */
export const DEMO_POS_CODE = "STAFF45";
const POS_ORDER_ID = 9_100_001;
const POS_ORDER_NUMBER = 1460;

/** Returns the events the sale recorded. */
export async function seedProtectionGap(shopId: string, now: Date): Promise<number> {
  const item = DEMO_CATALOG[0];
  const off = percentOfCents(item.priceCents, 45);
  const at = new Date(now.getTime() - 3 * 3_600_000);
  const payload = {
    ...orderPayload({
      id: POS_ORDER_ID,
      number: POS_ORDER_NUMBER,
      customerId: null,
      createdAt: at.toISOString(),
      codes: [{ code: DEMO_POS_CODE, amount: centsToDecimal(off), type: "percentage" }],
      applications: [
        { type: "discount_code", target: "line_item", valueType: "percentage", value: "45.0", code: DEMO_POS_CODE },
      ],
      lines: [
        {
          variant: item.variant,
          product: item.product,
          price: { shop: centsToDecimal(item.priceCents) },
          allocations: [{ index: 0, amount: { shop: centsToDecimal(off) } }],
        },
      ],
    }),
    source_name: "pos",
  };
  // the code rules were written after the sample orders: the engine reads them again
  forgetShopRules(shopId);
  return evaluateDemoOrder(shopId, payload, "orders/create", at);
}

/** The order the last sweep found: Shopify never sent its webhook. */
const MISSED_ORDER_ID = 9_100_002;
const MISSED_ORDER_NUMBER = 1461;

/** Returns the events the order recorded. */
export async function seedReconciledOrder(shopId: string, now: Date): Promise<number> {
  const item = DEMO_CATALOG[1];
  // a 20 % code (within the code rules' cap) stacked with a 15 % automatic discount: 35 % off
  const code = percentOfCents(item.priceCents, 20);
  const automatic = percentOfCents(item.priceCents - code, 15);
  const at = new Date(now.getTime() - 40 * 60_000);
  const payload = orderPayload({
    id: MISSED_ORDER_ID,
    number: MISSED_ORDER_NUMBER,
    customerId: 7_100_901,
    createdAt: at.toISOString(),
    codes: [{ code: "WELCOME20", amount: centsToDecimal(code), type: "percentage" }],
    applications: [
      { type: "discount_code", target: "line_item", valueType: "percentage", value: "20.0", code: "WELCOME20" },
      { type: "automatic", target: "line_item", valueType: "percentage", value: "15.0", title: "Weekend 15" },
    ],
    lines: [
      {
        variant: item.variant,
        product: item.product,
        price: { shop: centsToDecimal(item.priceCents) },
        allocations: [
          { index: 0, amount: { shop: centsToDecimal(code) } },
          { index: 1, amount: { shop: centsToDecimal(automatic) } },
        ],
      },
    ],
  });
  const sweptAt = new Date(now.getTime() - 5 * 60_000);
  const events = await evaluateDemoOrder(shopId, payload, RECONCILIATION_TOPIC, sweptAt);
  const sweep = {
    lastSweepAt: sweptAt,
    sweptThrough: sweptAt,
    lastChecked: 9,
    lastMissed: 1,
    lastEvaluated: 1,
    missingTopics: "",
  };
  await prisma.shopReconciliation.upsert({ where: { shopId }, create: { shopId, ...sweep }, update: sweep });
  return events;
}

async function evaluateDemoOrder(shopId: string, payload: unknown, topic: string, at: Date): Promise<number> {
  const parsed = orderFactsFromPayload(payload);
  if (!parsed.ok) throw new Error(`A demo order is unreadable: ${parsed.error}`);
  const [events] = await evaluateShopOrders(
    shopId,
    [{ shopId, topic, facts: parsed.facts, customerId: parsed.customerId, at }],
    async () => null,
    { history: true },
  );
  return events ?? 0;
}
