/**
 * The Audit Log's CSV export reads its rows here (docs/decisions/0057-csv-at-the-databases-speed.md):
 * a prepared statement, keyset batches on the (shopId, createdAt, id) index, rows as arrays in
 * AUDIT_EXPORT_COLUMNS order. On SQLite the statement runs on a direct better-sqlite3
 * connection of its own (read only, WAL lets it read while the writer commits), so a batch of
 * thousands of rows is one synchronous call with no object per row, and most rows come as their
 * CSV line's parts (PARTS_INDEX); on PostgreSQL it runs through Prisma. The filters are the Audit Log's own (auditConditions), so export and page agree.
 */
import Database from "better-sqlite3";
import prisma, { SQLITE_BUSY_TIMEOUT_MS } from "./client.server";
import { AUDIT_EXPORT_COLUMNS, auditConditions, type AuditFilter } from "./audit-events.sql.server";
import type { Prisma } from "@prisma/client";
import { columnList, fromSqlTime, raw, sql, sqlEngine } from "./columns";
import { keptValues } from "../domain/kept-values";
import { plainCells } from "../domain/csv-cells";
import { getEnv } from "../env.server";
import { sqliteFile } from "../config/database-url";

/**
 * One exported event: its AUDIT_EXPORT_COLUMNS values, in that order (PostgreSQL, and on SQLite an
 * event whose text cells are not plain), or on SQLite its line's parts (ExportParts).
 */
export type AuditExportRecord = unknown[];

/** Where each column sits in an AuditExportRecord of columns. */
export const EXPORT_INDEX = Object.fromEntries(AUDIT_EXPORT_COLUMNS.map((column, index) => [column, index])) as {
  [K in (typeof AUDIT_EXPORT_COLUMNS)[number]]: number;
};

/** The text cells SQLite joins, in CSV order: `head` and `middle`. */
const HEAD_COLUMNS = ["eventType", "severity", "orderName", "orderId"] as const;
const MIDDLE_COLUMNS = ["currency", "ruleKey", "ruleName"] as const;
/** A join: each column's text after a comma (NULL as nothing), and a comma after the last. */
const joined = (columns: readonly string[]) =>
  `concat(',', ${columns.map((column) => `"${column}"`).join(", ',', ")}, ',')`;

/**
 * On SQLite an event crosses into JavaScript as the parts of its CSV line
 * (docs/decisions/0057-csv-at-the-databases-speed.md): SQLite joins the text cells that stand
 * side by side into two values, `head` (event type, severity, order name, order id) and `middle`
 * (currency, rule key, rule name), each cell after a comma and a comma after the last; the codes'
 * JSON, the figures, the time and the message come as they are. A value crossing costs a
 * JavaScript string of its own, so thirteen values instead of seventeen, and no cell to split or
 * quote in the joins. `id` is the rowid (a number), but the batch's last event's id. An event
 * whose joins are not plain cells (a quote, comma, line break or formula's first character in
 * one) is read as a record instead. Each part: its name, and what SQLite selects for it, in the
 * order it crosses.
 */
const PARTS = [
  ["createdAt", `"createdAt"`],
  ["id", `"rowid"`],
  ["head", joined(HEAD_COLUMNS)],
  ["discountCodes", `"discountCodes"`],
  ["discountPercent", `"discountPercent"`],
  ["totalDiscountCents", `"totalDiscountCents"`],
  ["preDiscountSubtotalCents", `"preDiscountSubtotalCents"`],
  ["subtotalAfterDiscountCents", `"subtotalAfterDiscountCents"`],
  ["marginSavedCents", `"marginSavedCents"`],
  ["marginPercent", `"marginPercent"`],
  ["middle", joined(MIDDLE_COLUMNS)],
  ["threshold", `"threshold"`],
  ["message", `"message"`],
] as const;

/** Where each part sits in an ExportParts row. */
export const PARTS_INDEX = Object.fromEntries(PARTS.map(([name], index) => [name, index])) as {
  [K in (typeof PARTS)[number][0]]: number;
};

/** Whether an exported row is an event's line parts (else its columns). */
export const isExportParts = (row: AuditExportRecord) => row.length === PARTS.length;

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

/** The SELECT list of an event's line parts, in PARTS_INDEX order. */
const PARTS_SELECT = raw(PARTS.map(([, selected]) => selected).join(", "));

function sqliteBatch(file: string, shopId: string, filter: AuditFilter, limit: number): AuditExportRecord[] {
  const db = exportConnection(file);
  const prepared = (query: Prisma.Sql) => statements(`${file}\n${query.sql}`, () => db.prepare(query.sql).raw(true));
  const query = sql`
    SELECT ${PARTS_SELECT}
    FROM "AuditEvent" WHERE ${auditConditions(shopId, filter)}
    ORDER BY "createdAt" DESC, "id" DESC LIMIT ${limit}`;
  // one read transaction: the rowids read by the batch name the same rows in the reads after it
  return db.transaction(() => readBatch(prepared, query))();
}

function readBatch(prepared: (query: Prisma.Sql) => Database.Statement, query: Prisma.Sql): AuditExportRecord[] {
  const rows = prepared(query).all(...query.values) as unknown[][];
  const one = sql`SELECT ${columnList(AUDIT_EXPORT_COLUMNS)} FROM "AuditEvent" WHERE "rowid" = ${0}`;
  const idOf = sql`SELECT "id" FROM "AuditEvent" WHERE "rowid" = ${0}`;
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index];
    if (
      plainCells(row[PARTS_INDEX.head] as string, HEAD_COLUMNS.length) &&
      plainCells(row[PARTS_INDEX.middle] as string, MIDDLE_COLUMNS.length)
    )
      continue;
    // rare: a text cell to quote or neutralise; this row's columns are read instead
    rows[index] = prepared(one).get(row[PARTS_INDEX.id]) as AuditExportRecord;
  }
  // the batch's last event carries its id (the next batch's keyset); the rows before it the rowid
  const last = rows[rows.length - 1];
  if (last && isExportParts(last)) last[PARTS_INDEX.id] = (prepared(idOf).get(last[PARTS_INDEX.id]) as unknown[])[0];
  return rows;
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
  // the codes as JSON text, as SQLite holds them: PostgreSQL's driver parses jsonb (a list, or a string)
  return rows.map((row) =>
    AUDIT_EXPORT_COLUMNS.map((column) =>
      column === "discountCodes" ? JSON.stringify(row[column] ?? null) : row[column],
    ),
  );
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
    const at = isExportParts(last) ? PARTS_INDEX : EXPORT_INDEX;
    before = { createdAt: fromSqlTime(last[at.createdAt] as number | bigint | Date), id: String(last[at.id]) };
  }
}
