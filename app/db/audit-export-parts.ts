/**
 * What the CSV export reads from SQLite, with nothing but better-sqlite3 (no Prisma): the export's
 * helper thread loads this module on its own (docs/decisions/0070-csv-export-helper-thread.md), and
 * the main thread builds the statements from the same lists (app/db/audit-export.sql.server.ts).
 */
import Database from "better-sqlite3";
import type { AuditEvent } from "@prisma/client";
import { plainCells } from "../domain/csv-cells";
import { keptValues } from "../domain/kept-values";

/** The columns the Audit Log's export reads. */
export const AUDIT_EXPORT_COLUMNS = [
  "id",
  "eventType",
  "severity",
  "orderName",
  "orderId",
  "discountCodes",
  "discountPercent",
  "totalDiscountCents",
  "preDiscountSubtotalCents",
  "subtotalAfterDiscountCents",
  "marginSavedCents",
  "marginPercent",
  "currency",
  "ruleKey",
  "ruleName",
  "threshold",
  "message",
  "createdAt",
] as const satisfies readonly (keyof AuditEvent)[];

/**
 * One exported event: its AUDIT_EXPORT_COLUMNS values, in that order (PostgreSQL, and on SQLite an
 * event whose text cells are not plain), or on SQLite its line's parts (PARTS_INDEX).
 */
export type AuditExportRecord = unknown[];

/** Where each column sits in an AuditExportRecord of columns. */
export const EXPORT_INDEX = Object.fromEntries(AUDIT_EXPORT_COLUMNS.map((column, index) => [column, index])) as {
  [K in (typeof AUDIT_EXPORT_COLUMNS)[number]]: number;
};

/** The text cells SQLite joins, in CSV order: `head` and `middle`. */
export const HEAD_COLUMNS = ["eventType", "severity", "orderName", "orderId"] as const;
export const MIDDLE_COLUMNS = ["currency", "ruleKey", "ruleName"] as const;
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
 * quote in the joins. `id` is the rowid (a number). An event whose joins are not plain cells (a
 * quote, comma, line break or formula's first character in one) is read as a record instead.
 * Each part: its name, and what SQLite selects for it, in the order it crosses.
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

/** The SELECT list of an event's line parts, in PARTS_INDEX order. */
export const PARTS_SELECT = PARTS.map(([, selected]) => selected).join(", ");

/** One event's columns by rowid, for a row whose joins are not plain. */
const ONE_RECORD = `SELECT ${AUDIT_EXPORT_COLUMNS.map((column) => `"${column}"`).join(", ")} FROM "AuditEvent" WHERE "rowid" = ?`;

/** A read-only connection to the export's SQLite file, and its statements, each prepared once (raw rows). */
export interface ExportConnection {
  db: Database.Database;
  prepare(sqlText: string): Database.Statement;
}

/**
 * The export's connections of one thread (the main thread's, the helper thread's): one to the file
 * asked for, opened on first use and kept between reads; asked for another file, it closes the one
 * before, whose statements go with it.
 */
export function exportConnections(busyTimeoutMs: number): (file: string) => ExportConnection {
  let open: (ExportConnection & { file: string }) | null = null;
  return (file) => {
    if (open?.file === file && open.db.open) return open;
    if (open?.db.open) open.db.close();
    const db = new Database(file, { fileMustExist: true, timeout: busyTimeoutMs });
    // this connection only ever reads
    db.pragma("query_only = ON");
    const statements = keptValues<string, Database.Statement>(40);
    open = { file, db, prepare: (sqlText) => statements(sqlText, () => db.prepare(sqlText).raw(true)) };
    return open;
  };
}

/**
 * The rows of a query that selects PARTS_SELECT, as line parts; a row whose joins are not plain is
 * read again as its columns, by rowid, in the same read transaction (so the rowids name the rows
 * the query read).
 */
export function readExportParts(
  connection: ExportConnection,
  sqlText: string,
  values: readonly unknown[],
): AuditExportRecord[] {
  const { db, prepare } = connection;
  return db.transaction(() => {
    const rows = prepare(sqlText).all(...values) as unknown[][];
    for (let index = 0; index < rows.length; index++) {
      const row = rows[index];
      if (
        plainCells(row[PARTS_INDEX.head] as string, HEAD_COLUMNS.length) &&
        plainCells(row[PARTS_INDEX.middle] as string, MIDDLE_COLUMNS.length)
      )
        continue;
      // rare: a text cell to quote or neutralise; this row's columns are read instead
      rows[index] = prepare(ONE_RECORD).get(row[PARTS_INDEX.id]) as AuditExportRecord;
    }
    return rows;
  })();
}
