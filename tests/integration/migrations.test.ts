// Data migrations on rows that exist before them (SQLite; the PostgreSQL twins are run by the
// PostgreSQL suite's base): what the money backfill makes of recorded events
// (docs/product.md#what-the-figures-count), and percent rules and collection rules saved in money.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { TMP_DIR } from "../../scripts/migrations";

const FOLDER = path.resolve("prisma/migrations");
const migrations = fs
  .readdirSync(FOLDER, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** A database migrated up to, not including, `name`; then `apply` runs it. */
function migratedUpTo(name: string) {
  const file = path.join(TMP_DIR, `migrations-${name}-${process.pid}-${Date.now()}.sqlite`);
  const db = new Database(file);
  for (const migration of migrations.slice(0, migrations.indexOf(name))) {
    db.exec(fs.readFileSync(path.join(FOLDER, migration, "migration.sql"), "utf8"));
  }
  return {
    db,
    apply: () => db.exec(fs.readFileSync(path.join(FOLDER, name, "migration.sql"), "utf8")),
    close: () => {
      db.close();
      for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
    },
  };
}

describe("the order money backfill", () => {
  it("counts each order once from its latest evaluation, capped at its discount; holds as held; each blocked checkout", () => {
    const { db, apply, close } = migratedUpTo("20261125020001_order_money_backfill");
    try {
      db.prepare(`INSERT INTO "Shop" ("id", "domain", "updatedAt") VALUES ('s1', 'a.myshopify.com', 0)`).run();
      const event = db.prepare(`INSERT INTO "AuditEvent" ("id", "shopId", "eventType", "severity", "message", "orderId",
        "orderName", "discountCodes", "totalDiscountCents", "marginSavedCents", "ruleKey", "dedupeKey", "createdAt")
        VALUES (?, 's1', ?, 'high', 'm', ?, ?, '[]', ?, ?, ?, ?, ?)`);
      // #1 broke two rules (one past its whole discount), then was edited down: one rule, $5 over
      event.run("e1", "rule_triggered", "o1", "#1", 4_500, 2_500, "max_discount", "k1", 1_000);
      event.run("e2", "rule_triggered", "o1", "#1", 4_500, 6_000, "margin_floor", "k2", 1_000);
      event.run("e3", "rule_triggered", "o1", "#1", 2_500, 500, "max_discount", "k3", 2_000);
      // #2 broke one rule and was held
      event.run("e4", "rule_triggered", "o2", "#2", 3_000, 1_000, "max_discount", "k4", 1_500);
      event.run("e5", "fulfillment_held", "o2", "#2", 3_000, null, null, "k5", 1_600);
      event.run("e6", "checkout_blocked", null, "#c", 5_000, 1_000, "checkout_validation", "checkout:t1", 1_700);
      apply();
      const rows = db
        .prepare(
          `SELECT "subject", "at", "overageCents", "heldOverageCents", "stoppedCents", "recoveredCents",
          "flaggedCents" FROM "OrderMoney" ORDER BY "subject"`,
        )
        .all();
      expect(rows).toEqual([
        {
          subject: "checkout:t1",
          at: 1_700,
          overageCents: 1_000,
          heldOverageCents: null,
          stoppedCents: 1_000,
          recoveredCents: 0,
          flaggedCents: 0,
        },
        {
          subject: "o1",
          at: 1_000,
          overageCents: 500,
          heldOverageCents: null,
          stoppedCents: 0,
          recoveredCents: 0,
          flaggedCents: 500,
        },
        {
          subject: "o2",
          at: 1_500,
          overageCents: 1_000,
          heldOverageCents: 1_000,
          stoppedCents: 0,
          recoveredCents: 0,
          flaggedCents: 1_000,
        },
      ]);
    } finally {
      close();
    }
  });
});

describe("percent rules saved in money", () => {
  it("become the amount caps they were evaluated as; other rules stay", () => {
    const { db, apply, close } = migratedUpTo("20261125030000_percent_rule_units");
    try {
      db.prepare(`INSERT INTO "Shop" ("id", "domain", "updatedAt") VALUES ('s1', 'a.myshopify.com', 0)`).run();
      const rule = db.prepare(`INSERT INTO "Rule" ("id", "shopId", "name", "ruleType", "threshold", "thresholdUnit",
        "thresholdAmountCents", "thresholdPercent", "conditions", "updatedAt") VALUES (?, 's1', ?, ?, ?, ?, ?, ?, '{}', 0)`);
      rule.run("r1", "Max 50 in money", "max_discount", "50", "AMOUNT", 5_000, null);
      rule.run("r2", "Max 30%", "max_discount", "30", "PERCENT", null, 30);
      rule.run("r3", "Cap $80", "max_discount_amount", "80", "AMOUNT", 8_000, null);
      apply();
      const types = db.prepare(`SELECT "id", "ruleType", "thresholdAmountCents" FROM "Rule" ORDER BY "id"`).all();
      expect(types).toEqual([
        { id: "r1", ruleType: "max_discount_amount", thresholdAmountCents: 5_000 },
        { id: "r2", ruleType: "max_discount", thresholdAmountCents: null },
        { id: "r3", ruleType: "max_discount_amount", thresholdAmountCents: 8_000 },
      ]);
    } finally {
      close();
    }
  });
});

describe("collection rules of Maximum Discount (%) saved before it was a percentage", () => {
  it("become the amount caps they were evaluated as; other collection rules stay", () => {
    const { db, apply, close } = migratedUpTo("20261129100000_collection_percent_rules");
    try {
      db.prepare(`INSERT INTO "Shop" ("id", "domain", "updatedAt") VALUES ('s1', 'a.myshopify.com', 0)`).run();
      const rule = db.prepare(`INSERT INTO "CollectionRule" ("id", "shopId", "collectionId", "ruleType", "threshold",
        "conditions", "updatedAt") VALUES (?, 's1', 'gid://shopify/Collection/1', ?, ?, '{}', 0)`);
      rule.run("c1", "max_discount", 12);
      rule.run("c2", "margin_floor", 20);
      rule.run("c3", "max_discount_amount", 80);
      apply();
      const rows = db.prepare(`SELECT "id", "ruleType", "threshold" FROM "CollectionRule" ORDER BY "id"`).all();
      expect(rows).toEqual([
        { id: "c1", ruleType: "max_discount_amount", threshold: 12 },
        { id: "c2", ruleType: "margin_floor", threshold: 20 },
        { id: "c3", ruleType: "max_discount_amount", threshold: 80 },
      ]);
    } finally {
      close();
    }
  });
});
