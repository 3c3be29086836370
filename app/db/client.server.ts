import { PrismaClient } from "@prisma/client";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { getEnv } from "../env.server";
import { isPostgresUrl, isSqliteUrl } from "../config/database-url";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient as PostgresPrismaClient } from "@margin-guardrail/prisma-postgresql";
import { awaitWriterTurn, holdWriterTurn, writerTurnMarksTransactions } from "./writer-turn.server";
import { logger } from "../logger.server";

/** Connections each app process keeps to PostgreSQL (docs/operations.md#several-app-processes). */
const POSTGRES_POOL_SIZE = 10;

/** SQLite waits this long for the writer lock before failing a statement. */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;

export function createPrismaClient(databaseUrl: string): PrismaClient {
  if (isPostgresUrl(databaseUrl)) {
    // the client generated from prisma/postgresql/schema.prisma: the same models and API
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
  const adapter = new PrismaBetterSQLite3(
    { url: databaseUrl, timeout: SQLITE_BUSY_TIMEOUT_MS },
    { timestampFormat: "unixepoch-ms" },
  );
  return new PrismaClient({ adapter: waitingForWriterTurn(adapter) });
}

type AdapterFactory = ConstructorParameters<typeof PrismaClient>[0] extends infer O
  ? O extends { adapter?: infer A | null }
    ? A
    : never
  : never;
type Adapter = Awaited<ReturnType<AdapterFactory["connect"]>>;

/**
 * The SQLite connection waits for its turn at the writer (app/db/writer-turn.server.ts)
 * before it starts a transaction or runs a statement of its own: while the alert delivery
 * thread writes, this thread goes on serving requests instead of sleeping in SQLite's busy
 * handler. Statements inside a transaction never wait (it already holds the lock or will).
 */
function waitingForWriterTurn(factory: AdapterFactory): AdapterFactory {
  const waitFirst =
    <A extends unknown[], R>(method: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      await awaitWriterTurn();
      return method(...args);
    };
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    async connect(): Promise<Adapter> {
      const adapter = await factory.connect();
      const waiting: Partial<Adapter> = {
        queryRaw: waitFirst(adapter.queryRaw.bind(adapter)),
        executeRaw: waitFirst(adapter.executeRaw.bind(adapter)),
        startTransaction: waitFirst(async (...args: Parameters<Adapter["startTransaction"]>) =>
          markedWhileOpen(await adapter.startTransaction(...args)),
        ),
      };
      return new Proxy(adapter, {
        get(target, property) {
          if (property in waiting) return waiting[property as keyof Adapter];
          const value: unknown = Reflect.get(target, property, target);
          return typeof value === "function" ? value.bind(target) : value;
        },
      });
    },
  };
}

type Transaction = Awaited<ReturnType<Adapter["startTransaction"]>>;

/**
 * In the order thread (docs/decisions/0067-order-thread.md), which writes through Prisma: the
 * transaction holds the writer turn from its start to its commit or rollback, so the main
 * thread waits for it without blocking. Elsewhere the transaction as it is.
 */
function markedWhileOpen(transaction: Transaction): Transaction {
  if (!writerTurnMarksTransactions()) return transaction;
  holdWriterTurn(true);
  let open = true;
  const ended = (method: () => Promise<void>) => async (): Promise<void> => {
    try {
      await method();
    } finally {
      if (open) holdWriterTurn(false);
      open = false;
    }
  };
  const ending: Partial<Transaction> = {
    commit: ended(transaction.commit.bind(transaction)),
    rollback: ended(transaction.rollback.bind(transaction)),
  };
  return new Proxy(transaction, {
    get(target, property) {
      if (property in ending) return ending[property as keyof Transaction];
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
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
