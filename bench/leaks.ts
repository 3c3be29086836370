/**
 * The leaked-code detector's cost on the order hot path (docs/decisions/0064-leaked-code-detector.md,
 * docs/decisions/0068-leak-counts-off-the-order-transaction.md): BENCH_LEAK_ORDERS (5,000) sample
 * orders (most with codes, each with a customer's orders_count and a shipping country) evaluated by
 * the engine as the order worker runs it (claimed from the queue 100 at a time, evaluated 25 to a
 * transaction, marked done) with the demo store's rules, with the detector and without it
 * (`codeUsage: false`), in alternating rounds on fresh shops. With the detector the time includes
 * the counting passes the worker runs (every CODE_COUNT_EVERY_MS, and once at the end), so the
 * figure is the whole cost, not only the order transactions'. Run in its own process:
 * `npm run bench -- leaks`.
 */
import fs from "node:fs";
import path from "node:path";
import { TMP_DIR, createMigratedDatabase } from "../scripts/migrations";

const ORDERS = Number(process.env.BENCH_LEAK_ORDERS || 5_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const COUNTRIES = ["US", "CA", "GB", "DE", "FR"];

const file = path.join(TMP_DIR, "bench-leaks.sqlite");
fs.rmSync(file, { force: true });
createMigratedDatabase(file);
process.env.DATABASE_URL = `file:${file}`;
process.env.SHOPIFY_API_SECRET ||= "bench";

const { buildDemoStore, sampleOrder, seededRandom } = await import("../app/demo/demo-store");
const { orderFactsFromPayload } = await import("../app/domain/order-payload");
const { ensureShop } = await import("../app/db/shops.server");
const { countCodeUsage, evaluateShopOrders } = await import("../app/services/monitoring/evaluation.server");
const { CODE_COUNT_EVERY_MS, ORDERS_PER_TRANSACTION, ORDER_LEASE_MS } =
  await import("../app/services/monitoring/worker.server");
const { claimDueOrders } = await import("../app/db/order-queue.sql.server");
const { PROCESS_ID } = await import("../app/services/process-id.server");
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

async function run(
  round: number,
  counters: boolean,
): Promise<{ perSecond: number; cpuMsPerOrder: number; countingSeconds: number; withCodes: number }> {
  const shop = await ensureShop(`bench-leaks-${counters ? "on" : "off"}-${round}.myshopify.com`, { currency: "USD" });
  for (const rule of demo.rules) {
    await prisma.rule.create({ data: { ...rule, id: `bench-${round}-${counters}-${rule.id}`, shopId: shop.id } });
  }
  await prisma.shop.update({ where: { id: shop.id }, data: { plan: "core", planCheckedAt: new Date() } });
  const facts = payloads.map((payload) => {
    const parsed = orderFactsFromPayload(payload);
    if (!parsed.ok) throw new Error(parsed.error);
    return parsed;
  });
  await prisma.orderEvaluation.createMany({
    data: facts.map((parsed, index) => ({
      shopId: shop.id,
      webhookId: `bench-${round}-${counters}-${index}`,
      topic: "orders/create",
      orderId: parsed.facts.orderId,
      facts: parsed.facts as object,
      customerId: parsed.customerId,
      createdAt: new Date(now - (ORDERS - index) * 60_000),
    })),
  });
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  let counting = 0;
  let lastCount = started;
  const count = async () => {
    const before = performance.now();
    for (let pass = await countCodeUsage(); pass.more; pass = await countCodeUsage());
    counting += performance.now() - before;
    lastCount = performance.now();
  };
  for (;;) {
    const rows = await claimDueOrders(PROCESS_ID, new Date(), { leaseMs: ORDER_LEASE_MS, maxAttempts: 3, limit: 100 });
    if (rows.length === 0) break;
    for (let start = 0; start < rows.length; start += ORDERS_PER_TRANSACTION) {
      const jobs = rows.slice(start, start + ORDERS_PER_TRANSACTION).map((row) => ({
        id: row.id,
        shopId: row.shopId,
        topic: row.topic,
        facts: row.facts,
        customerId: row.customerId,
      }));
      await evaluateShopOrders(shop.id, jobs, async () => null, { codeUsage: counters });
    }
    if (counters && performance.now() - lastCount >= CODE_COUNT_EVERY_MS) await count();
  }
  if (counters) await count();
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  if (counters) {
    const counted = await prisma.codeUsage.aggregate({ where: { shopId: shop.id }, _sum: { uses: true } });
    const waiting = await prisma.orderEvaluation.count({ where: { shopId: shop.id, codesWaiting: true } });
    if (waiting > 0 || !counted._sum.uses) throw new Error(`the counts are incomplete: ${waiting} orders wait`);
  }
  return {
    perSecond: ORDERS / seconds,
    // this process's CPU time (the Prisma engine runs in it): steadier than wall time on a shared machine
    cpuMsPerOrder: (cpu.user + cpu.system) / 1000 / ORDERS,
    countingSeconds: counting / 1000,
    withCodes: facts.filter((parsed) => parsed.facts.discountCodes.length > 0).length,
  };
}

const rounds: { counters: boolean; figures: Awaited<ReturnType<typeof run>> }[] = [];
for (let round = 0; round < ROUNDS; round += 1) {
  for (const counters of round % 2 ? [true, false] : [false, true])
    rounds.push({ counters, figures: await run(round, counters) });
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const of = (counters: boolean, pick: (figures: Awaited<ReturnType<typeof run>>) => number) =>
  rounds.filter((round) => round.counters === counters).map((round) => pick(round.figures));
const percent = (base: number, value: number) => `${(((value - base) / base) * 100).toFixed(1)}%`;
const list = (values: number[], digits = 0) => values.map((value) => value.toFixed(digits)).join(", ");
const withCodes = rounds[0]?.figures.withCodes ?? 0;
// the order path alone: each round's time without its counting passes
const pathRate = (figures: Awaited<ReturnType<typeof run>>) =>
  ORDERS / (ORDERS / figures.perSecond - figures.countingSeconds);
const [pathOff, pathOn] = [of(false, pathRate), of(true, pathRate)];
const [allOff, allOn] = [of(false, (f) => f.perSecond), of(true, (f) => f.perSecond)];
const [cpuOff, cpuOn] = [of(false, (f) => f.cpuMsPerOrder), of(true, (f) => f.cpuMsPerOrder)];
const counting = of(true, (f) => f.countingSeconds);
console.log(
  `\nLeaked-code detector, ${ORDERS.toLocaleString("en-US")} orders (${withCodes.toLocaleString("en-US")} with codes) as the worker runs them, medians of ${ROUNDS} alternating rounds:`,
);
console.log(
  `  order path (claims, evaluation, done): without the detector ${median(pathOff).toFixed(0)} orders/s, with it ${median(pathOn).toFixed(0)} orders/s (${percent(median(pathOff), median(pathOn))}; rounds ${list(pathOff)} / ${list(pathOn)})`,
);
console.log(
  `  counting passes: ${median(counting).toFixed(2)} s a round, ${((median(counting) * 1000) / Math.max(withCodes, 1)).toFixed(3)} ms per order with codes (rounds ${list(counting, 2)})`,
);
console.log(
  `  everything: without ${median(allOff).toFixed(0)} orders/s, with ${median(allOn).toFixed(0)} orders/s (${percent(median(allOff), median(allOn))}); CPU per order ${median(cpuOff).toFixed(3)} / ${median(cpuOn).toFixed(3)} ms (${percent(median(cpuOff), median(cpuOn))})`,
);
await prisma.$disconnect();
process.exit(0);
