/**
 * The demo store (docs/product.md#modes): its rules, settings, product catalog (unit costs and
 * collections, as the engine would have cached them from Shopify) and a few hundred sample
 * orders over 90 days. Deterministic: a seeded random generator, so every run and every
 * test sees the same store. Pure: give it "now". The seed runs the orders through the
 * monitoring engine, so every event on every screen is one the engine produced.
 */
import { centsToDecimal, percentOfCents } from "../domain/money";
import type { PlanId } from "../domain/billing/plans";
import { orderPayload, type LineSpec, type Money, type OrderSpec } from "./order-payload-builder";

const DAY_MS = 86_400_000;
export const DEMO_DAYS = 90;
export const DEMO_ORDERS = 400;
export const DEMO_TIMEZONE = "America/Chicago";
export const SUMMER_SALE = "gid://shopify/Collection/424242";

import { seededRandom } from "../domain/seeded-random";

export { seededRandom };

export interface CatalogItem {
  variant: number;
  product: number;
  title: string;
  priceCents: number;
  /** null: Shopify has no cost for it (the engine reports such lines as uncovered) */
  costCents: number | null;
  collections: string[];
}

export const DEMO_CATALOG: CatalogItem[] = [
  {
    variant: 9001,
    product: 8001,
    title: "Linen shirt",
    priceCents: 6_800,
    costCents: 3_000,
    collections: [SUMMER_SALE],
  },
  { variant: 9002, product: 8002, title: "Denim jacket", priceCents: 14_000, costCents: 7_500, collections: [] },
  {
    variant: 9003,
    product: 8003,
    title: "Canvas sneakers",
    priceCents: 9_500,
    costCents: 5_200,
    collections: [SUMMER_SALE],
  },
  { variant: 9004, product: 8004, title: "Wool beanie", priceCents: 3_200, costCents: 1_200, collections: [] },
  { variant: 9005, product: 8005, title: "Leather belt", priceCents: 5_500, costCents: 2_600, collections: [] },
  {
    variant: 9006,
    product: 8006,
    title: "Sunglasses",
    priceCents: 12_000,
    costCents: 4_800,
    collections: [SUMMER_SALE],
  },
  { variant: 9007, product: 8007, title: "Gift box", priceCents: 2_000, costCents: null, collections: [] },
  { variant: 9008, product: 8008, title: "Water bottle", priceCents: 2_800, costCents: 900, collections: [] },
];

export const variantGid = (variant: number) => `gid://shopify/ProductVariant/${variant}`;

/**
 * The demo store's collections by title, as Shopify's resource picker lists them (the code rules'
 * picker, through the stand-in of Shopify); only Summer Sale holds catalog items.
 */
export const DEMO_COLLECTIONS: { id: string; title: string }[] = [
  { id: SUMMER_SALE, title: "Summer Sale" },
  { id: "gid://shopify/Collection/424243", title: "Accessories" },
  { id: "gid://shopify/Collection/424244", title: "Gifts" },
];

interface Promotion {
  type: "discount_code" | "automatic";
  code?: string;
  title: string;
  valueType: "percentage" | "fixed_amount";
  value: number;
  target: "line_item" | "shipping_line";
}

const CODES: Promotion[] = [
  {
    type: "discount_code",
    code: "WELCOME10",
    title: "WELCOME10",
    valueType: "percentage",
    value: 10,
    target: "line_item",
  },
  {
    type: "discount_code",
    code: "SUMMER20",
    title: "SUMMER20",
    valueType: "percentage",
    value: 20,
    target: "line_item",
  },
  { type: "discount_code", code: "VIP25", title: "VIP25", valueType: "percentage", value: 25, target: "line_item" },
  {
    type: "discount_code",
    code: "BUNDLE15",
    title: "BUNDLE15",
    valueType: "fixed_amount",
    value: 15,
    target: "line_item",
  },
  { type: "discount_code", code: "FLASH30", title: "FLASH30", valueType: "percentage", value: 30, target: "line_item" },
  { type: "discount_code", code: "STAFF40", title: "STAFF40", valueType: "percentage", value: 40, target: "line_item" },
  {
    type: "discount_code",
    code: "FREESHIP",
    title: "FREESHIP",
    valueType: "percentage",
    value: 100,
    target: "shipping_line",
  },
];
const AUTOMATIC: Promotion[] = [
  { type: "automatic", title: "Spend $150, save $20", valueType: "fixed_amount", value: 20, target: "line_item" },
  { type: "automatic", title: "Summer Sale 15% off", valueType: "percentage", value: 15, target: "line_item" },
];
const SHIPPING_CENTS = 800;

