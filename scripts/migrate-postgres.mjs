// Applies prisma/postgresql/migrations to the PostgreSQL database DATABASE_URL names, recording
// each in Prisma's own _prisma_migrations table as `prisma migrate deploy` does, so that either
// can take over from the other. Prisma 6.19's Wasm schema engine cannot migrate PostgreSQL through
// @prisma/adapter-pg (it fails on the catalog's `name` columns), and its binary engine cannot be
// downloaded here (docs/architecture.md#sqlite-and-postgresql).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";

/** A postgresql:// (or postgres://) URL: the engine these migrations are for. */
export function isPostgresUrl(url) {
  return /^postgres(ql)?:\/\//.test(url ?? "");
}

export const POSTGRES_MIGRATIONS = path.resolve("prisma/postgresql/migrations");

/** Any number; it only has to be the same in every process that migrates. */
const LOCK_KEY = 74_310_551;

const TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

function migrationsIn(folder) {
  return fs
    .readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(folder, name, "migration.sql"), "utf8");
      return { name, sql, checksum: crypto.createHash("sha256").update(sql).digest("hex") };
    });
}

/**
 * Applies what is not applied yet, each migration in its own transaction, under an advisory lock
 * (two app processes starting together migrate once). Refuses to go on when an applied migration
 * was edited or failed halfway. Returns the names it applied.
 */
export async function migratePostgres(url, { folder = POSTGRES_MIGRATIONS, log = () => {} } = {}) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [LOCK_KEY]);
    await client.query(TABLE);
    const { rows } = await client.query(
      `SELECT "migration_name", "checksum", "finished_at" FROM "_prisma_migrations" WHERE "rolled_back_at" IS NULL`,
    );
    const applied = new Map(rows.map((row) => [row.migration_name, row]));
    const done = [];
    for (const migration of migrationsIn(folder)) {
      const row = applied.get(migration.name);
      if (row && !row.finished_at) {
        throw new Error(
          `Migration ${migration.name} failed halfway earlier; fix the database, then mark it rolled back.`,
        );
      }
      if (row && row.checksum !== migration.checksum) {
        throw new Error(`Migration ${migration.name} was edited after it was applied; add a new migration instead.`);
      }
      if (row) continue;
      await client.query("BEGIN");
      try {
        await client.query(migration.sql);
        await client.query(
          `INSERT INTO "_prisma_migrations" ("id", "checksum", "migration_name", "finished_at", "applied_steps_count")
           VALUES ($1, $2, $3, now(), 1)`,
          [crypto.randomUUID(), migration.checksum, migration.name],
        );
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw new Error(`Migration ${migration.name} failed: ${error.message}`);
      }
      log(`Applied ${migration.name}`);
      done.push(migration.name);
    }
    return done;
  } finally {
    await client.end();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const url = process.env.DATABASE_URL;
  if (!isPostgresUrl(url)) {
    console.error("✖ DATABASE_URL is not a postgresql:// URL.");
    process.exit(1);
  }
  migratePostgres(url, { log: console.log }).then(
    (done) =>
      console.log(done.length === 0 ? "PostgreSQL: no migration to apply." : `PostgreSQL: ${done.length} applied.`),
    (error) => {
      console.error(`✖ ${error.message}`);
      process.exit(1);
    },
  );
}
