/**
 * Dashboard figures with a million audit events in SQLite.
 *
 * Fills a scratch database with 1,000,000 events for one shop (and 50,000 for another),
 * builds the per-day rollups, then times loadDashboard (what the Dashboard's loader runs)
 * and, for comparison, counting the events table directly.
 */
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { BASE_DATABASE, TMP_DIR, createMigratedDatabase } from "../scripts/migrations";

const EVENTS = Number(process.env.BENCH_EVENTS || 1_000_000);
const RUNS = 50;
const DAY_MS = 86_400_000;
const TYPES = ["rule_triggered", "rule_triggered", "rule_triggered", "alert_sent", "checkout_blocked", "admin_override"];
const SEVERITIES = ["low", "medium", "high", "critical"];

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function fill(file: string, shops: { id: string; domain: string; events: number }[], now: number) {
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = OFF");
  const insertShop = db.prepare(
    `INSERT INTO Shop (id, domain, plan, currency, timezone, installState, installedAt, onboardingStep, isDemo, createdAt, updatedAt)
     VALUES (?, ?, 'core', 'USD', 'UTC', 'installed', ?, 3, 0, ?, ?)`,
  );
  const insertEvent = db.prepare(
    `INSERT INTO AuditEvent (id, shopId, eventType, severity, message, orderId, orderName, discountCodes,
       discountPercent, totalDiscountCents, preDiscountSubtotalCents, subtotalAfterDiscountCents,
       marginSavedCents, currency, ruleKey, ruleName, createdAt)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'USD', 'max_discount', 'Max 30% off', ?)`,
  );
  const fillAll = db.transaction(() => {
    for (const shop of shops) {
      insertShop.run(shop.id, shop.domain, now, now, now);
      for (let i = 0; i < shop.events; i += 1) {
        const createdAt = now - Math.floor((i / shop.events) * 90 * DAY_MS);
        const subtotal = 10_000 + (i % 30_000);
        const discount = Math.floor(subtotal * 0.35);
        insertEvent.run(
          `${shop.id}-e${i}`,
          shop.id,
          TYPES[i % TYPES.length],
          SEVERITIES[i % 4],
          `Order #${i} took 35.0% off, above the 30% limit`,
          `gid://shopify/Order/${i}`,
          `#${i}`,
          '["SAVE20","VIP15"]',
          35,
          discount,
          subtotal,
          subtotal - discount,
          discount - Math.floor(subtotal * 0.3),
          createdAt,
        );
      }
    }
    db.exec(`INSERT INTO EventRollup (shopId, day, eventType, count, marginSavedCents)
      SELECT shopId, strftime('%Y-%m-%d', createdAt / 1000, 'unixepoch'), eventType, COUNT(*), COALESCE(SUM(marginSavedCents), 0)
      FROM AuditEvent GROUP BY 1, 2, 3`);
  });
  fillAll();
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
}

async function main() {
  const file = path.join(TMP_DIR, "bench-dashboard.sqlite");
  createMigratedDatabase(BASE_DATABASE);
  createMigratedDatabase(file);
  const now = Date.now();
  const started = performance.now();
  fill(
    file,
    [
      { id: "bench-shop", domain: "bench.myshopify.com", events: EVENTS },
      { id: "other-shop", domain: "other.myshopify.com", events: Math.floor(EVENTS / 20) },
    ],
    now,
  );
  const fillSeconds = (performance.now() - started) / 1000;

  process.env.DATABASE_URL = `file:${file}`;
  process.env.SHOPIFY_API_SECRET ||= "bench";
  const { loadDashboard } = await import("../app/services/dashboard.server");
  const prisma = (await import("../app/db.server")).default;
  const shop = { id: "bench-shop", plan: "core" as const, timezone: "UTC" };

  await loadDashboard(shop); // warm up
  const timings: number[] = [];
  let figures = await loadDashboard(shop);
  for (let run = 0; run < RUNS; run += 1) {
    const t0 = performance.now();
    figures = await loadDashboard(shop);
    timings.push(performance.now() - t0);
  }
  const direct: number[] = [];
  let directAlerts = 0;
  for (let run = 0; run < 5; run += 1) {
    const t0 = performance.now();
    directAlerts = await prisma.auditEvent.count({
      where: { shopId: shop.id, eventType: { in: ["rule_triggered", "alert_sent"] } },
    });
    direct.push(performance.now() - t0);
  }
  await prisma.$disconnect();

  console.log(`Dashboard with ${EVENTS.toLocaleString("en-US")} audit events (SQLite, ${os.cpus().length} cores)`);
  console.log(`  fill: ${fillSeconds.toFixed(1)} s`);
  console.log(
    `  loadDashboard: p50 ${percentile(timings, 50).toFixed(2)} ms, p95 ${percentile(timings, 95).toFixed(2)} ms over ${RUNS} runs`,
  );
  console.log(
    `  figures: alerts sent ${figures.alertsSent}, blocked ${figures.blockedCheckouts}, latest ${figures.recentEvents.length}`,
  );
  console.log(
    `  for comparison, COUNT over the events table: p50 ${percentile(direct, 50).toFixed(1)} ms (alerts ${directAlerts})`,
  );
  if (directAlerts !== figures.alertsSent) {
    console.error("✖ The rollups disagree with the events table.");
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
