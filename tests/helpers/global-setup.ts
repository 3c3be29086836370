import fs from "node:fs";
import { BASE_DATABASE, TMP_DIR, createMigratedDatabase } from "../../scripts/migrations";
import { createPostgresBase } from "./postgres-databases";
import { forgetSeededDemo } from "./seeded-demo";

/** The run's one base, shared by the projects that name this setup (vitest.config.ts). */
const made = Symbol.for("margin-guardrail.test-base-database");
const run = globalThis as typeof globalThis & { [made]?: Promise<void> };

/**
 * One migrated base database; every test file copies it (see test-env.ts). With
 * TEST_POSTGRES_URL (npm run test:postgres) the base is a PostgreSQL database instead. The
 * integration and processes projects both name this file and Vitest calls it once for each of
 * them, in Vitest's own process: the second call finds the base made and keeps it.
 */
export default async function setup() {
  run[made] ??= makeBase();
  await run[made];
}

async function makeBase() {
  fs.mkdirSync(TMP_DIR, { recursive: true });
  // the demo store is seeded once per run, by the first file that reads it (seeded-demo.ts)
  forgetSeededDemo();
  if (process.env.TEST_POSTGRES_URL) await createPostgresBase(process.env.TEST_POSTGRES_URL);
  else createMigratedDatabase(BASE_DATABASE);
}
