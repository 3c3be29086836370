/**
 * The demo store's sample data, built deterministically from a fixed random seed so that
 * every run (and every test) sees the same store. Pure: give it "now".
 */
import { dollarsToCents } from "../domain/money";
import type { PlanId } from "../domain/plans";
import { severityFor, stackingSeverity } from "../domain/severity";
import type { NewAuditEvent } from "../services/audit.server";

const DAY_MS = 86_400_000;
export const DEMO_DAYS = 90;
export const DEMO_ORDERS = 400;

/** Small, fast, seedable PRNG (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CODES = ["WELCOME10", "SUMMER20", "VIP25", "FREESHIP", "BUNDLE15", "FLASH30", "STAFF40"];
const COLLECTION_ID = "gid://shopify/Collection/424242";

export function buildDemoStore(now: Date) {
  const rand = random(20261121);
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
      conditions: {},
    },
    {
      id: "demo-rule-max-amount",
      name: "Cap discounts at $50",
      description: "Alert when an order's discounts add up to more than $50",
      ruleType: "max_discount_amount",
      threshold: "50",
      thresholdAmountCents: 5000,
      thresholdUnit: "AMOUNT",
      conditions: {},
    },
    {
      id: "demo-rule-margin-floor",
      name: "Keep a 25% margin",
      description: "Alert when an order's margin after discounts falls under 25%",
      ruleType: "margin_floor",
      threshold: "25",
      thresholdPercent: 25,
      thresholdUnit: "PERCENT",
      conditions: {},
    },
    {
      id: "demo-rule-stacking",
      name: "One promotion per order",
      description: null,
      ruleType: "stacking_prevention",
      threshold: "0",
      thresholdAmountCents: 0,
      thresholdUnit: "AMOUNT",
      conditions: {},
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
      conditions: {},
    },
  ].map((rule) => ({ ...rule, currency: "USD", action: "alert", createdAt: rulesCreatedAt }));

  const collectionRules = [
    {
      id: "demo-collection-rule-summer",
      collectionId: COLLECTION_ID,
      collectionTitle: "Summer Sale",
      ruleType: "margin_floor",
      threshold: 20,
      conditions: {},
      createdAt: rulesCreatedAt,
    },
  ];

  const events: NewAuditEvent[] = [
    ...rules.map((rule) => ({
      eventType: "rule_created" as const,
      severity: "low" as const,
      message: `Rule "${rule.name}" created`,
      ruleId: rule.id,
      ruleKey: rule.ruleType,
      ruleName: rule.name,
      discountCodes: [],
      createdAt: rulesCreatedAt,
    })),
    {
      eventType: "rule_created" as const,
      severity: "low" as const,
      message: "Collection rule \"Summer Sale - Margin Floor\" created",
      ruleId: collectionRules[0].id,
      ruleKey: "collection_rule",
      ruleName: "Summer Sale - Margin Floor",
      discountCodes: [],
      createdAt: rulesCreatedAt,
    },
  ];

  for (let index = 0; index < DEMO_ORDERS; index += 1) {
    const createdAt = new Date(start.getTime() + Math.floor(rand() * DEMO_DAYS * DAY_MS));
    const orderNumber = 1001 + index;
    const orderName = `#${orderNumber}`;
    const orderId = `gid://shopify/Order/${5_600_000_000_000 + orderNumber}`;
    const subtotal = dollarsToCents(40 + Math.round(rand() * 360));
    const applications = rand() < 0.22 ? 2 + Math.floor(rand() * 2) : 1;
    const codes = Array.from({ length: applications }, () => CODES[Math.floor(rand() * CODES.length)]);
    const uniqueCodes = [...new Set(codes)];
    const discountPercent = Math.round((5 + rand() * (applications > 1 ? 45 : 30)) * 10) / 10;
    const discount = Math.round((subtotal * discountPercent) / 100);
    const after = subtotal - discount;
    const cost = Math.round(subtotal * (0.42 + rand() * 0.2));
    const marginPercent = Math.round(((after - cost) / after) * 1000) / 10;
    const inSummerSale = rand() < 0.3;
    const order = {
      orderId,
      orderName,
      customerId: `gid://shopify/Customer/${7_100_000 + Math.floor(rand() * 900)}`,
      discountCodes: uniqueCodes,
      discountPercent,
      totalDiscountCents: discount,
      preDiscountSubtotalCents: subtotal,
      subtotalAfterDiscountCents: after,
      marginPercent,
      costCoveredLines: 1,
      costUncoveredLines: 0,
      currency: "USD",
      createdAt,
    };
    const breach = (
      rule: { id: string; name: string; ruleType: string },
      threshold: number,
      severity: NewAuditEvent["severity"],
      marginSavedCents: number,
      message: string,
    ) =>
      events.push({
        ...order,
        eventType: "rule_triggered",
        severity,
        message,
        ruleId: rule.id,
        ruleKey: rule.ruleType,
        ruleName: rule.name,
        threshold,
        marginSavedCents,
        dedupeKey: `${orderId}|${rule.id}`,
        details: { rule_name: rule.name, threshold_amount: threshold },
      });

    if (discountPercent > 30) {
      breach(
        rules[0],
        30,
        severityFor(discountPercent, 30),
        discount - Math.round(subtotal * 0.3),
        `Order ${orderName} took ${discountPercent.toFixed(1)}% off, above the 30% limit`,
      );
    }
    if (discount > 5000) {
      breach(
        rules[1],
        50,
        severityFor(discount, 5000),
        discount - 5000,
        `Order ${orderName} was discounted $${(discount / 100).toFixed(2)}, above the $50.00 cap`,
      );
    }
    if (marginPercent < 25) {
      breach(
        rules[2],
        25,
        severityFor(marginPercent, 25),
        Math.round(after * 0.25) - (after - cost),
        `Order ${orderName} kept a ${marginPercent.toFixed(1)}% margin, under the 25% floor`,
      );
    }
    if (applications > 1) {
      breach(
        rules[3],
        1,
        stackingSeverity(applications),
        Math.max(0, discount - Math.round(subtotal * 0.15)),
        `Order ${orderName} stacked ${applications} discounts (${uniqueCodes.join(", ")})`,
      );
    }
    if (inSummerSale && marginPercent < 20) {
      events.push({
        ...order,
        eventType: "rule_triggered",
        severity: severityFor(marginPercent, 20),
        message: `Summer Sale items in ${orderName} kept a ${marginPercent.toFixed(1)}% margin, under the 20% floor`,
        ruleId: collectionRules[0].id,
        ruleKey: "collection_rule",
        ruleName: "Summer Sale - Margin Floor",
        threshold: 20,
        marginSavedCents: Math.round(after * 0.2) - (after - cost),
        dedupeKey: `${orderId}|${collectionRules[0].id}`,
        details: { rule_name: "Summer Sale - Margin Floor", threshold_amount: 20 },
      });
    }
  }
  events.sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime());

  return {
    plan,
    timezone: "America/Chicago",
    rules,
    collectionRules,
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
    events,
  };
}
