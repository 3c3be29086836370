import fs from "node:fs";
import Database from "better-sqlite3";
import { percentToFraction } from "../app/domain/money";
import { createMigratedDatabase } from "../scripts/migrations";

/** The migration that makes OrderMoney from recorded events (docs/product.md#what-the-figures-count). */
const ORDER_MONEY_BACKFILL = "prisma/migrations/20261125020001_order_money_backfill/migration.sql";

const DAY_MS = 86_400_000;
const TYPES = [
  "rule_triggered",
  "rule_triggered",
  "rule_triggered",
  "alert_sent",
  "checkout_blocked",
  "admin_override",
];
const SEVERITIES = ["low", "medium", "high", "critical"];
const CODES = ['["SAVE20","VIP15"]', '["WELCOME10"]', '["FLASH30","FREESHIP"]', "[]"];

export const nowMs = () => Date.now();

/**
 * A scratch database with `events` audit events for one shop (and a twentieth of that for
 * another), spread over 90 days, with the per-day rollups and the orders' money the app keeps.
 */
export function fillAuditEvents(file: string, events: number, now = Date.now()): number {
  createMigratedDatabase(file);
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
       marginSavedCents, currency, ruleKey, ruleName, searchText, createdAt)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'USD', 'max_discount', 'Max 30% off', ?, ?)`,
  );
  const started = performance.now();
  // a bulk load: the events' indexes are dropped and made again once the rows are in (a sort
  // per index instead of a b-tree insert per row and index); their triggers stay, so whatever
  // they keep in step (the search index) is kept as the app's writes keep it
  const indexes = db
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'AuditEvent' AND sql IS NOT NULL")
    .all() as { name: string; sql: string }[];
  // the search index's insert trigger too: the search table is filled in one statement after the
  // rows, as its migration fills it (docs/architecture.md#audit-log-search)
  const searchTrigger = db
    .prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'AuditEvent_search_insert'")
    .get() as { sql: string } | undefined;
  db.transaction(() => {
    for (const index of indexes) db.exec(`DROP INDEX "${index.name}"`);
    if (searchTrigger) db.exec(`DROP TRIGGER "AuditEvent_search_insert"`);
    for (const shop of [
      { id: "bench-shop", domain: "bench.myshopify.com", events },
      { id: "other-shop", domain: "other.myshopify.com", events: Math.floor(events / 20) },
    ]) {
      insertShop.run(shop.id, shop.domain, now, now, now);
      for (let i = 0; i < shop.events; i += 1) {
        const createdAt = now - Math.floor((i / shop.events) * 90 * DAY_MS);
        const subtotal = 10_000 + (i % 30_000);
        const discount = Math.floor(subtotal * 0.35);
        const codes = CODES[i % CODES.length];
        insertEvent.run(
          `${shop.id}-e${String(i).padStart(8, "0")}`,
          shop.id,
          TYPES[i % TYPES.length],
          SEVERITIES[i % 4],
          `Order #${i} took 35.0% off, above the 30% limit`,
          `gid://shopify/Order/${i}`,
          `#${i}`,
          codes,
          35,
          discount,
          subtotal,
          subtotal - discount,
          discount - Math.floor(subtotal * 0.3),
          `#${i} ${codes.toLowerCase()} max 30% off`,
          createdAt,
        );
      }
    }
    for (const index of indexes) db.exec(index.sql);
    if (searchTrigger) {
      db.exec(`INSERT INTO "AuditSearch" (rowid, "searchText") SELECT rowid, "searchText" FROM "AuditEvent"`);
      db.exec(searchTrigger.sql);
      const count = (table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM "${table}"`).get() as { n: number }).n;
      if (count("AuditSearch") !== count("AuditEvent")) throw new Error("The search index missed events of the fill");
    }
    db.exec(`INSERT INTO EventRollup (shopId, day, eventType, count, marginSavedCents)
      SELECT shopId, strftime('%Y-%m-%d', createdAt / 1000, 'unixepoch'), eventType, COUNT(*), COALESCE(SUM(marginSavedCents), 0)
      FROM AuditEvent GROUP BY 1, 2, 3`);
    // and each order's money, as the migration makes it from recorded events (the ROI figures read it)
    db.exec(fs.readFileSync(ORDER_MONEY_BACKFILL, "utf8"));
  })();
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.exec("ANALYZE");
  db.close();
  return (performance.now() - started) / 1000;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(percentToFraction(p) * sorted.length))];
}

export const ms = (value: number) => `${value.toFixed(2)} ms`;
