import crypto from "node:crypto";
import { Prisma, type AuditEvent } from "@prisma/client";
import prisma from "../../db.server";
import type { AuditEventType } from "../../domain/audit-events";
import { auditSearchText } from "../../domain/order-payload";
import type { Severity } from "../../domain/severity";

export type NewAuditEvent = Omit<
  Prisma.AuditEventUncheckedCreateInput,
  "shopId" | "eventType" | "severity" | "id"
> & {
  eventType: AuditEventType;
  severity: Severity;
};

/** The UTC day an event is counted under in the rollups. */
export function rollupDay(date: Date | number): string {
  return new Date(date).toISOString().slice(0, 10);
}

type Tx = Prisma.TransactionClient;

export interface RecordedEvent {
  id: string;
  eventType: string;
  dedupeKey: string | null;
}

/** Rows per INSERT statement: well under SQLite's limit on bound parameters. */
const ROWS_PER_STATEMENT = 200;

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));
const num = (value: unknown) => (typeof value === "number" ? value : null);
const text = (value: unknown) => (typeof value === "string" ? value : null);
const time = (value: unknown) => (value instanceof Date ? value.getTime() : typeof value === "string" ? Date.parse(value) : Date.now());

function eventRow(shopId: string, event: NewAuditEvent) {
  return Prisma.sql`(${crypto.randomUUID()}, ${shopId}, ${event.eventType}, ${event.severity}, ${event.message},
    ${text(event.orderId)}, ${text(event.orderName)}, ${text(event.customerId)}, ${json(event.discountCodes ?? [])},
    ${num(event.discountPercent)}, ${num(event.totalDiscountCents)}, ${num(event.preDiscountSubtotalCents)},
    ${num(event.subtotalAfterDiscountCents)}, ${num(event.marginSavedCents)}, ${num(event.marginPercent)},
    ${num(event.costCoveredLines)}, ${num(event.costUncoveredLines)}, ${event.currency ?? "USD"}, ${text(event.ruleId)},
    ${text(event.ruleKey)}, ${text(event.ruleName)}, ${num(event.threshold)}, ${json(event.details)},
    ${text(event.overrideReason)}, ${text(event.overrideBy)}, ${text(event.dedupeKey)},
    ${event.searchText ?? auditSearchText(event)}, ${time(event.createdAt)})`;
}

/**
 * Inserts events and keeps the per-day rollups in step, in the caller's transaction. An event
 * whose dedupeKey the shop already has is skipped (and not counted). Multi-row statements:
 * this is the hot path of the order webhooks.
 */
async function insertWithRollups(tx: Tx, shopId: string, events: NewAuditEvent[]): Promise<RecordedEvent[]> {
  const recorded: RecordedEvent[] = [];
  const rollups = new Map<string, { day: string; eventType: string; count: number; saved: number }>();
  for (let start = 0; start < events.length; start += ROWS_PER_STATEMENT) {
    const chunk = events.slice(start, start + ROWS_PER_STATEMENT);
    const rows = await tx.$queryRaw<{ id: string; eventType: string; dedupeKey: string | null; marginSavedCents: number | null; createdAt: number | bigint }[]>`
      INSERT INTO "AuditEvent" ("id", "shopId", "eventType", "severity", "message", "orderId", "orderName", "customerId",
        "discountCodes", "discountPercent", "totalDiscountCents", "preDiscountSubtotalCents", "subtotalAfterDiscountCents",
        "marginSavedCents", "marginPercent", "costCoveredLines", "costUncoveredLines", "currency", "ruleId", "ruleKey",
        "ruleName", "threshold", "details", "overrideReason", "overrideBy", "dedupeKey", "searchText", "createdAt")
      VALUES ${Prisma.join(chunk.map((event) => eventRow(shopId, event)))}
      ON CONFLICT ("shopId", "dedupeKey") DO NOTHING
      RETURNING "id", "eventType", "dedupeKey", "marginSavedCents", "createdAt"`;
    for (const row of rows) {
      recorded.push({ id: row.id, eventType: row.eventType, dedupeKey: row.dedupeKey });
      const day = rollupDay(Number(row.createdAt));
      const key = `${day}|${row.eventType}`;
      const entry = rollups.get(key) ?? { day, eventType: row.eventType, count: 0, saved: 0 };
      entry.count += 1;
      entry.saved += row.marginSavedCents ?? 0;
      rollups.set(key, entry);
    }
  }
  if (rollups.size > 0) {
    const values = [...rollups.values()].map(
      (entry) => Prisma.sql`(${shopId}, ${entry.day}, ${entry.eventType}, ${entry.count}, ${entry.saved})`,
    );
    await tx.$executeRaw`
      INSERT INTO "EventRollup" ("shopId", "day", "eventType", "count", "marginSavedCents")
      VALUES ${Prisma.join(values)}
      ON CONFLICT ("shopId", "day", "eventType") DO UPDATE SET
        "count" = "EventRollup"."count" + excluded."count",
        "marginSavedCents" = "EventRollup"."marginSavedCents" + excluded."marginSavedCents"`;
  }
  return recorded;
}

/**
 * The one way audit events are written: the events and the per-day rollups that the
 * dashboard and ROI read are committed together. Pass `tx` to join a caller's transaction.
 */
export async function recordAuditEvents(shopId: string, events: NewAuditEvent[], tx?: Tx): Promise<RecordedEvent[]> {
  if (events.length === 0) return [];
  if (tx) return insertWithRollups(tx, shopId, events);
  return prisma.$transaction((inner) => insertWithRollups(inner, shopId, events));
}

export function latestAuditEvents(shopId: string, take: number): Promise<AuditEvent[]> {
  return prisma.auditEvent.findMany({
    where: { shopId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
  });
}
