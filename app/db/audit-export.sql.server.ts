/**
 * The Audit Log's CSV export reads its events here, newest first, in keyset batches on the
 * (shopId, createdAt, id) index, with the page's own filters (auditConditions), so export and page
 * agree. Each batch is one statement that ends before it is returned: an export that stops leaves
 * nothing open.
 *
 * On an SQLite file the batches come from a read-only better-sqlite3 connection of the export's
 * own, as arrays: Prisma's rows cost about 23 µs each on a 2-core machine, which alone holds an
 * export of 1M events under the 50,000 rows/s the export is held to (docs/benchmarks.md#csv-export);
 * a reader needs no writer's turn (write-ahead log). On PostgreSQL and an in-memory SQLite, Prisma.
 */
import Database from "better-sqlite3";
import prisma from "./client.server";
import { auditConditions, type AuditFilter } from "./audit-events.sql.server";
import { columnList, fromSqlTime, sql, sqlEngine } from "./columns";
import { getEnv } from "../env.server";
import { sqliteFile } from "../config/database-url";

/** The columns the export reads, in the order of its arrays. */
export const AUDIT_EXPORT_COLUMNS = [
  "createdAt",
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
  "id",
] as const;

/** One exported event: its AUDIT_EXPORT_COLUMNS values in that order (the codes as JSON text). */
export type AuditExportRow = unknown[];

const CREATED_AT = AUDIT_EXPORT_COLUMNS.indexOf("createdAt");
const ID = AUDIT_EXPORT_COLUMNS.indexOf("id");

function batchQuery(shopId: string, filter: AuditFilter, limit: number) {
  return sql`
    SELECT ${columnList(AUDIT_EXPORT_COLUMNS)}
    FROM "AuditEvent" WHERE ${auditConditions(shopId, filter)}
    ORDER BY "createdAt" DESC, "id" DESC LIMIT ${limit}`;
}

/** The SQLite file the export reads on a connection of its own; null on PostgreSQL or in memory. */
function sqliteExportFile(): string | null {
  const file = sqlEngine() === "sqlite" ? sqliteFile(getEnv().databaseUrl) : null;
  return file && file !== ":memory:" ? file : null;
}

/**
 * Every event matching `filter`, newest first, `batchSize` at a time, as AuditExportRows.
 */
export async function* auditExportBatches(
  shopId: string,
  filter: Omit<AuditFilter, "before">,
  batchSize: number,
): AsyncGenerator<AuditExportRow[]> {
  const file = sqliteExportFile();
  const db = file ? new Database(file, { readonly: true, fileMustExist: true }) : null;
  try {
    let before: AuditFilter["before"] = null;
    for (;;) {
      const query = batchQuery(shopId, { ...filter, before }, batchSize);
      const rows = db
        ? (db
            .prepare(query.sql)
            .raw(true)
            .all(...query.values) as AuditExportRow[])
        : (await prisma.$queryRaw<Record<string, unknown>[]>(query)).map((row) =>
            // the codes as JSON text, as SQLite holds them: PostgreSQL's driver parses jsonb
            AUDIT_EXPORT_COLUMNS.map((column) =>
              column === "discountCodes" ? JSON.stringify(row[column] ?? null) : row[column],
            ),
          );
      if (rows.length === 0) return;
      yield rows;
      if (rows.length < batchSize) return;
      const last = rows[rows.length - 1];
      before = { createdAt: fromSqlTime(last[CREATED_AT] as number | Date), id: String(last[ID]) };
    }
  } finally {
    db?.close();
  }
}
