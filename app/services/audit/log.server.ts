import type { AuditEvent } from "@prisma/client";
import * as z from "zod";
import { fromSqlJson, fromSqlTime } from "../../db/columns";
import { selectAuditEvents, type AuditEventRow, type AuditFilter } from "../../db/audit-events.sql.server";
import { auditExportBatches, type AuditExportRow } from "../../db/audit-export.sql.server";
import { AUDIT_EVENT_TYPES } from "../../domain/audit/audit-events";
import { SEVERITIES } from "../../domain/severity";

/** The Audit Log's filters, read from a URL's query (page, JSON API and CSV export alike). */
export const auditQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(100, "Search must be at most 100 characters")
    .optional()
    .transform((value) => value || undefined),
  type: z.enum(AUDIT_EVENT_TYPES, { error: "Unknown event type" }).optional(),
  severity: z.enum(SEVERITIES, { error: "Severity is one of low, medium, high, critical" }).optional(),
  cursor: z.string().max(200).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export function readAuditQuery(params: URLSearchParams) {
  const entries = Object.fromEntries(
    ["q", "type", "severity", "cursor"].flatMap((key) => {
      const value = params.get(key);
      return value ? [[key, value]] : [];
    }),
  );
  return auditQuerySchema.safeParse(entries);
}

export const AUDIT_PAGE_SIZE = 50;

interface Cursor {
  createdAt: Date;
  id: string;
}

export function encodeCursor(event: Pick<AuditEvent, "createdAt" | "id">): string {
  return Buffer.from(`${event.createdAt.getTime()}:${event.id}`).toString("base64url");
}

export function decodeCursor(value: string | undefined): Cursor | null {
  if (!value) return null;
  const [time, id] = Buffer.from(value, "base64url").toString("utf8").split(":");
  const ms = Number(time);
  return Number.isFinite(ms) && id ? { createdAt: new Date(ms), id } : null;
}

/**
 * Newest first, keyset paginated on (createdAt, id): a page after the cursor is an index
 * range, so page 20,000 costs what page 1 does. Severity is a minimum (docs/product.md#rule-semantics).
 * The page, the JSON API and the CSV export all filter with auditFilters.
 */
export async function auditPage(
  shopId: string,
  query: AuditQuery,
  pageSize = AUDIT_PAGE_SIZE,
): Promise<{ events: AuditEvent[]; nextCursor: string | null }> {
  const rows = await selectAuditEvents(shopId, filterOf(query, decodeCursor(query.cursor)), pageSize + 1);
  const events = rows.slice(0, pageSize).map(toAuditEvent);
  return { events, nextCursor: rows.length > pageSize ? encodeCursor(events[events.length - 1]) : null };
}

function toAuditEvent(row: AuditEventRow): AuditEvent {
  return {
    ...row,
    createdAt: fromSqlTime(row.createdAt),
    discountCodes: fromSqlJson(row.discountCodes) ?? [],
    details: fromSqlJson(row.details),
  };
}

function filterOf(query: AuditQuery, before: Cursor | null): AuditFilter {
  return { type: query.type, severity: query.severity, q: query.q, before };
}

/** Events per export batch: one indexed statement of a few milliseconds, a chunk of a few hundred kB. */
export const CSV_BATCH = 2000;

/**
 * Every event matching the Audit Log's filters, newest first, a batch at a time, as arrays in
 * AUDIT_EXPORT_COLUMNS order: memory stays flat whatever the count. The export ignores the page
 * cursor.
 */
export function auditBatches(
  shopId: string,
  query: AuditQuery,
  batchSize = CSV_BATCH,
): AsyncGenerator<AuditExportRow[]> {
  return auditExportBatches(shopId, { type: query.type, severity: query.severity, q: query.q }, batchSize);
}
