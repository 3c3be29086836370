// Digests in the outbox: held alerts gathered into one row when their time comes, settled with it.
import type { Digest, HeldFor } from "../domain/alerts/alert-digest";
import type { AlertEvent } from "../domain/alerts/alert-message";
import { fromSqlTime, toSqlJson, toSqlTime } from "./columns";
import { newRowId } from "./ids";
import { breachEventsOf } from "../domain/alerts/order-alert";
import { storedEvent } from "./outbox-claims.sql.server";
import type { RawSql, SqlWriter } from "./raw-sql.server";

type Tx = RawSql;

/** The breaches a delivered digest covered, now sent with it; a dead digest takes them with it. */
export async function settleDigested(
  tx: Tx,
  digestId: string,
  outcome: { sentAt: Date } | { deadAt: Date; error: string },
): Promise<{ auditEventId: string; event: AlertEvent }[]> {
  const rows =
    "sentAt" in outcome
      ? await tx.$queryRaw<{ auditEventId: string | null; payload: unknown }[]>`
          UPDATE "AlertOutbox" SET "status" = 'sent', "sentAt" = ${toSqlTime(outcome.sentAt)}
          WHERE "digestId" = ${digestId} AND "status" = 'digested'
          RETURNING "auditEventId", "payload"`
      : await tx.$queryRaw<{ auditEventId: string | null; payload: unknown }[]>`
          UPDATE "AlertOutbox" SET "status" = 'dead', "lastError" = ${`Its digest was not delivered: ${outcome.error}`.slice(0, 1000)}
          WHERE "digestId" = ${digestId} AND "status" = 'digested'
          RETURNING "auditEventId", "payload"`;
  return rows.flatMap((row) =>
    row.auditEventId ? [{ auditEventId: row.auditEventId, event: storedEvent(row.payload) }] : [],
  );
}

export interface DigestGroup {
  shopId: string;
  channel: string;
  releaseAt: Date;
}

/** Held alerts whose release time has come, by shop, channel and release time. */
export async function dueDigestGroups(db: RawSql, now: Date, limit: number): Promise<DigestGroup[]> {
  const rows = await db.$queryRaw<{ shopId: string; channel: string; nextAttemptAt: number | bigint | Date }[]>`
    SELECT "shopId", "channel", "nextAttemptAt" FROM "AlertOutbox"
    WHERE "status" = 'held' AND "nextAttemptAt" <= ${toSqlTime(now)}
    GROUP BY "shopId", "channel", "nextAttemptAt"
    ORDER BY "nextAttemptAt" ASC LIMIT ${limit}`;
  return rows.map((row) => ({ shopId: row.shopId, channel: row.channel, releaseAt: fromSqlTime(row.nextAttemptAt) }));
}

/**
 * Gathers one group's held alerts into one digest row, due now, in one transaction. The
 * alerts are taken by one statement, so two processes never put one alert in two digests.
 * Returns the digest's id, or null when nothing was left to gather.
 */
export async function gatherDigest(
  db: SqlWriter,
  group: DigestGroup,
  now: Date,
  /** the digest of the gathered alerts, reading what it needs in the gathering transaction */
  compose: (events: (AlertEvent & { heldFor?: HeldFor })[], tx: Tx) => Digest | Promise<Digest>,
): Promise<string | null> {
  const id = newRowId();
  return db.transaction(async (tx) => {
    const held = await tx.$queryRaw<{ payload: unknown }[]>`
      UPDATE "AlertOutbox" SET "status" = 'digested', "digestId" = ${id}
      WHERE "shopId" = ${group.shopId} AND "channel" = ${group.channel} AND "status" = 'held'
        AND "nextAttemptAt" = ${toSqlTime(group.releaseAt)}
      RETURNING "payload"`;
    if (held.length === 0) return null;
    // an order's alert counts each breach it names (by rule, by severity, the worst)
    const payload = toSqlJson(
      await compose(
        held.flatMap((row) => breachEventsOf(storedEvent(row.payload))),
        tx,
      ),
    );
    const insert = (key: string) => tx.$executeRaw`
      INSERT INTO "AlertOutbox" ("id", "shopId", "auditEventId", "channel", "payload", "status", "attempts",
        "nextAttemptAt", "createdAt", "digestKey")
      VALUES (${id}, ${group.shopId}, NULL, ${group.channel}, ${payload}, 'pending', 0, ${toSqlTime(now)},
        ${toSqlTime(now)}, ${key})
      ON CONFLICT ("digestKey") DO NOTHING`;
    const key = `${group.shopId}|${group.channel}|${group.releaseAt.toISOString()}`;
    // a second digest for one release time (alerts queued late for it) gets its own key
    if ((await insert(key)) === 0) await insert(`${key}|${id}`);
    return id;
  });
}
