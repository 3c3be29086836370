// Queuing outbox rows: a breach's alerts and its order actions, in the transaction that records it.
/**
 * The outbox (AlertAndActionOutbox, table AlertOutbox; docs/architecture.md#an-order-webhook-to-a-delivered-alert)
 * holds the deliveries a breach queues, each an alert to one channel (email, Slack, webhook, or a digest of
 * held alerts) or an order action (tag, hold, Flow). Rows are written in the transaction that records their
 * breach; a row already queued adds nothing.
 */
import type { AlertAndActionOutbox, Prisma } from "@prisma/client";
import type { AlertEvent } from "../domain/alerts/alert-message";
import type { PlannedDelivery } from "../domain/alerts/alert-routing";
import { columnList, join, raw, sql, toSqlJson, toSqlTime } from "./columns";
import { newRowId } from "./ids";
import type { RawSql } from "./raw-sql.server";

type Tx = RawSql;

export const OUTBOX_INSERT_COLUMNS = [
  "id",
  "shopId",
  "auditEventId",
  "channel",
  "payload",
  "status",
  "attempts",
  "nextAttemptAt",
  "createdAt",
] as const satisfies readonly (keyof AlertAndActionOutbox)[];

export interface NewAlertRow {
  auditEventId: string;
  event: AlertEvent;
  delivery: PlannedDelivery;
  /** when it was queued, if not now (the demo's history) */
  queuedAt?: Date;
}

/** One outbox row as it is inserted: an alert of a breach, or an order action (with its key). */
interface OutboxInsert {
  auditEventId: string;
  channel: string;
  payload: unknown;
  status: string;
  nextAttemptAt: Date;
  actionKey?: string;
  queuedAt?: Date;
}

/** Inserts outbox rows; `conflict` says which unique key makes a row already queued add nothing. */
async function insertRows(tx: Tx, shopId: string, rows: OutboxInsert[], now: Date, conflict: Prisma.Sql) {
  if (rows.length === 0) return;
  const actions = rows[0].actionKey !== undefined;
  const values = rows.map(
    (row) =>
      sql`(${join([
        newRowId(),
        shopId,
        row.auditEventId,
        row.channel,
        toSqlJson(row.payload),
        row.status,
        0,
        toSqlTime(row.nextAttemptAt),
        toSqlTime(row.queuedAt ?? now),
        ...(actions ? [row.actionKey ?? null] : []),
      ])})`,
  );
  const columns = actions ? [...OUTBOX_INSERT_COLUMNS, "actionKey"] : OUTBOX_INSERT_COLUMNS;
  await tx.$executeRaw`
    INSERT INTO "AlertOutbox" (${columnList(columns)}) VALUES ${join(values)} ${conflict}`;
}

/** Queues the alerts of recorded breaches; a breach and channel already queued add nothing. */
export function insertAlertRows(tx: Tx, shopId: string, rows: NewAlertRow[], now: Date): Promise<void> {
  return insertRows(
    tx,
    shopId,
    rows.map((row) => ({
      auditEventId: row.auditEventId,
      channel: row.delivery.channel,
      payload: row.delivery.heldFor ? { ...row.event, heldFor: row.delivery.heldFor } : row.event,
      status: row.delivery.status,
      nextAttemptAt: row.delivery.nextAttemptAt,
      queuedAt: row.queuedAt,
    })),
    now,
    raw(`ON CONFLICT ("auditEventId", "channel") DO NOTHING`),
  );
}

/** An order action to queue (docs/product.md#order-actions): its breach, channel, key and breach figures. */
export interface NewActionRow {
  auditEventId: string;
  channel: string;
  actionKey: string;
  payload: unknown;
  /** when it was queued and due, if not now (the demo's history) */
  queuedAt?: Date;
}

/**
 * Queues order actions beside the breach's alerts, due now (the demo's history: when queued). A
 * key already queued (the same order and rule, evaluated again after a late or repeated webhook)
 * adds nothing.
 */
export function insertActionRows(tx: Tx, shopId: string, rows: NewActionRow[], now: Date): Promise<void> {
  return insertRows(
    tx,
    shopId,
    rows.map((row) => ({ ...row, status: "pending", nextAttemptAt: row.queuedAt ?? now })),
    now,
    raw("ON CONFLICT DO NOTHING"),
  );
}
