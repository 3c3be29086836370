/**
 * Raw SQL of the outbox (docs/architecture.md#an-order-webhook-to-a-delivered-alert, named in
 * docs/architecture.md#glossary): the deliveries a breach queues, each an
 * alert to one channel (email, Slack, webhook, or a digest of held alerts) or an order action
 * (tag, hold, Flow). Its model is AlertAndActionOutbox; its table keeps its first name, AlertOutbox. Rows are written in the
 * transaction that records their breach, and claimed by one statement, so two app processes
 * on one database never take the same row; a claim left by a process that died is taken
 * again once its lease runs out (at least once delivery).
 */
import type { AlertAndActionOutbox, AlertSettings, Prisma } from "@prisma/client";
import type { Digest, HeldFor } from "../domain/alert-digest";
import type { AlertEvent } from "../domain/alert-message";
import type { PlannedDelivery } from "../domain/alert-routing";
import {
  columnList,
  fromSqlJson,
  fromSqlTime,
  join,
  raw,
  sql,
  sqlEngine,
  toSqlBool,
  toSqlJson,
  toSqlTime,
} from "./columns";
import { newRowId } from "./ids";
import { codesOf } from "../domain/audit-view";
import type { RawSql, SqlWriter } from "./raw-sql.server";

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
}

/**
 * Queues order actions beside the breach's alerts, due now. A key already queued (the same
 * order and rule, evaluated again after a late or repeated webhook) adds nothing.
 */
export function insertActionRows(tx: Tx, shopId: string, rows: NewActionRow[], now: Date): Promise<void> {
  return insertRows(
    tx,
    shopId,
    rows.map((row) => ({ ...row, status: "pending", nextAttemptAt: now })),
    now,
    raw("ON CONFLICT DO NOTHING"),
  );
}

/** A notice to the merchant about their webhooks (a URL answered 410 Gone): an e-mail, queued like an alert. */
export interface NoticePayload {
  kind: "notice";
  notice: "webhook_gone";
  host: string;
  at: string;
}

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
  compose: (events: (AlertEvent & { heldFor?: HeldFor })[]) => Digest,
): Promise<string | null> {
  const id = newRowId();
  return db.transaction(async (tx) => {
    const held = await tx.$queryRaw<{ payload: unknown }[]>`
      UPDATE "AlertOutbox" SET "status" = 'digested', "digestId" = ${id}
      WHERE "shopId" = ${group.shopId} AND "channel" = ${group.channel} AND "status" = 'held'
        AND "nextAttemptAt" = ${toSqlTime(group.releaseAt)}
      RETURNING "payload"`;
    if (held.length === 0) return null;
    const payload = toSqlJson(compose(held.map((row) => storedEvent(row.payload))));
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

/** A shop's alert settings row, as the channels read it. */
export type SettingsRow = AlertSettings;

/** Columns of AlertSettings, as the worker reads them (tested against prisma/schema.prisma). */
export const ALERT_SETTINGS_COLUMNS = [
  "id",
  "shopId",
  "emailEnabled",
  "slackEnabled",
  "webhookEnabled",
  "frequency",
  "minSeverity",
  "quietStart",
  "quietEnd",
  "emails",
  "slackChannel",
  "slackWebhookEncrypted",
  "webhooks",
  "webhookSecretEncrypted",
  "webhookPreviousSecretEncrypted",
  "webhookSecretRotatedAt",
  "webhookEndpointState",
  "smtpHost",
  "smtpPort",
  "smtpUsername",
  "smtpPasswordEncrypted",
  "createdAt",
  "updatedAt",
] as const satisfies readonly (keyof SettingsRow)[];

/**
 * The shops of a batch with their alert settings, one raw statement: the delivery worker reads
 * them once per batch, on the writer shared with the order engine.
 */
export async function shopsWithAlertSettings(
  db: RawSql,
  shopIds: string[],
): Promise<Map<string, { domain: string; plan: string; alertSettings: SettingsRow | null }>> {
  if (shopIds.length === 0) return new Map();
  const rows = await db.$queryRaw<Record<string, unknown>[]>`
    SELECT "Shop"."id" AS "shop_id", "Shop"."domain" AS "shop_domain", "Shop"."plan" AS "shop_plan",
      ${columnList(ALERT_SETTINGS_COLUMNS, "AlertSettings")}
    FROM "Shop" LEFT JOIN "AlertSettings" ON "AlertSettings"."shopId" = "Shop"."id"
    WHERE "Shop"."id" IN (${join(shopIds)})`;
  return new Map(
    rows.map((row) => [
      String(row.shop_id),
      {
        domain: String(row.shop_domain),
        plan: String(row.shop_plan),
        alertSettings:
          row.id === null || row.id === undefined
            ? null
            : {
                id: String(row.id),
                shopId: String(row.shopId),
                emailEnabled: Boolean(row.emailEnabled),
                slackEnabled: Boolean(row.slackEnabled),
                webhookEnabled: Boolean(row.webhookEnabled),
                frequency: String(row.frequency),
                minSeverity: String(row.minSeverity),
                quietStart: (row.quietStart as string | null) ?? null,
                quietEnd: (row.quietEnd as string | null) ?? null,
                emails: fromSqlJson(row.emails),
                slackChannel: String(row.slackChannel),
                slackWebhookEncrypted: (row.slackWebhookEncrypted as string | null) ?? null,
                webhooks: fromSqlJson(row.webhooks),
                webhookSecretEncrypted: (row.webhookSecretEncrypted as string | null) ?? null,
                webhookPreviousSecretEncrypted: (row.webhookPreviousSecretEncrypted as string | null) ?? null,
                webhookSecretRotatedAt:
                  row.webhookSecretRotatedAt === null || row.webhookSecretRotatedAt === undefined
                    ? null
                    : fromSqlTime(row.webhookSecretRotatedAt as number),
                webhookEndpointState:
                  row.webhookEndpointState === null || row.webhookEndpointState === undefined
                    ? null
                    : fromSqlJson(row.webhookEndpointState),
                smtpHost: (row.smtpHost as string | null) ?? null,
                smtpPort: Number(row.smtpPort),
                smtpUsername: (row.smtpUsername as string | null) ?? null,
                smtpPasswordEncrypted: (row.smtpPasswordEncrypted as string | null) ?? null,
                createdAt: fromSqlTime(row.createdAt as number),
                updatedAt: fromSqlTime(row.updatedAt as number),
              },
      },
    ]),
  );
}
