export {};
/**
 * The CSV export of every event of the bench shop, in a process of its own so that its peak
 * memory is the export's. Run by bench/in-process.ts with BENCH_DATABASE set.
 */
process.env.DATABASE_URL = `file:${process.env.BENCH_DATABASE}`;
process.env.SHOPIFY_API_SECRET ||= "bench";
const expected = Number(process.env.BENCH_EVENTS || 1_000_000);

const { auditCsvResponse } = await import("../app/services/audit/csv.server");
const prisma = (await import("../app/db.server")).default;
await prisma.$queryRawUnsafe("SELECT 1");
// the helper thread as a running server has it after its first export (docs/decisions/0070-csv-export-helper-thread.md)
const { warmCsvHelper } = await import("../app/services/audit/csv-helper.server");
const helper = await warmCsvHelper();
const baseline = process.memoryUsage().rss;
let peak = baseline;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 10);
const started = performance.now();
const reader = auditCsvResponse("bench-shop", { q: undefined }, "bench.csv").body!.getReader();
let newlines = 0;
let bytes = 0;
for (;;) {
  const { done, value } = await reader.read();
  if (done) break;
  bytes += value.byteLength;
  for (let i = 0; i < value.length; i += 1) if (value[i] === 10) newlines += 1;
}
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
const rows = newlines - 1;
console.log(
  `  CSV export of ${rows.toLocaleString("en-US")} rows (${(bytes / 1e6).toFixed(0)} MB): ${(rows / seconds).toFixed(0)} rows/s in ${seconds.toFixed(1)} s; ` +
    `peak RSS ${(peak / 1e6).toFixed(0)} MB for the whole process (${(baseline / 1e6).toFixed(0)} MB before the export started)` +
    (helper ? "" : "; no helper thread"),
);
// for bench/scale.ts, which reads its figures from this line
if (process.env.BENCH_JSON) {
  console.log(
    `BENCH_JSON ${JSON.stringify({ rows, seconds, rate: rows / seconds, bytes, peakRss: peak, baselineRss: baseline })}`,
  );
}
await prisma.$disconnect();
if (rows !== expected) {
  console.error(`The export has ${rows} rows, expected ${expected}`);
  process.exitCode = 1;
}
