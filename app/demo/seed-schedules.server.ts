/**
 * The demo store's scheduled and testing rules (docs/product.md#status-and-schedule):
 * a Black Friday week cap, in force from 27 Nov to the end of 1 Dec 2026 in the demo shop's
 * zone (the week of the year the demo is seeded: app/demo/black-friday.ts), and a stricter cap in
 * testing with the would-have events (rule_tested) it recorded on the last days' sample orders.
 * Seeded after the sample orders ran through the engine, so the history's breaches and alerts
 * stay as the other rules made them.
 */
import prisma from "../db.server";
import type { NewAuditEvent } from "../domain/audit/audit-events";
import { orderFactsFromPayload } from "../domain/monitoring/order-payload";
import { planOrderEffects } from "../domain/actions/order-effects";
import { recordAuditEvents } from "../services/audit/events.server";
import { blackFridayWeek } from "./black-friday";
import { buildDemoStore } from "./demo-store";

export const DEMO_BLACK_FRIDAY_RULE = "demo-rule-black-friday";
export const DEMO_TESTING_RULE = "demo-rule-testing";

/** How many of the latest breaching sample orders the testing rule recorded. */
const TESTED_SHOWN = 4;

export async function seedScheduledRules(shopId: string, timeZone: string, now: Date): Promise<{ tested: number }> {
  const rule = { currency: "USD", action: "alert", conditions: {}, thresholdUnit: "PERCENT", ruleType: "max_discount" };
  await prisma.rule.create({
    data: {
      ...rule,
      id: DEMO_BLACK_FRIDAY_RULE,
      shopId,
      name: "Black Friday week: max 30% off",
      description: "Tighter for the sale: alerts on orders over 30% off from Black Friday to Cyber Monday",
      threshold: "30",
      thresholdPercent: 30,
      ...blackFridayWeek(now, timeZone),
    },
  });
  const testing = await prisma.rule.create({
    data: {
      ...rule,
      id: DEMO_TESTING_RULE,
      shopId,
      name: "Trial: max 15% off",
      description: "Being tried before it alerts anyone: its breaches are recorded as would-have events",
      threshold: "15",
      thresholdPercent: 15,
      testing: true,
      createdAt: new Date(now.getTime() - 7 * 86_400_000),
    },
  });
  // the sample orders of its week of testing, as the engine would have judged them
  const orders = buildDemoStore(now).orders.filter((order) => order.createdAt >= testing.createdAt);
  const plan = planOrderEffects(
    {
      shop: { id: shopId, plan: "core" },
      alerts: null,
      rules: [testing],
      stacking: { enabled: false, blockedStacking: [] },
      checkout: null,
      orderActions: new Map(),
      flowTriggerEnabled: false,
      variants: new Map(),
    },
    orders.flatMap((order) => {
      const parsed = orderFactsFromPayload(order.payload);
      return parsed.ok
        ? [{ topic: "orders/create", facts: parsed.facts, customerId: parsed.customerId, at: order.createdAt }]
        : [];
    }),
    new Map(),
    now,
    { history: true },
  );
  const events: NewAuditEvent[] = plan.events.map(({ event }) => event).slice(-TESTED_SHOWN);
  await recordAuditEvents(shopId, events);
  return { tested: events.length };
}
