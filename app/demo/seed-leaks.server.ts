/**
 * The demo store's leaked codes (docs/product.md#leaked-codes):
 * - VIP500, meant for the 500 customers tagged "vip" (its audience size and segment are set), used
 *   a few times a day by them for a week, then within the current hour by dozens of first-time
 *   customers from outside the segment in many countries: a velocity spike, a segment breach,
 *   first-time share and country spread fire, and the code is flagged once.
 * - CREATOR15, a creator's code with no audience size, which Shopify stops after 40 uses (its
 *   usage limit): first used 20 hours before the current hour and used 37 times by the time it is
 *   2 hours before it, 93 % of the limit in under a day, so "audience exceeded" fires against
 *   Shopify's usage limit (docs/product.md#leaked-codes); too
 *   young for a velocity baseline, in 3 countries, with some returning customers, nothing else
 *   fires. It is flagged before VIP500, which stays first on the Discount codes page.
 * Their redemptions go through the detector itself (recordCodeUsage), not the rules, so the demo's
 * other figures stay as they were.
 */
import prisma from "../db.server";
import { centsToDecimal, percentOfCents } from "../domain/money";
import { orderFactsFromPayload } from "../domain/monitoring/order-payload";
import type { PlanId } from "../domain/billing/plans";
import { recordCodeUsage, type CodeUsageJob } from "../services/leaks/code-usage.server";
import { rowsOfDiscount } from "../services/code-rules/discount-values.server";
import {
  DEMO_LEAKED_CODE,
  DEMO_LIMITED_CODE,
  DEMO_LIMITED_DISCOUNT_ID,
  DEMO_LIMITED_USAGE_LIMIT,
  codeDiscountNodeOf,
  demoShopDiscounts,
} from "./shop-discounts";
import { orderPayload } from "./order-payload-builder";

const HOUR_MS = 3_600_000;
const COUNTRIES = ["US", "CA", "GB", "DE", "FR", "BR", "IN", "AU", "NG"];
/** how many leak orders came in the current hour */
export const DEMO_LEAK_ORDERS = 36;
/** CREATOR15's uses: at least 90 % of its usage limit (rounded up), below the limit itself */
export const DEMO_LIMITED_USES = 37;
/** the clock hours before the current one when CREATOR15 was first and last used */
const LIMITED_FIRST_HOURS = 20;
const LIMITED_LAST_HOURS = 2;

/** An $80 order with `code` (`percent` off) by `customer`. */
function job(
  number: number,
  customer: number,
  at: Date,
  vip: boolean,
  country: string,
  ordersCount: number,
  code = DEMO_LEAKED_CODE,
  percent = 25,
): CodeUsageJob {
  const off = centsToDecimal(percentOfCents(8_000, percent));
  const payload = {
    ...orderPayload({
      id: 9_400_000 + number,
      number: 94_000 + number,
      customerId: customer,
      codes: [{ code, amount: off, type: "percentage" }],
      applications: [
        { type: "discount_code", target: "line_item", valueType: "percentage", value: `${percent}.0`, code },
      ],
      lines: [{ variant: 1, product: 1, price: { shop: "80.00" }, allocations: [{ index: 0, amount: { shop: off } }] }],
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
  const limited = await seedLimitedCode(shopId, hour, now, context);
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
  return { uses: quiet.length + leak.length + limited };
}

/**
 * CREATOR15: its discount as the discount sync would store it (with Shopify's usage limit), first,
 * since the detector reads the limit when it reviews the code; then its uses, as one batch.
 */
async function seedLimitedCode(
  shopId: string,
  hour: number,
  now: Date,
  context: Parameters<typeof recordCodeUsage>[4],
): Promise<number> {
  const discount = codeDiscountNodeOf(demoShopDiscounts(now).find((node) => node.id === DEMO_LIMITED_DISCOUNT_ID)!)!;
  const rows = rowsOfDiscount(discount as Parameters<typeof rowsOfDiscount>[0]);
  if (rows[0]?.usageLimit !== DEMO_LIMITED_USAGE_LIMIT) throw new Error("The demo's CREATOR15 lost its usage limit");
  await prisma.discountCodeValue.deleteMany({ where: { shopId, codeKey: { in: rows.map((row) => row.codeKey) } } });
  await prisma.discountCodeValue.createMany({ data: rows.map((row) => ({ shopId, ...row })) });
  const first = hour - LIMITED_FIRST_HOURS * HOUR_MS;
  const span = (LIMITED_FIRST_HOURS - LIMITED_LAST_HOURS) * HOUR_MS;
  const uses = Array.from({ length: DEMO_LIMITED_USES }, (_, index) =>
    job(
      200 + index,
      8_200_000 + index,
      new Date(first + Math.floor((span * index) / (DEMO_LIMITED_USES - 1))),
      false,
      COUNTRIES[index % 3],
      // two in three are the customer's first order: below the first-time share's 80 %
      index % 3 === 2 ? 4 : 1,
      DEMO_LIMITED_CODE,
      15,
    ),
  );
  await prisma.$transaction((tx) => recordCodeUsage(tx, shopId, uses, now, context));
  return uses.length;
}
