import { PrismaClient } from "@prisma/client";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { getEnv } from "./env.server";
import { isSqliteUrl } from "./config/database-url";

/** SQLite waits this long for the writer lock before failing a statement. */
const SQLITE_BUSY_TIMEOUT_MS = 5000;

export function createPrismaClient(databaseUrl: string): PrismaClient {
  if (!isSqliteUrl(databaseUrl)) {
    throw new Error(
      `DATABASE_URL "${databaseUrl.split("@").pop()}" is not a SQLite file URL. ` +
        "To run on PostgreSQL follow README.md, section 'Moving to PostgreSQL'.",
    );
  }
  const adapter = new PrismaBetterSQLite3(
    { url: databaseUrl, timeout: SQLITE_BUSY_TIMEOUT_MS },
    { timestampFormat: "unixepoch-ms" },
  );
  return new PrismaClient({ adapter });
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
  const client = createPrismaClient(getEnv().databaseUrl);
  void tuneSqlite(client).catch((error) => console.error("SQLite tuning failed", error));
  return client;
}

// One client per process; kept on globalThis so dev reloads do not open new connections.
const prisma: PrismaClient = globalThis.__marginGuardrailPrisma ?? makeClient();
if (getEnv().nodeEnv !== "production") globalThis.__marginGuardrailPrisma = prisma;

export default prisma;
