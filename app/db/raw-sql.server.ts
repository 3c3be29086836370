/**
 * Where raw SQL runs (docs/decisions/0015-alert-delivery-thread.md). The hot path's raw SQL
 * is written against `RawSql`, the two methods of Prisma's client it uses, so the same
 * statements run through Prisma or through a direct SQLite connection.
 *
 * The direct connection is the alert delivery thread's: SQLite has one writer, and a Prisma
 * transaction holds the write lock across turns of the event loop, while each statement is
 * compiled. The delivery thread's transactions instead begin IMMEDIATE and run their statements
 * back to back on a synchronous connection (no I/O awaited inside), so the lock that the order
 * engine on the main thread waits for is held for the statements' own time only.
 */
import Database from "better-sqlite3";
import { Prisma, type PrismaClient } from "@prisma/client";
import { keptValues } from "../domain/kept-values";
import { giveWayToQueueInserts, holdWriterTurn, queueInsertsWaiting } from "./writer-turn.server";

/** The raw-SQL methods of Prisma's client (and of its transactions) that the app's SQL uses. */
export type RawSql = Pick<Prisma.TransactionClient, "$queryRaw" | "$executeRaw">;

/** Raw SQL plus transactions: Prisma's client, or a direct SQLite connection. */
export interface SqlWriter {
  sql: RawSql;
  transaction<T>(work: (tx: RawSql) => Promise<T>): Promise<T>;
}

export function prismaWriter(client: PrismaClient): SqlWriter {
  return { sql: client, transaction: (work) => client.$transaction((tx) => work(tx)) };
}

/** A value as better-sqlite3 binds it (it refuses booleans, Dates and undefined). */
function bindable(value: unknown): unknown {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return value.getTime();
  if (value === undefined) return null;
  return value;
}

function statement(query: TemplateStringsArray | Prisma.Sql, values: unknown[]): { sql: string; values: unknown[] } {
  // a tagged template's strings are an array; a Prisma.sql fragment is not
  return Array.isArray(query) ? Prisma.sql(query as TemplateStringsArray, ...values) : (query as Prisma.Sql);
}

/** Prepared statements a direct connection keeps (a batch's row count changes the text of its inserts). */
const PREPARED_STATEMENTS = 500;

/**
 * Raw SQL on a synchronous better-sqlite3 connection, with Prisma's raw-query signature (a
 * statement runs when it is called; nothing else is awaited). Rows come back as objects keyed
 * by column name, as `$queryRaw` gives them; integers as numbers.
 */
export function sqliteWriter(file: string, busyTimeoutMs: number): SqlWriter & { close(): void } {
  const db = new Database(file, { timeout: busyTimeoutMs });
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  let open = false;
  // prepared once per statement text: the worker runs the same few statements every batch
  const statements = keptValues<string, Database.Statement>(PREPARED_STATEMENTS);
  async function transaction<T>(work: (tx: RawSql) => Promise<T>, giveWay = true): Promise<T> {
    if (open) throw new Error("A transaction is already open on this connection");
    // a writing thread lets the main thread's webhook queue inserts go first (app/db/writer-turn.server.ts)
    if (giveWay && queueInsertsWaiting()) {
      await giveWayToQueueInserts();
      if (open) throw new Error("A transaction is already open on this connection");
    }
    // waits here (this thread only) while the main thread writes; then says it holds the writer
    db.exec("BEGIN IMMEDIATE");
    open = true;
    holdWriterTurn(true);
    try {
      const result = await work(sql);
      db.exec("COMMIT");
      return result;
    } catch (error) {
      if (db.inTransaction) db.exec("ROLLBACK");
      throw error;
    } finally {
      open = false;
      holdWriterTurn(false);
    }
  }
  async function run(query: TemplateStringsArray | Prisma.Sql, values: unknown[]) {
    const compiled = statement(query, values);
    const prepared = statements(compiled.sql, () => db.prepare(compiled.sql));
    const args = compiled.values.map(bindable);
    const execute = () => (prepared.reader ? (prepared.all(...args) as unknown[]) : prepared.run(...args).changes);
    // reads never wait for the writer (WAL); a write of its own is a transaction of one statement
    if (open || prepared.readonly) return execute();
    // one statement: it starts at once (a statement called meanwhile joins it, as before)
    return transaction(async () => execute(), false);
  }
  const sql = {
    $queryRaw: async (query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) => {
      const result = await run(query, values);
      return typeof result === "number" ? [] : result;
    },
    $executeRaw: async (query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) => {
      const result = await run(query, values);
      return typeof result === "number" ? result : result.length;
    },
  } as unknown as RawSql;
  return {
    sql,
    transaction,
    close: () => db.close(),
  };
}
