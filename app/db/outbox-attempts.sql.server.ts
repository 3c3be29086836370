// Settling claimed outbox rows: sent, dropped or failed (tried again or dead), and the log of attempts.
import { join, raw, sql, sqlEngine, toSqlBool, toSqlTime } from "./columns";
import { newRowId } from "./ids";
import type { RawSql } from "./raw-sql.server";

type Tx = RawSql;

/** Marks delivered alerts sent; returns the ids still claimed by `worker` (a lapsed claim is another's). */
export async function markSent(tx: Tx, ids: string[], worker: string, at: Date): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx.$queryRaw<{ id: string }[]>`
    UPDATE "AlertOutbox" SET "status" = 'sent', "sentAt" = ${toSqlTime(at)}, "lockedBy" = NULL, "lockedAt" = NULL,
      "lastError" = NULL
    WHERE "id" IN (${join(ids)}) AND "lockedBy" = ${worker}
    RETURNING "id"`;
  return new Set(rows.map((row) => row.id));
}

/**
 * Gives up claimed rows without sending them, with the reason (a shop whose plan no longer
 * includes them, docs/product.md#plans): "dropped", never tried again, and the claim's
 * count of attempts taken back (none was made). A dropped digest takes the breaches it lists with it. Returns the ids that were this worker's.
 */
export async function markDropped(
  tx: Tx,
  ids: string[],
  worker: string,
  reason: string,
  at: Date,
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx.$queryRaw<{ id: string }[]>`
    UPDATE "AlertOutbox" SET "status" = 'dropped', "lastError" = ${reason}, "lockedBy" = NULL, "lockedAt" = NULL,
      "nextAttemptAt" = ${toSqlTime(at)}, "attempts" = "attempts" - 1
    WHERE "id" IN (${join(ids)}) AND "lockedBy" = ${worker}
    RETURNING "id"`;
  const mine = rows.map((row) => row.id);
  if (mine.length > 0) {
    await tx.$executeRaw`
      UPDATE "AlertOutbox" SET "status" = 'dropped', "lastError" = ${reason}
      WHERE "digestId" IN (${join(mine)}) AND "status" = 'digested'`;
  }
  return new Set(mine);
}

/** Records a failed attempt's next step: another try at `retryAt`, or dead. False: not this worker's claim. */
export async function markFailed(
  tx: Tx,
  id: string,
  worker: string,
  failure: { error: string; retryAt: Date | null; at: Date; deliveredTo?: readonly string[] },
): Promise<boolean> {
  // the URLs that took it are kept in the payload, so that the next attempt skips them
  const keys = JSON.stringify(failure.deliveredTo ?? []);
  const delivered = !failure.deliveredTo?.length
    ? raw("")
    : sqlEngine() === "postgresql"
      ? sql`, "payload" = jsonb_set("payload", '{deliveredTo}', ${keys}::jsonb)`
      : sql`, "payload" = json_set("payload", '$.deliveredTo', json(${keys}))`;
  const updated = await tx.$executeRaw`
    UPDATE "AlertOutbox" SET "status" = ${failure.retryAt ? "pending" : "dead"},
      "nextAttemptAt" = ${toSqlTime(failure.retryAt ?? failure.at)}, "lockedBy" = NULL, "lockedAt" = NULL,
      "lastError" = ${failure.error.slice(0, 1000)}${delivered}
    WHERE "id" = ${id} AND "lockedBy" = ${worker}`;
  return updated > 0;
}

export interface AttemptRow {
  outboxId: string;
  shopId: string;
  at: Date;
  ok: boolean;
  error: string | null;
  durationMs: number;
}

/** The delivery log's rows of a batch's attempts, one statement. */
export async function insertAttempts(tx: Tx, attempts: AttemptRow[]): Promise<void> {
  if (attempts.length === 0) return;
  const values = attempts.map(
    (attempt) =>
      sql`(${join([
        newRowId(),
        attempt.outboxId,
        attempt.shopId,
        toSqlTime(attempt.at),
        toSqlBool(attempt.ok),
        attempt.error?.slice(0, 1000) ?? null,
        Math.round(attempt.durationMs),
      ])})`,
  );
  await tx.$executeRaw`
    INSERT INTO "AlertAttempt" ("id", "outboxId", "shopId", "attemptedAt", "ok", "error", "durationMs")
    VALUES ${join(values)}`;
}
