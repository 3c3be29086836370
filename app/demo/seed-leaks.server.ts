/**
 * The demo store's leaked code (docs/decisions/0064-leaked-code-detector.md): VIP500, meant for
 * the 500 customers tagged "vip" (its audience size and segment are set), used a few times a day
 * by them for a week, then within the current hour by dozens of first-time customers from outside
 * the segment in many countries: a velocity spike, a segment breach, first-time share and country
 * spread fire, and the code is flagged once. Its redemptions go through the detector itself
 * (recordCodeUsage), not the rules, so the demo's other figures stay as they were.
 */
import prisma from "../db.server";
import { orderFactsFromPayload } from "../domain/order-payload";
import type { PlanId } from "../domain/plans";
import { recordCodeUsage, type CodeUsageJob } from "../services/leaks/code-usage.server";
import { DEMO_LEAKED_CODE } from "./leak-discounts";
import { orderPayload } from "./order-payload-builder";

const HOUR_MS = 3_600_000;
const COUNTRIES = ["US", "CA", "GB", "DE", "FR", "BR", "IN", "AU", "NG"];
/** how many leak orders came in the current hour */
export const DEMO_LEAK_ORDERS = 36;

function job(
  number: number,
  customer: number,
  at: Date,
  vip: boolean,
  country: string,
  ordersCount: number,
): CodeUsageJob {
  const payload = {
    ...orderPayload({
      id: 9_400_000 + number,
      number: 94_000 + number,
      customerId: customer,
      codes: [{ code: DEMO_LEAKED_CODE, amount: "20.00", type: "percentage" }],
      applications: [
        { type: "discount_code", target: "line_item", valueType: "percentage", value: "25.0", code: DEMO_LEAKED_CODE },
      ],
      lines: [
        { variant: 1, product: 1, price: { shop: "80.00" }, allocations: [{ index: 0, amount: { shop: "20.00" } }] },
      ],
      createdAt: at.toISOString(),
    }),
    customer: { id: customer, tags: vip ? "vip, newsletter" : "", orders_count: ordersCount },
    shipping_address: { country_code: country },
  };
  const parsed = orderFactsFromPayload(payload);
  if (!parsed.ok) throw new Error(`Demo leak order ${number} is unreadable: ${parsed.error}`);
  return { facts: parsed.facts, customerId: parsed.customerId, at };
}

export async function seedLeakedCode(shopId: string, now: Date): Promise<{ uses: number }> {
  const shop = await prisma.shop.findUniqueOrThrow({ where: { id: shopId }, select: { plan: true } });
  // the flag is an audit event; no alert is queued for it, so the demo's outbox keeps the rules' alerts only
  const context = { plan: (shop.plan ?? "core") as PlanId, alerts: null, history: true };
  const hour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  // a week of quiet use by the segment: two orders a day
  const quiet: CodeUsageJob[] = [];
  for (let day = 8; day >= 1; day -= 1) {
    for (const offset of [5, 15]) {
      const number = quiet.length + 1;
      quiet.push(
        job(number, 8_000_000 + number, new Date(hour - day * 24 * HOUR_MS + offset * HOUR_MS), true, "US", 4),
      );
    }
  }
  await prisma.$transaction((tx) => recordCodeUsage(tx, shopId, quiet, now, context));
  await prisma.codeUsage.update({
    where: { shopId_codeKey: { shopId, codeKey: DEMO_LEAKED_CODE.toLowerCase() } },
    data: { audienceSize: 500, segmentTags: "vip" },
  });
  // then the leak, in the current clock hour, up to now
  const span = Math.max(0, now.getTime() - hour);
  const leak = Array.from({ length: DEMO_LEAK_ORDERS }, (_, index) =>
    job(
      100 + index,
      8_100_000 + index,
      new Date(hour + Math.floor((span * index) / DEMO_LEAK_ORDERS)),
      index % 9 === 0,
      COUNTRIES[index % COUNTRIES.length],
      index % 6 === 0 ? 3 : 1,
    ),
  );
  await prisma.$transaction((tx) => recordCodeUsage(tx, shopId, leak, now, context));
  return { uses: quiet.length + leak.length };
}
