import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

/** Applies prisma/migrations/*\/migration.sql in order to a new SQLite file. */
export function createMigratedDatabase(file: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  for (const stale of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(stale, { force: true });
  const db = new Database(file);
  const folder = path.resolve("prisma/migrations");
  const migrations = fs
    .readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  for (const name of migrations) {
    db.exec(fs.readFileSync(path.join(folder, name, "migration.sql"), "utf8"));
  }
  db.close();
}

/**
 * Scratch space of tests and benchmarks (git-ignored); TEST_TMP_DIR gives a run its own, so two
 * Vitest runs on one machine do not rewrite each other's base database.
 */
export const TMP_DIR = path.resolve(process.env.TEST_TMP_DIR || "tests/.tmp");
export const BASE_DATABASE = path.join(TMP_DIR, "base.sqlite");
