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
import { ACTION_CHANNELS } from "../domain/actions/order-actions";
import { breachKeyOf } from "../domain/alerts/order-alert";
import { columnList, fromSqlJson, join, raw, sql, toSqlJson, toSqlTime } from "./columns";
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

/**
 * Drops the order holds still waiting (status pending) for these orders, with the reason: a
 * cancelled order has nothing left to hold. A hold already claimed by a worker runs, and finds no
 * open fulfilment order.
 */
export async function dropPendingHolds(
  tx: Tx,
  shopId: string,
  orderIds: string[],
  reason: string,
  at: Date,
): Promise<number> {
  let dropped = 0;
  for (const orderId of new Set(orderIds)) {
    // an order action's key: "<shopId>|<orderId>|<rule>|<channel>" (prisma/schema.prisma)
    dropped += await tx.$executeRaw`
      UPDATE "AlertOutbox" SET "status" = 'dropped', "lastError" = ${reason}, "nextAttemptAt" = ${toSqlTime(at)}
      WHERE "shopId" = ${shopId} AND "channel" = ${ACTION_CHANNELS.hold} AND "status" = 'pending'
        AND "actionKey" LIKE ${`${shopId}|${orderId}|%`}`;
  }
  return dropped;
}

/**
 * The breaches (their keys, order-alert.ts) each order was already alerted about, by order id: the
 * breaches its alerts queued on any channel name, however those went (a dropped row excepted: it
 * was never to be sent). Read on the (shopId, orderName) index of the alerts' head events, so an
 * edited order's new alert leaves out what was told (docs/product.md#alerts).
 */
export async function alertedBreaches(
  tx: Tx,
  shopId: string,
  orders: { orderId: string; orderName: string }[],
): Promise<Map<string, Set<string>>> {
  const told = new Map<string, Set<string>>();
  if (orders.length === 0) return told;
  const rows = await tx.$queryRaw<
    {
      orderId: string;
      payload: unknown;
      eventType: string;
      ruleId: string | null;
      ruleKey: string | null;
      details: unknown;
    }[]
  >`
    SELECT "AuditEvent"."orderId", "AlertOutbox"."payload", "AuditEvent"."eventType", "AuditEvent"."ruleId",
      "AuditEvent"."ruleKey", "AuditEvent"."details"
    FROM "AuditEvent" JOIN "AlertOutbox" ON "AlertOutbox"."auditEventId" = "AuditEvent"."id"
    WHERE "AuditEvent"."shopId" = ${shopId}
      AND "AuditEvent"."orderName" IN (${join([...new Set(orders.map((order) => order.orderName))])})
      AND "AuditEvent"."orderId" IN (${join([...new Set(orders.map((order) => order.orderId))])})
      AND "AlertOutbox"."channel" IN ('email', 'slack', 'webhook') AND "AlertOutbox"."status" <> 'dropped'`;
  for (const row of rows) {
    const keys = told.get(row.orderId) ?? new Set<string>();
    const payload = fromSqlJson<{ breaches?: { key?: unknown }[] }>(row.payload);
    const listed = (payload?.breaches ?? []).flatMap((breach) =>
      typeof breach.key === "string" && breach.key ? [breach.key] : [],
    );
    if (listed.length > 0) listed.forEach((key) => keys.add(key));
    else keys.add(breachKeyOf({ ...row, details: fromSqlJson(row.details) }));
    told.set(row.orderId, keys);
  }
  return told;
}
