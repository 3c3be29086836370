import { PrismaClient } from "@prisma/client";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { getEnv } from "../env.server";
import { isPostgresUrl, isSqliteUrl } from "../config/database-url";
import { PrismaPg } from "@prisma/adapter-pg";
import { loadPostgresClient } from "./postgres-client.server";
import { oneWriter } from "./sqlite-one-writer.server";
import { logger } from "../logger.server";

/** Connections each app process keeps to PostgreSQL (docs/operations.md#several-app-processes). */
const POSTGRES_POOL_SIZE = 10;

/**
 * The longest a statement waits for SQLite's writer (its turn at the process's one connection,
 * then another process's lock) before it fails with SQLITE_BUSY, which a request answers 503.
 */
export const SQLITE_BUSY_WAIT_MS = 800;

export function createPrismaClient(databaseUrl: string): PrismaClient {
  if (isPostgresUrl(databaseUrl)) {
    // the client generated from prisma/postgresql/schema.prisma: the same models and API
    const { PrismaClient: PostgresPrismaClient } = loadPostgresClient();
    return new PostgresPrismaClient({
      adapter: new PrismaPg({ connectionString: databaseUrl, max: POSTGRES_POOL_SIZE }),
    }) as unknown as PrismaClient;
  }
  if (!isSqliteUrl(databaseUrl)) {
    throw new Error(
      `DATABASE_URL "${databaseUrl.split("@").pop()}" is neither a SQLite file URL (file:) nor a PostgreSQL URL ` +
        "(postgresql://). See README.md, section 'Configuration'.",
    );
  }
  // busy timeout 0: SQLite never sleeps in its busy handler with the event loop stopped; the one
  // writer path waits instead (app/db/sqlite-one-writer.server.ts)
  const adapter = new PrismaBetterSQLite3({ url: databaseUrl, timeout: 0 }, { timestampFormat: "unixepoch-ms" });
  return new PrismaClient({ adapter: oneWriter(adapter, { busyWaitMs: SQLITE_BUSY_WAIT_MS }) });
}

/** Write-ahead logging lets readers go on while the single writer commits. */
export async function tuneSqlite(client: PrismaClient): Promise<void> {
  await client.$queryRawUnsafe("PRAGMA journal_mode = WAL");
  await client.$queryRawUnsafe("PRAGMA synchronous = NORMAL");
}

declare global {
  var __marginGuardrailPrisma: PrismaClient | undefined;
}

function makeClient(): PrismaClient {
  const { databaseUrl } = getEnv();
  const client = createPrismaClient(databaseUrl);
  if (isSqliteUrl(databaseUrl))
    void tuneSqlite(client).catch((error) => logger.error("SQLite tuning failed", { err: error }));
  return client;
}

// One client per process; kept on globalThis so dev reloads do not open new connections.
const prisma: PrismaClient = globalThis.__marginGuardrailPrisma ?? makeClient();
if (getEnv().nodeEnv !== "production") globalThis.__marginGuardrailPrisma = prisma;

export default prisma;
