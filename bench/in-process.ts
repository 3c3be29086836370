/**
 * Benchmarks that run the app's services in this process against a scratch SQLite database
 * of 1,000,000 audit events: the Dashboard, the ROI report and the Audit Log's pages.
 */
import path from "node:path";
import { formatCount } from "../app/domain/money";
import { TMP_DIR } from "../scripts/migrations";
import { fillAuditEvents, ms, percentile } from "./fill";

const EVENTS = Number(process.env.BENCH_EVENTS || 1_000_000);
const RUNS = 50;

async function timed<T>(runs: number, run: () => Promise<T>): Promise<{ p50: number; p95: number; last: T }> {
  await run();
  const timings: number[] = [];
  let last!: T;
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    last = await run();
    timings.push(performance.now() - started);
  }
  return { p50: percentile(timings, 50), p95: percentile(timings, 95), last };
}

export async function benchInProcess() {
  const file = path.join(TMP_DIR, "bench-events.sqlite");
  const fillSeconds = fillAuditEvents(file, EVENTS);
  process.env.DATABASE_URL = `file:${file}`;
  process.env.SHOPIFY_API_SECRET ||= "bench";
  const { loadDashboard } = await import("../app/services/dashboard/dashboard.server");
  const { auditOrderPage, auditPage, decodeCursor, encodeCursor } = await import("../app/services/audit/log.server");
  const prisma = (await import("../app/db.server")).default;
  const shop = { id: "bench-shop", plan: "core" as const, timezone: "UTC" };
  console.log(`\n${formatCount(EVENTS)} audit events in SQLite (filled in ${fillSeconds.toFixed(1)} s)`);

  const dashboard = await timed(RUNS, () => loadDashboard(shop));
  const directCount = await timed(5, () =>
    // "Alerts Sent" counts delivered alerts (alert_sent events), not breaches (docs/product.md#decisions, 14)
    prisma.auditEvent.count({ where: { shopId: shop.id, eventType: { contains: "alert_sent" } } }),
  );
  console.log(`  Dashboard loader (loadDashboard): p50 ${ms(dashboard.p50)}, p95 ${ms(dashboard.p95)}`);
  console.log(
    `    alerts sent ${dashboard.last.alertsSent}; the same count over the events table: p50 ${ms(directCount.p50)} (${directCount.last})`,
  );
  if (dashboard.last.alertsSent !== directCount.last) throw new Error("The rollups disagree with the events table");

  // the ROI dashboard sums the period's events in the database, per rule type and per bucket
  const { roiReport } = await import("../app/services/roi/roi-report.server");
  const roiShop = { ...shop, currency: "USD", timezone: "America/New_York" };
  for (const range of ["this_month", "this_quarter", "this_year"] as const) {
    const report = await timed(10, () => roiReport(roiShop, range));
    console.log(
      `  ROI dashboard, ${range} (this and the previous period, ${report.last.byTimeframe.length} buckets): p50 ${ms(report.p50)}, p95 ${ms(report.p95)}`,
    );
  }

  const first = await timed(RUNS, () => auditPage(shop.id, { q: undefined }));
  const deepEvent = await prisma.auditEvent.findFirstOrThrow({
    where: { shopId: shop.id },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: Math.floor(EVENTS * 0.9),
  });
  const deepCursor = encodeCursor(deepEvent);
  const deep = await timed(RUNS, () => auditPage(shop.id, { q: undefined, cursor: deepCursor }));
  const deepFiltered = await timed(RUNS, () =>
    auditPage(shop.id, { q: undefined, cursor: deepCursor, severity: "critical" }),
  );
  const search = await timed(RUNS, () => auditPage(shop.id, { q: "#424242" }));
  const prefix = await timed(RUNS, () => auditPage(shop.id, { q: "#4242" }));
  const text = await timed(10, () => auditPage(shop.id, { q: "summer" }));
  console.log(`  Audit Log first page (50 events): p50 ${ms(first.p50)}, p95 ${ms(first.p95)}`);
  console.log(
    `  Audit Log deep page at event ${formatCount(Math.floor(EVENTS * 0.9))} (cursor ${decodeCursor(deepCursor)?.createdAt.toISOString()}): p50 ${ms(deep.p50)}, p95 ${ms(deep.p95)}`,
  );
  console.log(`  the same deep page, critical and above: p50 ${ms(deepFiltered.p50)}, p95 ${ms(deepFiltered.p95)}`);
  console.log(
    `  search for one order name, exact (orderName index): p50 ${ms(search.p50)}, p95 ${ms(search.p95)} (${search.last.events.length} events)`,
  );
  console.log(
    `  search for an order-name prefix "#4242": p50 ${ms(prefix.p50)}, p95 ${ms(prefix.p95)} (${prefix.last.events.length} events on the first page)`,
  );
  console.log(`  search for other text (scans the shop's search text): p50 ${ms(text.p50)}, p95 ${ms(text.p95)}`);
  // the Audit Log screen's pages: 20 orders, each with all its events (docs/product.md#audit-log)
  const orders = await timed(RUNS, () => auditOrderPage(shop.id, { q: undefined }));
  const deepOrders = await timed(RUNS, () => auditOrderPage(shop.id, { q: undefined, cursor: deepCursor }));
  console.log(
    `  Audit Log screen, first page of 20 orders (${orders.last.events.length} events): p50 ${ms(orders.p50)}, p95 ${ms(orders.p95)}`,
  );
  console.log(`  the screen's deep page at the same cursor: p50 ${ms(deepOrders.p50)}, p95 ${ms(deepOrders.p95)}`);
  if (first.last.events.length !== 50 || deep.last.events.length !== 50) throw new Error("Audit pages came back short");

  await prisma.$disconnect();
}
