/**
 * The Audit Log's CSV export reads its rows here (docs/decisions/0057-csv-at-the-databases-speed.md,
 * docs/decisions/0070-csv-export-helper-thread.md), in the (shopId, createdAt, id) index's order.
 * On an SQLite file: ranges cut at keys, each read by one prepared statement on a direct
 * better-sqlite3 connection of its own (read only; WAL lets it read while the writer commits), on
 * this thread or on the export's helper thread, most rows as their CSV line's parts
 * (app/db/audit-export-parts.ts). On PostgreSQL (and an in-memory SQLite): keyset batches through
 * Prisma, rows as arrays in AUDIT_EXPORT_COLUMNS order. The filters are the Audit Log's own
 * (auditConditions), so export and page agree.
 */
import prisma, { SQLITE_BUSY_WAIT_MS } from "./client.server";
import { auditConditions, type AuditFilter } from "./audit-events.sql.server";
import { columnList, fromSqlTime, raw, sql, sqlEngine, toSqlTime } from "./columns";
import { getEnv } from "../env.server";
import { sqliteFile } from "../config/database-url";
import {
  AUDIT_EXPORT_COLUMNS,
  EXPORT_INDEX,
  exportConnections,
  PARTS_SELECT,
  readExportParts,
  type AuditExportRecord,
} from "./audit-export-parts";

/** The export's SQLite connection on this thread (the helper thread has its own). */
const connection = exportConnections(SQLITE_BUSY_WAIT_MS);

/** One batch of matching events, newest first, strictly older than `filter.before`, through Prisma (PostgreSQL, an in-memory SQLite). */
async function selectBatch(shopId: string, filter: AuditFilter, limit: number): Promise<AuditExportRecord[]> {
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
    before = {
      createdAt: fromSqlTime(last[EXPORT_INDEX.createdAt] as number | bigint | Date),
      id: String(last[EXPORT_INDEX.id]),
    };
  }
}

/** An event's place in the export's order (newest first): its time and id. */
export type AuditExportKey = NonNullable<AuditFilter["before"]>;

/** The SQLite file the export reads on connections of its own; null on PostgreSQL or in memory. */
export function sqliteExportFile(): string | null {
  const file = sqlEngine() === "sqlite" ? sqliteFile(getEnv().databaseUrl) : null;
  return file && file !== ":memory:" ? file : null;
}

/**
 * SQLite: the key of the `size`-th event matching `filter` strictly older than `before` (from the
 * newest when null), or null when fewer match. Unfiltered it walks the index's keys only, so the
 * end of the next range is known long before its rows are read.
 */
export function sqliteRangeEnd(
  file: string,
  shopId: string,
  filter: Omit<AuditFilter, "before">,
  before: AuditExportKey | null,
  size: number,
): AuditExportKey | null {
  if (!Number.isInteger(size) || size < 1) throw new Error(`Range size must be a positive integer`);
  const query = sql`
    SELECT "createdAt", "id" FROM "AuditEvent" WHERE ${auditConditions(shopId, { ...filter, before })}
    ORDER BY "createdAt" DESC, "id" DESC LIMIT 1 OFFSET ${size - 1}`;
  const row = connection(file)
    .prepare(query.sql)
    .get(...query.values) as [number | bigint, string] | undefined;
  return row ? { createdAt: fromSqlTime(row[0]), id: row[1] } : null;
}

/** A statement's text and values, as a thread of its own runs it. */
export interface PlainQuery {
  sql: string;
  values: unknown[];
}

/**
 * The statement of the events matching `filter` strictly older than `before` and not older than
 * `last` (inclusive; down to the oldest when null), newest first, as line parts. Ranges cut at the
 * keys sqliteRangeEnd returns neither skip nor repeat an event, whichever thread reads them and
 * whatever is written meanwhile.
 */
export function sqliteRangeQuery(
  shopId: string,
  filter: Omit<AuditFilter, "before">,
  before: AuditExportKey | null,
  last: AuditExportKey | null,
): PlainQuery {
  const at = last ? toSqlTime(last.createdAt) : null;
  const lower = last ? sql` AND "createdAt" >= ${at} AND NOT ("createdAt" = ${at} AND "id" < ${last.id})` : raw("");
  const query = sql`
    SELECT ${raw(PARTS_SELECT)}
    FROM "AuditEvent" WHERE ${auditConditions(shopId, { ...filter, before })}${lower}
    ORDER BY "createdAt" DESC, "id" DESC`;
  return { sql: query.sql, values: query.values };
}

/** SQLite, on this thread: a range's events, in one read transaction. */
export function sqliteRange(file: string, query: PlainQuery): AuditExportRecord[] {
  return readExportParts(connection(file), query.sql, query.values);
}
