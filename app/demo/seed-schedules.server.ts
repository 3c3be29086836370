/**
 * The demo store's scheduled and testing rules (docs/product.md#status-and-schedule):
 * a Black Friday week cap, in force from 27 Nov to the end of 1 Dec 2026 in the demo shop's
 * zone (the next such week when seeded later), and a stricter cap in testing with the would-have events (rule_tested) it recorded on
 * the last days' sample orders. Seeded after the sample orders ran through the engine, so the
 * history's breaches and alerts stay as the other rules made them.
 */
import prisma from "../db.server";
import type { NewAuditEvent } from "../domain/audit/audit-events";
import { orderFactsFromPayload } from "../domain/monitoring/order-payload";
import { planOrderEffects } from "../domain/actions/order-effects";
import { parseScheduleInstant } from "../domain/rules/rule-schedule";
import { recordAuditEvents } from "../services/audit/events.server";
import { buildDemoStore } from "./demo-store";

export const DEMO_BLACK_FRIDAY_RULE = "demo-rule-black-friday";
export const DEMO_TESTING_RULE = "demo-rule-testing";

/**
 * The next Black Friday week after `now` in the shop's zone: from Black Friday (the day after
 * the fourth Thursday of November) to the end of the Tuesday after Cyber Monday, 27 Nov to 1 Dec
 * in 2026. Always ahead of the seed, so the demo's history and its checks of today's orders never
 * meet it in force.
 */
export function blackFridayWeek(now: Date, timeZone: string): { startsAt: Date; endsAt: Date } {
  const day = (year: number, offset: number) => {
    const date = new Date(Date.UTC(year, 10, 1 + offset));
    return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, "0")}-${String(date.getUTCDate()).padStart(2, "0")}T00:00`;
  };
  for (let year = now.getUTCFullYear(); ; year += 1) {
    const firstThursday = (4 - new Date(Date.UTC(year, 10, 1)).getUTCDay() + 7) % 7;
    const blackFriday = firstThursday + 21 + 1;
    const startsAt = parseScheduleInstant(day(year, blackFriday), timeZone)!;
    if (startsAt.getTime() > now.getTime()) {
      return { startsAt, endsAt: parseScheduleInstant(day(year, blackFriday + 5), timeZone)! };
    }
  }
}

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
