import { Prisma, type AuditEvent } from "@prisma/client";
import { z } from "zod";
import prisma from "../../db.server";
import { AUDIT_EVENT_TYPES } from "../../domain/audit-events";
import { SEVERITIES, severitiesAtLeast } from "../../domain/severity";

/** The Audit Log's filters, read from a URL's query (page, JSON API and CSV export alike). */
export const auditQuerySchema = z.object({
  q: z.string().trim().max(100, "Search must be at most 100 characters").optional().transform((value) => value || undefined),
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
 * range, so page 20,000 costs what page 1 does. Severity is a minimum (decisions.md #8).
 * The page, the JSON API and the CSV export all filter with auditFilters.
 */
export async function auditPage(
  shopId: string,
  query: AuditQuery,
  pageSize = AUDIT_PAGE_SIZE,
): Promise<{ events: AuditEvent[]; nextCursor: string | null }> {
  const rows = await prisma.$queryRaw<(Omit<AuditEvent, "createdAt"> & { createdAt: number | bigint })[]>`
    SELECT * FROM "AuditEvent" WHERE ${auditFilters(shopId, query, decodeCursor(query.cursor))}
    ORDER BY "createdAt" DESC, "id" DESC LIMIT ${pageSize + 1}`;
  const events = rows.slice(0, pageSize).map(
    (row): AuditEvent => ({
      ...row,
      createdAt: new Date(Number(row.createdAt)),
      discountCodes: parsedJson(row.discountCodes) ?? [],
      details: parsedJson(row.details),
    }),
  );
  return { events, nextCursor: rows.length > pageSize ? encodeCursor(events[events.length - 1]) : null };
}

/** Raw queries may hand JSON columns back as text. */
function parsedJson(value: unknown): Prisma.JsonValue {
  return typeof value === "string" ? (JSON.parse(value) as Prisma.JsonValue) : (value as Prisma.JsonValue);
}

export const CSV_BATCH = 5000;

/** The columns the CSV export writes. */
export type AuditExportRow = Pick<
  AuditEvent,
  | "id"
  | "eventType"
  | "severity"
  | "orderName"
  | "orderId"
  | "discountPercent"
  | "totalDiscountCents"
  | "preDiscountSubtotalCents"
  | "subtotalAfterDiscountCents"
  | "marginSavedCents"
  | "marginPercent"
  | "currency"
  | "ruleKey"
  | "ruleName"
  | "threshold"
  | "message"
> & { discountCodes: unknown; createdAt: number | bigint };

function auditFilters(shopId: string, query: AuditQuery, cursor: Cursor | null): Prisma.Sql {
  const conditions = [Prisma.sql`"shopId" = ${shopId}`];
  if (query.type) conditions.push(Prisma.sql`"eventType" = ${query.type}`);
  if (query.severity && query.severity !== "low") {
    conditions.push(Prisma.sql`"severity" IN (${Prisma.join(severitiesAtLeast(query.severity))})`);
  }
  if (query.q) {
    const pattern = `%${query.q.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    conditions.push(Prisma.sql`"searchText" LIKE ${pattern} ESCAPE '\\'`);
  }
  if (cursor) {
    const at = cursor.createdAt.getTime();
    conditions.push(Prisma.sql`"createdAt" <= ${at} AND NOT ("createdAt" = ${at} AND "id" >= ${cursor.id})`);
  }
  return Prisma.join(conditions, " AND ");
}

/**
 * Every matching event, newest first, a batch at a time on the (createdAt, id) index:
 * memory stays flat whatever the count. Raw SQL, for the speed of a million-row export.
 */
export async function* auditBatches(shopId: string, query: AuditQuery): AsyncGenerator<AuditExportRow[]> {
  let cursor = decodeCursor(query.cursor);
  for (;;) {
    const rows = await prisma.$queryRaw<AuditExportRow[]>`
      SELECT "id", "eventType", "severity", "orderName", "orderId", "discountCodes", "discountPercent",
        "totalDiscountCents", "preDiscountSubtotalCents", "subtotalAfterDiscountCents", "marginSavedCents",
        "marginPercent", "currency", "ruleKey", "ruleName", "threshold", "message", "createdAt"
      FROM "AuditEvent" WHERE ${auditFilters(shopId, query, cursor)}
      ORDER BY "createdAt" DESC, "id" DESC LIMIT ${CSV_BATCH}`;
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < CSV_BATCH) return;
    const last = rows[rows.length - 1];
    cursor = { createdAt: new Date(Number(last.createdAt)), id: last.id };
  }
}
