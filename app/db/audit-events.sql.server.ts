/**
 * Raw SQL of the audit events and their per-day rollups: the order webhooks' inserts, the
 * Audit Log's pages and the CSV export (docs/architecture.md#an-order-webhook-to-a-delivered-alert). Column
 * lists are exported so app/db/schema-columns.test.ts can hold them to prisma/schema.prisma.
 */
import type { Prisma, AuditEvent } from "@prisma/client";
import prisma from "./client.server";
import { auditSearchText } from "../domain/monitoring/order-payload";
import type { NewAuditEvent } from "../domain/audit/audit-events";
import { severitiesAtLeast, type Severity } from "../domain/severity";
import { columnList, fromSqlTime, join, sql, toSqlJson, toSqlTime } from "./columns";
import { newRowId } from "./ids";
import {
  ORDER_NAME_SEARCH,
  auditSearchCondition,
  auditSearchSource,
  planAuditSearch,
  type AuditSearchPlan,
} from "./audit-search.sql.server";
import type { RawSql } from "./raw-sql.server";
import { addToMoneyRollups, rollupZone } from "./money-rollups.sql.server";
import { eventIncrements, ROLLUP_EVENT_TYPES } from "../domain/roi/roi-rollups";

type Tx = RawSql;

export const AUDIT_EVENT_INSERT_COLUMNS = [
  "id",
  "shopId",
  "eventType",
  "severity",
  "message",
  "orderId",
  "orderName",
  "customerId",
  "discountCodes",
  "discountPercent",
  "totalDiscountCents",
  "preDiscountSubtotalCents",
  "subtotalAfterDiscountCents",
  "marginSavedCents",
  "marginPercent",
  "costCoveredLines",
  "costUncoveredLines",
  "currency",
  "ruleId",
  "ruleKey",
  "ruleName",
  "threshold",
  "details",
  "overrideReason",
  "overrideBy",
  "dedupeKey",
  "searchText",
  "createdAt",
] as const satisfies readonly (keyof AuditEvent)[];

export const EVENT_ROLLUP_INSERT_COLUMNS = ["shopId", "day", "eventType", "count", "marginSavedCents"] as const;

/** Rows per INSERT statement: well under SQLite's limit on bound parameters. */
const ROWS_PER_STATEMENT = 200;

const num = (value: unknown) => (typeof value === "number" ? value : null);
const text = (value: unknown) => (typeof value === "string" ? value : null);

/** One event's values, in AUDIT_EVENT_INSERT_COLUMNS order. */
function eventValues(shopId: string, event: NewAuditEvent): unknown[] {
  return [
    newRowId(),
    shopId,
    event.eventType,
    event.severity,
    event.message,
    text(event.orderId),
    text(event.orderName),
    text(event.customerId),
    toSqlJson(event.discountCodes ?? []),
    num(event.discountPercent),
    num(event.totalDiscountCents),
    num(event.preDiscountSubtotalCents),
    num(event.subtotalAfterDiscountCents),
    num(event.marginSavedCents),
    num(event.marginPercent),
    num(event.costCoveredLines),
    num(event.costUncoveredLines),
    event.currency ?? "USD",
    text(event.ruleId),
    text(event.ruleKey),
    text(event.ruleName),
    num(event.threshold),
    toSqlJson(event.details),
    text(event.overrideReason),
    text(event.overrideBy),
    text(event.dedupeKey),
    event.searchText ?? auditSearchText(event),
    toSqlTime(event.createdAt as Date | string | undefined),
  ];
}

export interface InsertedEventRow {
  id: string;
  eventType: string;
  dedupeKey: string | null;
  marginSavedCents: number | null;
  createdAt: number | bigint | Date;
  ruleKey: string | null;
}

/**
 * Inserts events, skipping any whose dedupeKey the shop already has; returns the rows written.
 * The blocked checkouts and alerts sent among them are added to the shop's money rollups in the
 * same transaction (docs/architecture.md#counts-and-money).
 */