const dollars = (cents: number) => centsToDecimal(cents);

/** Splits a discount across lines by their totals; the last line takes the rounding. */
function spread(totalCents: number, lineTotals: number[]): number[] {
  const sum = lineTotals.reduce((a, b) => a + b, 0);
  let left = totalCents;
  return lineTotals.map((lineTotal, index) => {
    if (index === lineTotals.length - 1) return left;
    const share = Math.round((totalCents * lineTotal) / sum);
    left -= share;
    return share;
  });
}

/** A sample order: lines from the catalog, promotions applied line by line, as Shopify reports them. */
export function sampleOrder(rand: () => number, id: number, number: number, createdAt: Date) {
  return orderPayload(sampleOrderSpec(rand, id, number, createdAt));
}

/** The sample order's spec (order-payload-builder.ts): what sampleOrder's payload is made from. */
export function sampleOrderSpec(rand: () => number, id: number, number: number, createdAt: Date): OrderSpec {
  const lineCount = 1 + Math.floor(rand() * 3);
  const items = Array.from({ length: lineCount }, () => DEMO_CATALOG[Math.floor(rand() * DEMO_CATALOG.length)]);
  const quantities = items.map(() => (rand() < 0.2 ? 2 : 1));
  const lineTotals = items.map((item, index) => item.priceCents * quantities[index]);
  const subtotal = lineTotals.reduce((a, b) => a + b, 0);

  const promotions: Promotion[] = [];
  if (rand() < 0.85) promotions.push(CODES[Math.floor(rand() * (CODES.length - 1))]);
  if (rand() < 0.2) promotions.push(CODES[6]);
  if (subtotal >= 15_000 && rand() < 0.5) promotions.push(AUTOMATIC[0]);
  if (items.some((item) => item.collections.includes(SUMMER_SALE)) && rand() < 0.35) promotions.push(AUTOMATIC[1]);

  const allocations: { index: number; amount: { shop: string } }[][] = items.map(() => []);
  const shippingAllocations: { index: number; amount: { shop: string } }[] = [];
  const remaining = [...lineTotals];
  promotions.forEach((promotion, index) => {
    if (promotion.target === "shipping_line") {
      shippingAllocations.push({ index, amount: { shop: dollars(SHIPPING_CENTS) } });
      return;
    }
    const eligible =
      promotion === AUTOMATIC[1] ? items.map((item) => item.collections.includes(SUMMER_SALE)) : items.map(() => true);
    const bases = remaining.map((value, line) => (eligible[line] ? value : 0));
    const baseTotal = bases.reduce((a, b) => a + b, 0);
    const total =
      promotion.valueType === "percentage"
        ? percentOfCents(baseTotal, promotion.value)
        : Math.min(baseTotal, promotion.value * 100);
    spread(total, bases).forEach((share, line) => {
      if (share <= 0) return;
      allocations[line].push({ index, amount: { shop: dollars(share) } });
      remaining[line] -= share;
    });
  });

  const codes = promotions.filter((promotion) => promotion.code);
  const spec: OrderSpec = {
    id,
    number,
    customerId: 7_100_000 + Math.floor(rand() * 900),
    createdAt: createdAt.toISOString(),
    codes: codes.map((promotion) => ({
      code: promotion.code!,
      amount: dollars(
        promotion.target === "shipping_line"
          ? SHIPPING_CENTS
          : allocations
              .flat()
              .filter((item) => promotions[item.index] === promotion)
              .reduce((sum, item) => sum + Math.round(Number(item.amount.shop) * 100), 0),
      ),
      type: promotion.valueType,
    })),
    applications: promotions.map((promotion) => ({
      type: promotion.type,
      target: promotion.target,
      valueType: promotion.valueType,
      value: String(promotion.value),
      title: promotion.title,
      code: promotion.code,
    })),
    lines: items.map((item, index): LineSpec => ({
      variant: item.variant,
      product: item.product,
      quantity: quantities[index],
      price: { shop: dollars(item.priceCents) },
      allocations: allocations[index],
    })),
    shipping: { price: { shop: dollars(SHIPPING_CENTS) }, allocations: shippingAllocations },
  };
  return spec;
}

/**
 * The merchant's edit of a held order (docs/product.md#what-the-figures-count): the promotions
 * stacked on its first one taken off, as Shopify reports the order afterwards (orders/updated).
 * Null when the order has a single promotion: there is nothing stacked to take off.
 */
