import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

const MIGRATIONS = path.resolve("prisma/migrations");

/** The SQLite migrations, in order: each folder's name and its migration.sql. */
function migrations(): { name: string; sql: string }[] {
  return fs
    .readdirSync(MIGRATIONS, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => ({ name, sql: fs.readFileSync(path.join(MIGRATIONS, name, "migration.sql"), "utf8") }));
}

/** Applies prisma/migrations/*\/migration.sql in order to a new SQLite file. */
export function createMigratedDatabase(file: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  for (const stale of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(stale, { force: true });
  const db = new Database(file);
  for (const { sql } of migrations()) db.exec(sql);
  db.close();
}

/**
 * Scratch space of tests and benchmarks (git-ignored); TEST_TMP_DIR gives a run its own, so two
 * Vitest runs on one machine do not rewrite each other's base database.
 */
export const TMP_DIR = path.resolve(process.env.TEST_TMP_DIR || "tests/.tmp");
/**
 * The migrated base database, named after the migrations it holds: a run that finds one made
 * before a new migration (a Playwright run alone keeps what it finds) makes its own instead.
 */
export const BASE_DATABASE = path.join(
  TMP_DIR,
  `base-${crypto.createHash("sha256").update(JSON.stringify(migrations())).digest("hex").slice(0, 12)}.sqlite`,
);