export async function insertAuditEventRows(
  tx: Tx,
  shopId: string,
  events: NewAuditEvent[],
): Promise<InsertedEventRow[]> {
  const inserted: InsertedEventRow[] = [];
  for (let start = 0; start < events.length; start += ROWS_PER_STATEMENT) {
    const rows = events
      .slice(start, start + ROWS_PER_STATEMENT)
      .map((event) => sql`(${join(eventValues(shopId, event))})`);
    inserted.push(
      ...(await tx.$queryRaw<InsertedEventRow[]>`
        INSERT INTO "AuditEvent" (${columnList(AUDIT_EVENT_INSERT_COLUMNS)})
        VALUES ${join(rows)}
        ON CONFLICT ("shopId", "dedupeKey") DO NOTHING
        RETURNING "id", "eventType", "dedupeKey", "marginSavedCents", "createdAt", "ruleKey"`),
    );
  }
  const counted = inserted.filter((row) => (ROLLUP_EVENT_TYPES as readonly string[]).includes(row.eventType));
  if (counted.length > 0) {
    const zone = await rollupZone(tx, shopId);
    if (zone !== null) {
      const events = counted.map((row) => ({ ...row, createdAt: fromSqlTime(row.createdAt) }));
      await addToMoneyRollups(tx, shopId, eventIncrements(events, zone));
    }
  }
  return inserted;
}

export interface RollupIncrement {
  day: string;
  eventType: string;
  count: number;
  marginSavedCents: number;
}

/** Adds counts to the shop's per-day rollups. */
export async function addToRollups(tx: Tx, shopId: string, increments: RollupIncrement[]): Promise<void> {
  if (increments.length === 0) return;
  const values = increments.map(
    (entry) => sql`(${shopId}, ${entry.day}, ${entry.eventType}, ${entry.count}, ${entry.marginSavedCents})`,
  );
  await tx.$executeRaw`
    INSERT INTO "EventRollup" (${columnList(EVENT_ROLLUP_INSERT_COLUMNS)})
    VALUES ${join(values)}
    ON CONFLICT ("shopId", "day", "eventType") DO UPDATE SET
      "count" = "EventRollup"."count" + excluded."count",
      "marginSavedCents" = "EventRollup"."marginSavedCents" + excluded."marginSavedCents"`;
}

export interface AuditFilter {
  type?: string;
  severity?: Severity;
  /** lower-cased search text */
  q?: string;
  /** events strictly older than this (createdAt, id) pair */
  before?: { createdAt: Date; id: string } | null;
  /** how `q` is read (planAuditSearch and auditSearchSource, app/db/audit-search.sql.server.ts) */
  searchPlan?: AuditSearchPlan;
}

export { ORDER_NAME_SEARCH };

/** The Audit Log's filters as a WHERE clause: its pages and the CSV export share it. */
export function auditConditions(shopId: string, filter: AuditFilter): Prisma.Sql {
  const conditions = [sql`"shopId" = ${shopId}`];
  if (filter.type) conditions.push(sql`"eventType" = ${filter.type}`);
  if (filter.severity && filter.severity !== "low") {
    conditions.push(sql`"severity" IN (${join(severitiesAtLeast(filter.severity))})`);
  }
  if (filter.q) conditions.push(auditSearchCondition(filter.q));
  if (filter.before) {
    const at = toSqlTime(filter.before.createdAt);
    conditions.push(sql`"createdAt" <= ${at} AND NOT ("createdAt" = ${at} AND "id" >= ${filter.before.id})`);
  }
  return join(conditions, " AND ");
}

/** Whole events, newest first, on the (shopId, createdAt, id) index. */
/** An audit event as raw SQL returns it: the time as a number (SQLite) or a Date, JSON as text or parsed. */
export type AuditEventRow = Omit<AuditEvent, "createdAt"> & { createdAt: number | bigint | Date };

export async function selectAuditEvents(shopId: string, filter: AuditFilter, limit: number) {
  const searched = { ...filter, searchPlan: filter.searchPlan ?? (await planAuditSearch(filter.q)) };
  return prisma.$queryRaw<AuditEventRow[]>`
    SELECT "AuditEvent".* FROM ${auditSearchSource(filter.q, searched.searchPlan)}
    WHERE ${auditConditions(shopId, searched)}
    ORDER BY "createdAt" DESC, "id" DESC LIMIT ${limit}`;
}