export function withoutStackedPromotions(spec: OrderSpec): OrderSpec | null {
  const applications = spec.applications ?? [];
  if (applications.length < 2) return null;
  const first = applications[0]!;
  const firstOnly = (allocations: { index: number; amount: Money }[] = []) =>
    allocations.filter((allocation) => allocation.index === 0);
  return {
    ...spec,
    applications: [first],
    codes: (spec.codes ?? []).filter((code) => code.code === first.code),
    lines: spec.lines.map((line) => ({ ...line, allocations: firstOnly(line.allocations) })),
    shipping: spec.shipping && { ...spec.shipping, allocations: firstOnly(spec.shipping.allocations) },
  };
}

/**
 * The demo's rule that holds the fulfilment of the orders it catches (docs/product.md#order-actions),
 * turned on DEMO_HOLD_DAYS before the seed: the merchant's review of those holds is what the
 * demo's "Saved" counts (app/demo/seed-holds.server.ts).
 */
export const DEMO_HOLD_RULE = "demo-rule-max-discount";
export const DEMO_HOLD_DAYS = 30;

export function buildDemoStore(now: Date) {
  const rand = seededRandom(20261121);
  const start = new Date(now.getTime() - DEMO_DAYS * DAY_MS);
  const rulesCreatedAt = new Date(start.getTime() - DAY_MS);
  const plan: PlanId = "core";

  const rules = [
    {
      id: "demo-rule-max-discount",
      name: "Max 30% off any order",
      description: "Alert when discounts take more than 30% off the order subtotal",
      ruleType: "max_discount",
      threshold: "30",
      thresholdPercent: 30,
      thresholdUnit: "PERCENT",
    },
    {
      id: "demo-rule-max-amount",
      name: "Cap discounts at $50",
      description: "Alert when an order's discounts add up to more than $50",
      ruleType: "max_discount_amount",
      threshold: "50",
      thresholdAmountCents: 5000,
      thresholdUnit: "AMOUNT",
    },
    {
      id: "demo-rule-margin-floor",
      name: "Keep a 25% margin",
      description: "Alert when an order's margin after discounts falls under 25%",
      ruleType: "margin_floor",
      threshold: "25",
      thresholdPercent: 25,
      thresholdUnit: "PERCENT",
    },
    {
      id: "demo-rule-stacking",
      name: "One promotion per order",
      description: null,
      ruleType: "stacking_prevention",
      threshold: "0",
      thresholdAmountCents: 0,
      thresholdUnit: "AMOUNT",
    },
    {
      id: "demo-rule-holiday",
      name: "Holiday 40% cap",
      description: "Paused until the holiday sale",
      ruleType: "max_discount",
      threshold: "40",
      thresholdPercent: 40,
      thresholdUnit: "PERCENT",
      isActive: false,
    },
  ].map((rule) => ({ ...rule, currency: "USD", action: "alert", conditions: {}, createdAt: rulesCreatedAt }));

  const collectionRules = [
    {
      id: "demo-collection-rule-summer",
      collectionId: SUMMER_SALE,
      collectionTitle: "Summer Sale",
      ruleType: "margin_floor",
      threshold: 20,
      conditions: {},
      createdAt: rulesCreatedAt,
    },
  ];

  const orders = Array.from({ length: DEMO_ORDERS }, (_, index) => {
    const createdAt = new Date(start.getTime() + Math.floor(rand() * DEMO_DAYS * DAY_MS));
    const spec = sampleOrderSpec(rand, 5_600_000_001_000 + index, 1001 + index, createdAt);
    return { createdAt, spec, payload: orderPayload(spec) };
  }).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

  return {
    plan,
    timezone: DEMO_TIMEZONE,
    rulesCreatedAt,
    rules,
    collectionRules,
    holds: { ruleId: DEMO_HOLD_RULE, since: new Date(now.getTime() - DEMO_HOLD_DAYS * DAY_MS) },
    catalog: DEMO_CATALOG,
    orders,
    alertSettings: {
      emailEnabled: true,
      emails: ["ops@margin-guardrail-demo.example"],
      frequency: "immediate",
      minSeverity: "medium",
      quietStart: "22:00",
      quietEnd: "08:00",
    },
    stackingSettings: {
      enabled: true,
      blockedStacking: [["DiscountCodeBasic", "DiscountAutomaticBasic"]],
    },
  };
}
