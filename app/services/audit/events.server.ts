import type { AuditEvent } from "@prisma/client";
import { addToRollups, insertAuditEventRows, type RollupIncrement } from "../../db/audit-events.sql.server";
import prisma from "../../db.server";
import type { RawSql } from "../../db/raw-sql.server";
import type { NewAuditEvent } from "../../domain/audit/audit-events";
import { recordMoneyOfEvents } from "../roi/order-money.server";

export type { NewAuditEvent } from "../../domain/audit/audit-events";

/** The UTC day an event is counted under in the rollups. */
export function rollupDay(date: Date | number): string {
  return new Date(date).toISOString().slice(0, 10);
}

type Tx = RawSql;

export interface RecordedEvent {
  id: string;
  eventType: string;
  dedupeKey: string | null;
}

/**
 * Inserts events and keeps the per-day rollups and the money of orders (OrderMoney) in step, in
 * the caller's transaction. An event whose dedupeKey the shop already has is skipped (and not
 * counted).
 */
async function insertWithRollups(tx: Tx, shopId: string, events: NewAuditEvent[]): Promise<RecordedEvent[]> {
  const rows = await insertAuditEventRows(tx, shopId, events);
  const rollups = new Map<string, RollupIncrement>();
  for (const row of rows) {
    const day = rollupDay(Number(row.createdAt));
    const key = `${day}|${row.eventType}`;
    const entry = rollups.get(key) ?? { day, eventType: row.eventType, count: 0, marginSavedCents: 0 };
    entry.count += 1;
    entry.marginSavedCents += row.marginSavedCents ?? 0;
    rollups.set(key, entry);
  }
  await addToRollups(tx, shopId, [...rollups.values()]);
  // the money a blocked checkout or a hold counts is written with its event
  const inserted = new Set(rows.map((row) => row.dedupeKey));
  await recordMoneyOfEvents(
    tx,
    shopId,
    events.filter((event) => event.dedupeKey && inserted.has(event.dedupeKey)),
  );
  return rows.map((row) => ({ id: row.id, eventType: row.eventType, dedupeKey: row.dedupeKey }));
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
