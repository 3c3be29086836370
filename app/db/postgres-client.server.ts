/**
 * The Prisma client generated for PostgreSQL, loaded only by a process whose DATABASE_URL is
 * PostgreSQL: on SQLite it would be about 7 MB of memory for nothing (docs/benchmarks.md#memory-budget).
 */
import { createRequire } from "node:module";
import type * as PostgresClient from "@margin-guardrail/prisma-postgresql";

const load = createRequire(import.meta.url);

export function loadPostgresClient(): typeof PostgresClient {
  return load("@margin-guardrail/prisma-postgresql") as typeof PostgresClient;
}
