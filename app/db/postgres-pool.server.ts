/**
 * A small `pg` pool beside Prisma's, for what Prisma's client does not do: the contact forms'
 * shared rate limit (rate-limiter-flexible's PostgreSQL store) and notifications between app
 * processes (docs/architecture.md#sqlite-and-postgresql). Only on PostgreSQL.
 */
import pg from "pg";
import { isPostgresUrl } from "../config/database-url";
import { getEnv } from "../env.server";
import { logger } from "../logger.server";

let pool: pg.Pool | null = null;

/** The pool, opened on first use; null on SQLite. */
export function postgresPool(): pg.Pool | null {
  const { databaseUrl } = getEnv();
  if (!isPostgresUrl(databaseUrl)) return null;
  if (!pool) {
    pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
    // an idle connection the server dropped: logged, and the pool opens another when asked
    pool.on("error", (error) => logger.error("PostgreSQL pool connection failed", { err: error }));
  }
  return pool;
}
