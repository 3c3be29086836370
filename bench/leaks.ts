/**
 * The leaked-code detector's cost on the order hot path (docs/decisions/0064-leaked-code-detector.md):
 * BENCH_LEAK_ORDERS (5,000) sample orders (most with codes, each with a customer's orders_count
 * and a shipping country) evaluated by the engine in batches of 25 with the demo store's rules, with
 * the per-code counters and without them (`codeUsage: false`), in alternating rounds on fresh shops.
 * Run in its own process: `npm run bench -- leaks`.
 */
import fs from "node:fs";
import path from "node:path";
import { TMP_DIR, createMigratedDatabase } from "../scripts/migrations";

const ORDERS = Number(process.env.BENCH_LEAK_ORDERS || 5_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const BATCH = 25;
const COUNTRIES = ["US", "CA", "GB", "DE", "FR"];

const file = path.join(TMP_DIR, "bench-leaks.sqlite");
fs.rmSync(file, { force: true });
createMigratedDatabase(file);
process.env.DATABASE_URL = `file:${file}`;
process.env.SHOPIFY_API_SECRET ||= "bench";

const { buildDemoStore, sampleOrder, seededRandom } = await import("../app/demo/demo-store");
const { orderFactsFromPayload } = await import("../app/domain/order-payload");
const { ensureShop } = await import("../app/db/shops.server");
const { evaluateShopOrders } = await import("../app/services/monitoring/evaluation.server");
const prisma = (await import("../app/db.server")).default;

const now = Date.now();
const rand = seededRandom(7);
const payloads = Array.from({ length: ORDERS }, (_, index) => {
  const order = sampleOrder(rand, 9_000_000 + index, 20_001 + index, new Date(now - (ORDERS - index) * 60_000));
  return {
    ...order,
    customer: { ...(order.customer as object), tags: index % 3 ? "vip" : "", orders_count: 1 + (index % 4) },
    shipping_address: { country_code: COUNTRIES[index % COUNTRIES.length] },
  };
});
const demo = buildDemoStore(new Date(now));

async function run(round: number, counters: boolean): Promise<{ perSecond: number; withCodes: number }> {
  const shop = await ensureShop(`bench-leaks-${counters ? "on" : "off"}-${round}.myshopify.com`, { currency: "USD" });
  for (const rule of demo.rules) {
    await prisma.rule.create({ data: { ...rule, id: `bench-${round}-${counters}-${rule.id}`, shopId: shop.id } });
  }
  await prisma.shop.update({ where: { id: shop.id }, data: { plan: "core", planCheckedAt: new Date() } });
  const jobs = payloads.map((payload, index) => {
    const parsed = orderFactsFromPayload(payload);
    if (!parsed.ok) throw new Error(parsed.error);
    return {
      shopId: shop.id,
      topic: "orders/create",
      facts: parsed.facts,
      customerId: parsed.customerId,
      at: new Date(now - (ORDERS - index) * 60_000),
    };
  });
  const started = performance.now();
  for (let start = 0; start < jobs.length; start += BATCH) {
    await evaluateShopOrders(shop.id, jobs.slice(start, start + BATCH), async () => null, { codeUsage: counters });
  }
  const seconds = (performance.now() - started) / 1000;
  return { perSecond: ORDERS / seconds, withCodes: jobs.filter((job) => job.facts.discountCodes.length > 0).length };
}

const on: number[] = [];
const off: number[] = [];
let withCodes = 0;
for (let round = 0; round < ROUNDS; round += 1) {
  for (const counters of round % 2 ? [true, false] : [false, true]) {
    const figures = await run(round, counters);
    (counters ? on : off).push(figures.perSecond);
    withCodes = figures.withCodes;
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const offRate = median(off);
const onRate = median(on);
console.log(
  `\nLeaked-code counters on the order hot path: ${ORDERS.toLocaleString("en-US")} orders (${withCodes.toLocaleString("en-US")} with codes), batches of ${BATCH}, medians of ${ROUNDS} rounds: without counters ${offRate.toFixed(0)} orders/s, with counters ${onRate.toFixed(0)} orders/s (${(((offRate - onRate) / offRate) * 100).toFixed(1)}% slower; rounds off ${off.map((rate) => rate.toFixed(0)).join(", ")}, on ${on.map((rate) => rate.toFixed(0)).join(", ")})`,
);
await prisma.$disconnect();
process.exit(0);
