/**
 * The Audit Log's CSV export reads its rows here (docs/decisions/0057-csv-at-the-databases-speed.md):
 * a prepared statement, keyset batches on the (shopId, createdAt, id) index, rows as arrays in
 * AUDIT_EXPORT_COLUMNS order. On SQLite the statement runs on a direct better-sqlite3
 * connection of its own (read only, WAL lets it read while the writer commits), so a batch of
 * thousands of rows is one synchronous call with no object per row; on PostgreSQL it runs through
 * Prisma. The filters are the Audit Log's own (auditConditions), so export and page agree.
 */
import Database from "better-sqlite3";
import prisma, { SQLITE_BUSY_TIMEOUT_MS } from "./client.server";
import { AUDIT_EXPORT_COLUMNS, auditConditions, type AuditFilter } from "./audit-events.sql.server";
import type { Prisma } from "@prisma/client";
import { columnList, fromSqlTime, raw, sql, sqlEngine } from "./columns";
import { keptValues } from "../domain/kept-values";
import { getEnv } from "../env.server";
import { sqliteFile } from "../config/database-url";

/**
 * One exported event: its AUDIT_EXPORT_COLUMNS values, in that order. On SQLite the id of every
 * event of a batch but its last is SQLite's rowid (a number, cheaper to read than the id's text):
 * the export writes no id, and the next batch starts after the last event's id.
 */
export type AuditExportRecord = unknown[];

/** Where each column sits in an AuditExportRecord. */
export const EXPORT_INDEX = Object.fromEntries(AUDIT_EXPORT_COLUMNS.map((column, index) => [column, index])) as {
  [K in (typeof AUDIT_EXPORT_COLUMNS)[number]]: number;
};

let connection: { file: string; db: Database.Database } | null = null;
const statements = keptValues<string, Database.Statement>(20);

/** The export's own SQLite connection, opened on first use (and again if DATABASE_URL names another file). */
function exportConnection(file: string): Database.Database {
  if (connection?.file === file && connection.db.open) return connection.db;
  const db = new Database(file, { fileMustExist: true, timeout: SQLITE_BUSY_TIMEOUT_MS });
  // this connection only ever reads
  db.pragma("query_only = ON");
  connection = { file, db };
  return db;
}

/** The export's text columns: SQLite joins them into one value per row (see TEXT_SELECT). */
const TEXT_COLUMNS = [
  "eventType",
  "severity",
  "orderName",
  "orderId",
  "discountCodes",
  "currency",
  "ruleKey",
  "ruleName",
  "message",
] as const satisfies readonly (typeof AUDIT_EXPORT_COLUMNS)[number][];
/** The rest: numbers, each its own value. */
const OTHER_COLUMNS = AUDIT_EXPORT_COLUMNS.filter((column) => !(TEXT_COLUMNS as readonly string[]).includes(column));
/** The unit separator: it joins the text columns on SQLite, and a row whose text holds one is read again. */
const SEPARATOR = "\x1f";
/**
 * Every value that crosses from SQLite to JavaScript costs a string of its own: the text columns
 * cross as one string, split here, which halves the reading time of a batch
 * (docs/decisions/0057-csv-at-the-databases-speed.md). NULL becomes "", which the export writes
 * for NULL anyway.
 */
const TEXT_SELECT = raw(
  TEXT_COLUMNS.map((column) => `ifnull("${column}", '')`).join(" || char(31) || ") +
    // the id is a string per row to make; the row's rowid is a number (the batch's last id is read by it)
    `, ${OTHER_COLUMNS.map((column) => (column === "id" ? `"rowid"` : `"${column}"`)).join(", ")}`,
);
const ID_AT = 1 + OTHER_COLUMNS.indexOf("id");

