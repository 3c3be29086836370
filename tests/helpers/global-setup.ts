import fs from "node:fs";
import { BASE_DATABASE, TMP_DIR, createMigratedDatabase } from "../../scripts/migrations";
import { createPostgresBase } from "./postgres-databases";

/**
 * One migrated base database; every test file copies it (see test-env.ts). With
 * TEST_POSTGRES_URL (npm run test:postgres) the base is a PostgreSQL database instead.
 */
export default async function setup() {
  fs.mkdirSync(TMP_DIR, { recursive: true });
  if (process.env.TEST_POSTGRES_URL) await createPostgresBase(process.env.TEST_POSTGRES_URL);
  else createMigratedDatabase(BASE_DATABASE);
}