/** The rows (orders, checkouts, lone events) of the Audit Log, as their events are matched in SQL. */
export interface AuditGroupKeys {
  /** orders by id, with the name their events carry (read on the (shopId, orderName) index) */
  orders: { orderId: string; orderName: string | null }[];
  /** events with an order name and no order id (a blocked checkout) */
  names: string[];
  /** events about no order: a row each */
  ids: string[];
}

/**
 * One condition per kind of row, each read on an index of its own: orders on (shopId, orderName)
 * (their events carry the name; an order's events without a name, rare, are read by id), checkouts
 * on the same index, lone events by id. Queried apart: SQLite would not read an OR of them on
 * these indexes.
 */
function groupConditions(keys: AuditGroupKeys): Prisma.Sql[] {
  const parts: Prisma.Sql[] = [];
  const named = keys.orders.filter((order) => order.orderName !== null);
  if (named.length > 0) {
    parts.push(
      sql`"orderName" IN (${join([...new Set(named.map((order) => order.orderName))])})
        AND "orderId" IN (${join(named.map((order) => order.orderId))})`,
    );
  }
  const unnamed = keys.orders.filter((order) => order.orderName === null);
  if (unnamed.length > 0) parts.push(sql`"orderId" IN (${join(unnamed.map((order) => order.orderId))})`);
  if (keys.names.length > 0) parts.push(sql`"orderName" IN (${join(keys.names)}) AND "orderId" IS NULL`);
  if (keys.ids.length > 0) parts.push(sql`"id" IN (${join(keys.ids)})`);
  return parts;
}

const newestFirst = (a: AuditEventRow, b: AuditEventRow) =>
  Number(fromSqlTime(b.createdAt)) - Number(fromSqlTime(a.createdAt)) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** The most events one Audit Log page reads for its rows: a page is never huge, however odd an order. */
export const AUDIT_GROUP_EVENTS_LIMIT = 5000;

/** Every event of these rows that matches the filter (its `before` ignored), newest first. */
export async function selectGroupEvents(
  shopId: string,
  filter: AuditFilter,
  keys: AuditGroupKeys,
): Promise<AuditEventRow[]> {
  const rows: AuditEventRow[] = [];
  for (const condition of groupConditions(keys)) {
    rows.push(
      ...(await prisma.$queryRaw<AuditEventRow[]>`
        SELECT * FROM "AuditEvent"
        WHERE ${auditConditions(shopId, { ...filter, before: null })} AND ${condition}
        ORDER BY "createdAt" DESC, "id" DESC LIMIT ${AUDIT_GROUP_EVENTS_LIMIT}`),
    );
  }
  const unique = [...new Map(rows.map((row) => [row.id, row])).values()];
  return unique.sort(newestFirst).slice(0, AUDIT_GROUP_EVENTS_LIMIT);
}

/**
 * The events of these rows that match the filter at or after `from` (a page's cursor): a row with
 * one is on an earlier page.
 */
export async function selectGroupEventsFrom(
  shopId: string,
  filter: AuditFilter,
  keys: AuditGroupKeys,
  from: { createdAt: Date; id: string },
): Promise<{ id: string; orderId: string | null; orderName: string | null }[]> {
  const at = toSqlTime(from.createdAt);
  const rows: { id: string; orderId: string | null; orderName: string | null }[] = [];
  for (const condition of groupConditions(keys)) {
    rows.push(
      ...(await prisma.$queryRaw<{ id: string; orderId: string | null; orderName: string | null }[]>`
        SELECT "id", "orderId", "orderName" FROM "AuditEvent"
        WHERE ${auditConditions(shopId, { ...filter, before: null })} AND ${condition}
          AND ("createdAt" > ${at} OR ("createdAt" = ${at} AND "id" >= ${from.id}))`),
    );
  }
  return rows;
}
