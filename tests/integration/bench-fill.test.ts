// The benchmark's bulk fill (bench/fill.ts) drops the events' indexes and the search index's
// insert trigger for the load and makes them again (docs/benchmarks.md):
// the database it leaves must be the migrated schema with every event indexed and searchable, or
// the benchmark would time a database the app never has.
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { fillAuditEvents } from "../../bench/fill";
import { TMP_DIR, createMigratedDatabase } from "../../scripts/migrations";

const schemaOf = (db: Database.Database) =>
  db
    .prepare(
      "SELECT type, name, sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND sql IS NOT NULL ORDER BY name",
    )
    .all();

const count = (db: Database.Database, query: string) => (db.prepare(query).get() as { n: number }).n;

describe("the benchmark's bulk fill", () => {
  it("leaves the migrated indexes and triggers, every event in the search index and the rollups", () => {
    const fresh = path.join(TMP_DIR, "bench-fill-fresh.sqlite");
    const filled = path.join(TMP_DIR, "bench-fill.sqlite");
    createMigratedDatabase(fresh);
    fillAuditEvents(filled, 2_000);
    const migrated = new Database(fresh, { readonly: true });
    const db = new Database(filled);
    try {
      expect(schemaOf(db)).toEqual(schemaOf(migrated));
      // 2,000 events of the bench shop and a twentieth of that of the other
      expect(count(db, "SELECT COUNT(*) AS n FROM AuditEvent")).toBe(2_100);
      expect(count(db, "SELECT COUNT(*) AS n FROM AuditSearch")).toBe(2_100);
      expect(count(db, "SELECT COALESCE(SUM(count), 0) AS n FROM EventRollup")).toBe(2_100);
      // the index finds what a scan of the search text finds
      const scanned = count(db, "SELECT COUNT(*) AS n FROM AuditEvent WHERE searchText LIKE '%flash30%'");
      expect(scanned).toBeGreaterThan(0);
      expect(count(db, "SELECT COUNT(*) AS n FROM AuditSearch WHERE searchText LIKE '%flash30%'")).toBe(scanned);
      // and the insert trigger is back: an event written after the fill is searchable
      db.prepare(
        `INSERT INTO AuditEvent (id, shopId, eventType, severity, message, discountCodes, currency, searchText, createdAt)
         VALUES ('after-fill', 'bench-shop', 'rule_triggered', 'low', 'm', '[]', 'USD', 'zebra crossing', 0)`,
      ).run();
      expect(count(db, "SELECT COUNT(*) AS n FROM AuditSearch WHERE searchText LIKE '%zebra%'")).toBe(1);
    } finally {
      db.close();
      migrated.close();
    }
  });
});