/** A row of TEXT_SELECT as an AuditExportRecord; null if its text held the separator. */
function recordOf(row: unknown[]): AuditExportRecord | null {
  const texts = (row[0] as string).split(SEPARATOR);
  if (texts.length !== TEXT_COLUMNS.length) return null;
  const record: AuditExportRecord = new Array(AUDIT_EXPORT_COLUMNS.length);
  for (let index = 0; index < TEXT_COLUMNS.length; index++) record[EXPORT_INDEX[TEXT_COLUMNS[index]]] = texts[index];
  for (let index = 0; index < OTHER_COLUMNS.length; index++)
    record[EXPORT_INDEX[OTHER_COLUMNS[index]]] = row[index + 1];
  return record;
}

function sqliteBatch(file: string, shopId: string, filter: AuditFilter, limit: number): AuditExportRecord[] {
  const db = exportConnection(file);
  const prepared = (query: Prisma.Sql) => statements(`${file}\n${query.sql}`, () => db.prepare(query.sql).raw(true));
  const query = sql`
    SELECT ${TEXT_SELECT}
    FROM "AuditEvent" WHERE ${auditConditions(shopId, filter)}
    ORDER BY "createdAt" DESC, "id" DESC LIMIT ${limit}`;
  // one read transaction: the rowids read by the batch name the same rows in the reads after it
  return db.transaction(() => readBatch(prepared, query))();
}

function readBatch(prepared: (query: Prisma.Sql) => Database.Statement, query: Prisma.Sql): AuditExportRecord[] {
  const rows = prepared(query).all(...query.values) as unknown[][];
  const one = sql`SELECT ${columnList(AUDIT_EXPORT_COLUMNS)} FROM "AuditEvent" WHERE "rowid" = ${0}`;
  const idOf = sql`SELECT "id" FROM "AuditEvent" WHERE "rowid" = ${0}`;
  const records = rows.map((row) => {
    const record = recordOf(row);
    if (record) return record;
    // rare: a text held the separator; this row's columns are read one by one
    return prepared(one).get(row[ID_AT]) as AuditExportRecord;
  });
  // the batch's last event carries its id (the next batch's keyset); the rows before it the rowid
  const last = records[records.length - 1];
  if (last && typeof last[EXPORT_INDEX.id] !== "string") {
    last[EXPORT_INDEX.id] = (prepared(idOf).get(last[EXPORT_INDEX.id]) as unknown[])[0];
  }
  return records;
}

/** One batch of matching events, newest first, strictly older than `filter.before`. */
async function selectBatch(shopId: string, filter: AuditFilter, limit: number): Promise<AuditExportRecord[]> {
  const { databaseUrl } = getEnv();
  if (sqlEngine() === "sqlite" && sqliteFile(databaseUrl) !== ":memory:") {
    return sqliteBatch(sqliteFile(databaseUrl), shopId, filter, limit);
  }
  const rows = await prisma.$queryRaw<Record<string, unknown>[]>`
    SELECT ${columnList(AUDIT_EXPORT_COLUMNS)}
    FROM "AuditEvent" WHERE ${auditConditions(shopId, filter)}
    ORDER BY "createdAt" DESC, "id" DESC LIMIT ${limit}`;
  return rows.map((row) => AUDIT_EXPORT_COLUMNS.map((column) => row[column]));
}

/**
 * Every event matching `filter`, newest first, `batchSize` at a time. Each batch is one query
 * that ends before it is yielded: nothing stays open between batches, so a consumer that stops
 * (a client gone, a slow client not asking) leaves no statement running.
 */
export async function* auditExportBatches(
  shopId: string,
  filter: Omit<AuditFilter, "before">,
  batchSize: number,
): AsyncGenerator<AuditExportRecord[]> {
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new Error(`Batch size must be a positive integer`);
  let before: AuditFilter["before"] = null;
  for (;;) {
    const rows = await selectBatch(shopId, { ...filter, before }, batchSize);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1];
    before = {
      createdAt: fromSqlTime(last[EXPORT_INDEX.createdAt] as number | bigint | Date),
      id: String(last[EXPORT_INDEX.id]),
    };
  }
}
