// Claiming due outbox rows for a worker, in one statement, and reading what each claimed row holds.
/**
 * Rows are claimed by one statement, so two app processes on one database never take the same row; a
 * claim left by a process that died is taken again once its lease runs out (at least once delivery;
 * docs/architecture.md#an-order-webhook-to-a-delivered-alert).
 */
import type { Digest, HeldFor } from "../domain/alerts/alert-digest";
import type { AlertEvent } from "../domain/alerts/alert-message";
import type { LayerFix, LayerKey } from "../domain/protection/protection-status";
import type { AccessLostReason } from "../domain/shops/admin-access";
import { codesOf } from "../domain/audit/audit-view";
import { fromSqlJson, fromSqlTime, raw, sql, sqlEngine, toSqlTime } from "./columns";
import type { RawSql } from "./raw-sql.server";

/**
 * A notice to the merchant, an e-mail queued like an alert: about their webhooks (a URL answered
 * 410 Gone), the app's access to their store lost (docs/operations.md#shopify-access-tokens), or
 * a layer of their protection turned failing (docs/product.md#protection-status).
 */
export type NoticePayload =
  | { kind: "notice"; notice: "webhook_gone"; host: string; at: string }
  | { kind: "notice"; notice: "admin_access_lost"; reason: AccessLostReason; at: string }
  | { kind: "notice"; notice: "protection_failing"; layer: LayerKey; detail: string; fix: LayerFix | null; at: string };

export type ClaimedDelivery = {
  id: string;
  shopId: string;
  auditEventId: string | null;
  channel: string;
  attempts: number;
  createdAt: Date;
  /** the webhook URLs (their keys) an earlier attempt delivered to, kept in the row's payload */
  deliveredTo: string[];
} & (
  | { event: AlertEvent; digest?: undefined; notice?: undefined }
  | { digest: Digest; event?: undefined; notice?: undefined }
  | { notice: NoticePayload; event?: undefined; digest?: undefined }
);

type StoredEvent = Omit<AlertEvent, "createdAt" | "overLimitCents"> & {
  createdAt: string;
  overLimitCents?: number | null;
  heldFor?: HeldFor;
};

/** An alert's event as the outbox stores it (rows from before a field existed included). */
export function storedEvent(payload: unknown): AlertEvent & { heldFor?: HeldFor } {
  const stored = fromSqlJson<StoredEvent>(payload);
  return { ...stored, overLimitCents: stored.overLimitCents ?? null, createdAt: new Date(stored.createdAt) };
}

/**
 * Whether any alert is due or its claim has lapsed: a read, which does not take SQLite's
 * writer, so a worker with nothing to do (most sweeps; every kick while a shop's alerts are
 * held) does not take it from the order engine to claim nothing.
 */
export async function anyDeliveryDue(db: RawSql, now: Date, leaseMs: number): Promise<boolean> {
  const { due, lapsed } = claimable(now, leaseMs);
  const [row] = await db.$queryRaw<{ found: boolean | number | bigint }[]>`
    SELECT (EXISTS (SELECT 1 FROM "AlertOutbox" WHERE ${due})
      OR EXISTS (SELECT 1 FROM "AlertOutbox" WHERE ${lapsed})) AS "found"`;
  return row?.found === true || Number(row?.found) === 1;
}

/** What a worker may claim: rows due now, and rows whose claim lapsed (their process died). */
function claimable(now: Date, leaseMs: number) {
  return {
    due: sql`"status" = 'pending' AND "nextAttemptAt" <= ${toSqlTime(now)}`,
    lapsed: sql`"status" = 'sending' AND "lockedAt" < ${toSqlTime(now.getTime() - leaseMs)}`,
  };
}

/**
 * Takes up to `limit` due rows for `worker`: pending ones whose time came, and ones another
 * worker claimed more than `leaseMs` ago (it died). One statement: the claim is atomic.
 */
export async function claimDueDeliveries(
  db: RawSql,
  worker: string,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<ClaimedDelivery[]> {
  const { due, lapsed } = claimable(now, leaseMs);
  // PostgreSQL: rows another process is claiming at this moment are skipped, not waited for
  // and then taken twice (its UPDATE would not see the other's claim in the subquery's rows)
  const lock = sqlEngine() === "postgresql" ? raw("FOR UPDATE SKIP LOCKED") : raw("");
  const rows = await db.$queryRaw<
    {
      id: string;
      shopId: string;
      auditEventId: string | null;
      channel: string;
      payload: unknown;
      attempts: number | bigint;
      createdAt: number | bigint | Date;
    }[]
  >`
    UPDATE "AlertOutbox" SET "status" = 'sending', "lockedBy" = ${worker}, "lockedAt" = ${toSqlTime(now)}, "attempts" = "attempts" + 1
    WHERE "id" IN (
      SELECT "id" FROM (
        SELECT "id" FROM "AlertOutbox" WHERE ${due}
        ORDER BY "nextAttemptAt" ASC LIMIT ${limit} ${lock}) AS "due"
      UNION ALL
      SELECT "id" FROM (
        SELECT "id" FROM "AlertOutbox" WHERE ${lapsed}
        LIMIT ${limit} ${lock}) AS "lapsed"
      LIMIT ${limit})
    RETURNING "id", "shopId", "auditEventId", "channel", "payload", "attempts", "createdAt"`;
  return rows.map((row) => {
    const stored = fromSqlJson<{ kind?: string; deliveredTo?: unknown }>(row.payload);
    const common = {
      id: row.id,
      shopId: row.shopId,
      auditEventId: row.auditEventId,
      channel: row.channel,
      attempts: Number(row.attempts),
      createdAt: fromSqlTime(row.createdAt),
      deliveredTo: codesOf(stored.deliveredTo),
    };
    if (stored.kind === "notice") return { ...common, notice: stored as NoticePayload };
    return stored.kind === "digest"
      ? { ...common, digest: stored as Digest }
      : { ...common, event: storedEvent(row.payload) };
  });
}
