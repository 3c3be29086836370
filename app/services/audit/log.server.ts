import type { AuditEvent } from "@prisma/client";
import * as z from "zod";
import { fromSqlJson, fromSqlTime } from "../../db/columns";
import {
  selectAuditEvents,
  selectGroupEvents,
  selectGroupEventsFrom,
  type AuditEventRow,
  type AuditFilter,
  type AuditGroupKeys,
} from "../../db/audit-events.sql.server";
import { auditGroupKey } from "../../domain/audit/audit-groups";
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

/**
 * Orders (rows) on one page of the Audit Log screen (docs/product.md#audit-log): about as many
 * rows, and as much page, as the 50 events a page held before it paged by order.
 */
export const AUDIT_PAGE_ORDERS = 20;
/** Events read at a time while a page looks for its orders. */
const GROUP_SCAN_BATCH = 200;

/** The keys of rows as SQL matches their events (app/db/audit-events.sql.server.ts). */
function groupKeysOf(heads: readonly AuditEventRow[]): AuditGroupKeys {
  const keys: AuditGroupKeys = { orders: [], names: [], ids: [] };
  for (const head of heads) {
    if (head.orderId) keys.orders.push({ orderId: head.orderId, orderName: head.orderName });
    else if (head.orderName) keys.names.push(head.orderName);
    else keys.ids.push(head.id);
  }
  return keys;
}

/**
 * A page of the Audit Log screen: `pageSize` rows (orders, checkouts, events about no order)
 * with every event of each that matches the filters, newest row first, so no order is split
 * across pages. A row is on the page of its newest matching event; the cursor is the last row's
 * newest event, and a later page leaves out the rows that have an event at or after it. Events
 * are read newest first a batch at a time on the same index as the events' pages, then each
 * row's events on the order-name index.
 */
export async function auditOrderPage(
  shopId: string,
  query: AuditQuery,
  pageSize = AUDIT_PAGE_ORDERS,
): Promise<{ events: AuditEvent[]; nextCursor: string | null }> {
  const before = decodeCursor(query.cursor);
  const heads = new Map<string, AuditEventRow>();
  const shownBefore = new Set<string>();
  let from = before;
  while (heads.size <= pageSize) {
    const batch = await selectAuditEvents(shopId, filterOf(query, from), GROUP_SCAN_BATCH);
    if (before) {
      // rows met for the first time may have newer events, on an earlier page
      const fresh = new Map<string, AuditEventRow>();
      for (const row of batch) {
        const key = auditGroupKey(row);
        if (!heads.has(key) && !shownBefore.has(key) && !fresh.has(key)) fresh.set(key, row);
      }
      const earlier = await selectGroupEventsFrom(
        shopId,
        filterOf(query, null),
        groupKeysOf([...fresh.values()]),
        before,
      );
      for (const row of earlier) shownBefore.add(auditGroupKey(row));
    }
    for (const row of batch) {
      const key = auditGroupKey(row);
      if (heads.has(key) || shownBefore.has(key)) continue;
      heads.set(key, row);
      if (heads.size > pageSize) break;
    }
    if (batch.length < GROUP_SCAN_BATCH) break;
    const last = batch[batch.length - 1];
    from = { createdAt: fromSqlTime(last.createdAt), id: last.id };
  }
  const onPage = [...heads.values()].slice(0, pageSize);
  const keys = new Set(onPage.map((head) => auditGroupKey(head)));
  const rows = await selectGroupEvents(shopId, filterOf(query, null), groupKeysOf(onPage));
  const last = onPage[onPage.length - 1];
  return {
    events: rows.filter((row) => keys.has(auditGroupKey(row))).map(toAuditEvent),
    nextCursor:
      heads.size > pageSize && last ? encodeCursor({ createdAt: fromSqlTime(last.createdAt), id: last.id }) : null,
  };
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
