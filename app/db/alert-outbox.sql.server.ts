/**
 * Raw SQL of the alert outbox (docs/decisions/0013-alert-delivery.md): rows are written in the
 * transaction that records their breach, and claimed by one statement, so two app processes
 * on one database never take the same row; a claim left by a process that died is taken
 * again once its lease runs out (at least once delivery).
 */
import crypto from "node:crypto";
import { Prisma, type AlertOutbox } from "@prisma/client";
import prisma from "../db.server";
import type { AlertEvent } from "../domain/alert-message";
import type { PlannedDelivery } from "../domain/alert-routing";
import { columnList, fromSqlJson, fromSqlTime, toSqlJson, toSqlTime } from "./columns";

type Tx = Prisma.TransactionClient;

export const ALERT_OUTBOX_INSERT_COLUMNS = [
  "id",
  "shopId",
  "auditEventId",
  "channel",
  "payload",
  "status",
  "attempts",
  "nextAttemptAt",
  "createdAt",
] as const satisfies readonly (keyof AlertOutbox)[];

export interface NewOutboxRow {
  auditEventId: string;
  event: AlertEvent;
  delivery: PlannedDelivery;
}

/** Queues the alerts of recorded breaches; a breach and channel already queued add nothing. */
export async function insertOutboxRows(tx: Tx, shopId: string, rows: NewOutboxRow[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  const values = rows.map(
    (row) =>
      Prisma.sql`(${Prisma.join([
        crypto.randomUUID(),
        shopId,
        row.auditEventId,
        row.delivery.channel,
        toSqlJson(row.event),
        row.delivery.status,
        0,
        toSqlTime(row.delivery.nextAttemptAt),
        toSqlTime(now),
      ])})`,
  );
  await tx.$executeRaw`
    INSERT INTO "AlertOutbox" (${columnList(ALERT_OUTBOX_INSERT_COLUMNS)}) VALUES ${Prisma.join(values)}
    ON CONFLICT ("auditEventId", "channel") DO NOTHING`;
}

export interface ClaimedAlert {
  id: string;
  shopId: string;
  auditEventId: string | null;
  channel: string;
  event: AlertEvent;
  attempts: number;
  createdAt: Date;
}

/**
 * Takes up to `limit` due rows for `worker`: pending ones whose time came, and ones another
 * worker claimed more than `leaseMs` ago (it died). One statement: the claim is atomic.
 */
export async function claimDueAlerts(
  worker: string,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<ClaimedAlert[]> {
  const at = toSqlTime(now);
  const rows = await prisma.$queryRaw<
    {
      id: string;
      shopId: string;
      auditEventId: string | null;
      channel: string;
      payload: unknown;
      attempts: number | bigint;
      createdAt: number | bigint;
    }[]
  >`
    UPDATE "AlertOutbox" SET "status" = 'sending', "lockedBy" = ${worker}, "lockedAt" = ${at}, "attempts" = "attempts" + 1
    WHERE "id" IN (
      SELECT "id" FROM "AlertOutbox"
      WHERE ("status" = 'pending' AND "nextAttemptAt" <= ${at})
         OR ("status" = 'sending' AND "lockedAt" < ${at - leaseMs})
      ORDER BY "nextAttemptAt" ASC LIMIT ${limit})
    RETURNING "id", "shopId", "auditEventId", "channel", "payload", "attempts", "createdAt"`;
  return rows.map((row) => {
    const event = fromSqlJson<AlertEvent & { createdAt: string }>(row.payload);
    return {
      id: row.id,
      shopId: row.shopId,
      auditEventId: row.auditEventId,
      channel: row.channel,
      event: { ...event, createdAt: new Date(event.createdAt) },
      attempts: Number(row.attempts),
      createdAt: fromSqlTime(row.createdAt),
    };
  });
}

/** Records one attempt, and what follows it: sent, another try at a time, or dead. */
export async function finishAttempt(
  tx: Tx,
  alert: ClaimedAlert,
  worker: string,
  outcome: { ok: true } | { ok: false; error: string; retryAt: Date | null },
  attempt: { at: Date; durationMs: number },
): Promise<boolean> {
  const at = toSqlTime(attempt.at);
  const updated = outcome.ok
    ? await tx.$executeRaw`
        UPDATE "AlertOutbox" SET "status" = 'sent', "sentAt" = ${at}, "lockedBy" = NULL, "lockedAt" = NULL, "lastError" = NULL
        WHERE "id" = ${alert.id} AND "lockedBy" = ${worker}`
    : await tx.$executeRaw`
        UPDATE "AlertOutbox" SET "status" = ${outcome.retryAt ? "pending" : "dead"},
          "nextAttemptAt" = ${toSqlTime(outcome.retryAt ?? attempt.at)}, "lockedBy" = NULL, "lockedAt" = NULL,
          "lastError" = ${outcome.error.slice(0, 1000)}
        WHERE "id" = ${alert.id} AND "lockedBy" = ${worker}`;
  await tx.$executeRaw`
    INSERT INTO "AlertAttempt" ("id", "outboxId", "shopId", "attemptedAt", "ok", "error", "durationMs")
    VALUES (${crypto.randomUUID()}, ${alert.id}, ${alert.shopId}, ${at}, ${outcome.ok ? 1 : 0},
      ${outcome.ok ? null : outcome.error.slice(0, 1000)}, ${Math.round(attempt.durationMs)})`;
  // false: the lease had run out and another worker took the row meanwhile
  return updated > 0;
}
