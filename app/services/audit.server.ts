import type { AuditEvent, Prisma } from "@prisma/client";
import prisma from "../db.server";
import type { AuditEventType } from "../domain/audit-events";
import { auditSearchText } from "../domain/order-payload";
import type { Severity } from "../domain/severity";

export type NewAuditEvent = Omit<
  Prisma.AuditEventUncheckedCreateInput,
  "shopId" | "eventType" | "severity" | "id"
> & {
  eventType: AuditEventType;
  severity: Severity;
};

/** The UTC day an event is counted under in the rollups. */
export function rollupDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

type Tx = Prisma.TransactionClient;

async function insertWithRollups(tx: Tx, shopId: string, events: NewAuditEvent[]) {
  const created: AuditEvent[] = [];
  const rollups = new Map<string, { day: string; eventType: string; count: number; saved: number }>();
  for (const event of events) {
    const row = await tx.auditEvent.create({
      data: { ...event, shopId, searchText: event.searchText ?? auditSearchText(event) },
    });
    created.push(row);
    const day = rollupDay(row.createdAt);
    const key = `${day}|${row.eventType}`;
    const entry = rollups.get(key) ?? { day, eventType: row.eventType, count: 0, saved: 0 };
    entry.count += 1;
    entry.saved += row.marginSavedCents ?? 0;
    rollups.set(key, entry);
  }
  for (const entry of rollups.values()) {
    await tx.eventRollup.upsert({
      where: { shopId_day_eventType: { shopId, day: entry.day, eventType: entry.eventType } },
      create: {
        shopId,
        day: entry.day,
        eventType: entry.eventType,
        count: entry.count,
        marginSavedCents: entry.saved,
      },
      update: {
        count: { increment: entry.count },
        marginSavedCents: { increment: entry.saved },
      },
    });
  }
  return created;
}

/**
 * The one way audit events are written: the events and the per-day rollups that the
 * dashboard and ROI read are committed together. Pass `tx` to join a caller's transaction.
 */
export async function recordAuditEvents(
  shopId: string,
  events: NewAuditEvent[],
  tx?: Tx,
): Promise<AuditEvent[]> {
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
