/**
 * The reads of bench/scale.ts against one filled database (BENCH_DATABASE), in a process of its
 * own because the app's database client is bound to one database per process: the ROI dashboard
 * per period and the Audit Log's searches. Prints one `BENCH_JSON {...}` line of milliseconds.
 */
import { percentile } from "./fill";

process.env.DATABASE_URL = `file:${process.env.BENCH_DATABASE}`;
process.env.SHOPIFY_API_SECRET ||= "bench";
const RUNS = Number(process.env.BENCH_READ_RUNS || 20);

async function timed(runs: number, run: () => Promise<unknown>) {
  await run();
  const timings: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await run();
    timings.push(performance.now() - started);
  }
  return { p50: percentile(timings, 50), p95: percentile(timings, 95) };
}

const { roiReport } = await import("../app/services/roi/roi-report.server");
const { auditPage } = await import("../app/services/audit/log.server");
const prisma = (await import("../app/db.server")).default;
// the fill's shop, its calendar in New York's zone (the periods are the shop's local ones)
const shop = { id: "bench-shop", plan: "core" as const, currency: "USD", timezone: "America/New_York" };

const figures: Record<string, { p50: number; p95: number; found?: number }> = {};
for (const range of ["this_month", "this_quarter", "this_year"] as const) {
  figures[`roi_${range}`] = await timed(RUNS, () => roiReport(shop, range));
}
// order names run from #0 to #(events - 1): #42424 is there at 100k events and above
const byName = await auditPage(shop.id, { q: "#42424" });
figures.search_order_name = {
  ...(await timed(RUNS * 2, () => auditPage(shop.id, { q: "#42424" }))),
  found: byName.events.length,
};
// other text: a word no event holds (the whole shop searched, the worst case) and a code a
// quarter of the events carry (a first page found at once by a scan, not by an index)
for (const [key, q] of [
  ["search_text_absent", "summer"],
  ["search_text_code", "flash30"],
  ["search_text_rule", "max 30%"],
] as const) {
  const page = await auditPage(shop.id, { q });
  figures[key] = { ...(await timed(RUNS, () => auditPage(shop.id, { q }))), found: page.events.length };
}
await prisma.$disconnect();
console.log(`BENCH_JSON ${JSON.stringify(figures)}`);
