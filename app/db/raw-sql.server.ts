/**
 * Where the workers' raw SQL runs: `RawSql` is the two methods of Prisma's client (and of its
 * transactions) that the app's SQL uses, and `SqlWriter` adds transactions. On SQLite both go
 * through the process's one writer path (app/db/sqlite-one-writer.server.ts).
 */
import type { Prisma, PrismaClient } from "@prisma/client";

/** The raw-SQL methods of Prisma's client (and of its transactions) that the app's SQL uses. */
export type RawSql = Pick<Prisma.TransactionClient, "$queryRaw" | "$executeRaw">;

/** Raw SQL plus transactions. */
export interface SqlWriter {
  sql: RawSql;
  transaction<T>(work: (tx: RawSql) => Promise<T>): Promise<T>;
}

export function prismaWriter(client: PrismaClient): SqlWriter {
  return { sql: client, transaction: (work) => client.$transaction((tx) => work(tx)) };
}
