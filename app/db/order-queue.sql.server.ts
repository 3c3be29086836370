/**
 * Raw SQL of the order queue (OrderEvaluation) and of the orders' last evaluated state
 * (OrderCheck): the webhook's one-statement claim-and-queue, the worker's reads and writes
 * (docs/architecture.md#an-order-webhook-to-a-delivered-alert). Column lists are held to prisma/schema.prisma
 * by app/db/schema-columns.test.ts.
 */
import type { Prisma, OrderCheck, OrderEvaluation } from "@prisma/client";
import prisma from "./client.server";
import type { OrderFacts } from "../domain/monitoring/order-facts";
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

type Tx = Prisma.TransactionClient;

export const ORDER_EVALUATION_INSERT_COLUMNS = [
  "id",
  "shopId",
  "webhookId",
  "topic",
  "orderId",
  "facts",
  "customerId",
  "status",
  "attempts",
  "eventsCreated",
  "createdAt",
] as const satisfies readonly (keyof OrderEvaluation)[];

export const ORDER_CHECK_INSERT_COLUMNS = [
  "id",
  "shopId",
  "orderId",
  "fingerprint",
  "checkedAt",
] as const satisfies readonly (keyof OrderCheck)[];

/** Queues an order under its webhook id, in one statement; false when that delivery was queued already. */
export async function insertQueuedOrder(entry: {
  shopId: string;
  webhookId: string;
  topic: string;
  facts: OrderFacts;
  customerId: string | null;
}): Promise<boolean> {
  const values = [
    newRowId(),
    entry.shopId,
    entry.webhookId,
    entry.topic,
    entry.facts.orderId,
    toSqlJson(entry.facts),
    entry.customerId,
    "pending",
    0,
    0,
    toSqlTime(new Date()),
  ];
  // committed before the webhook is answered (durable through a kill -9 in WAL mode); on SQLite
  // through the one writer path, so never inside a transaction the order worker holds open
  const inserted = await prisma.$executeRaw`
    INSERT INTO "OrderEvaluation" (${columnList(ORDER_EVALUATION_INSERT_COLUMNS)}) VALUES (${join(values)})
    ON CONFLICT ("webhookId") DO NOTHING`;
  return inserted > 0;
}

/** The columns of an order a reconciliation sweep queues already claimed by its process. */
export const CLAIMED_ORDER_INSERT_COLUMNS = [
  ...ORDER_EVALUATION_INSERT_COLUMNS,
  "lockedBy",
  "lockedAt",
] as const satisfies readonly (keyof OrderEvaluation)[];

/**
 * Queues orders claimed by `worker`, which evaluates them itself at once (a reconciliation sweep,
 * docs/operations.md#reconciliation), in one statement. Each is keyed by its `webhookId`, unique,
 * so an order queued already under that key (by another process's sweep) is not queued again;
 * returns the rows this call queued, by order id.
 */
export async function insertClaimedOrders(
  entries: { shopId: string; webhookId: string; topic: string; facts: OrderFacts; customerId: string | null }[],
  worker: string,
  now: Date,
): Promise<Map<string, string>> {
  if (entries.length === 0) return new Map();
  const rows = entries.map(
    (entry) =>
      sql`(${join([
        newRowId(),
        entry.shopId,
        entry.webhookId,
        entry.topic,
        entry.facts.orderId,
        toSqlJson(entry.facts),
        entry.customerId,
        "pending",
        0,
        0,
        toSqlTime(now),
        worker,
        toSqlTime(now),
      ])})`,
  );
  const inserted = await prisma.$queryRaw<{ id: string; orderId: string }[]>`
    INSERT INTO "OrderEvaluation" (${columnList(CLAIMED_ORDER_INSERT_COLUMNS)}) VALUES ${join(rows)}
    ON CONFLICT ("webhookId") DO NOTHING
    RETURNING "id", "orderId"`;
  return new Map(inserted.map((row) => [row.orderId, row.id]));
}

/** Which of a shop's orders the app has seen: queued from a webhook or a sweep, or evaluated. */
export async function seenOrderIds(shopId: string, orderIds: string[]): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = await prisma.$queryRaw<{ orderId: string }[]>`
    SELECT "orderId" FROM "OrderEvaluation" WHERE "shopId" = ${shopId} AND "orderId" IN (${join(orderIds)})
    UNION
    SELECT "orderId" FROM "OrderCheck" WHERE "shopId" = ${shopId} AND "orderId" IN (${join(orderIds)})`;
  return new Set(rows.map((row) => row.orderId));
}

export interface QueuedOrder {
  id: string;
  shopId: string;
  topic: string;
  orderId: string;
  facts: OrderFacts;
  customerId: string | null;
  attempts: number;
}

/**
 * Claims up to `limit` queued orders due now for `worker`: pending ones below `maxAttempts` (new,
 * or retried after a failed attempt once their retry time came) and failed ones whose retry time
 * came, that no other process holds, or whose holder's claim is older than `leaseMs` (it died). One statement, so two app processes never take the same order;
 * on PostgreSQL rows another process is claiming at that moment are skipped, not waited for.
 * Oldest first.
 */
export async function claimDueOrders(
  worker: string,
  now: Date,
  options: { leaseMs: number; maxAttempts: number; limit: number },
): Promise<QueuedOrder[]> {
  const at = toSqlTime(now);
  const lock = sqlEngine() === "postgresql" ? raw("FOR UPDATE SKIP LOCKED") : raw("");
  const rows = await prisma.$queryRaw<
    (Omit<QueuedOrder, "facts" | "attempts"> & {
      facts: unknown;
      attempts: number | bigint;
      createdAt: number | bigint | Date;
    })[]
  >`
    UPDATE "OrderEvaluation" SET "lockedBy" = ${worker}, "lockedAt" = ${at}
    WHERE "id" IN (
      SELECT "id" FROM "OrderEvaluation"
      WHERE (("status" = 'pending' AND "attempts" < ${options.maxAttempts}
            AND ("nextAttemptAt" IS NULL OR "nextAttemptAt" <= ${at}))
          OR ("status" = 'failed' AND "nextAttemptAt" <= ${at}))
        AND ("lockedAt" IS NULL OR "lockedAt" < ${toSqlTime(now.getTime() - options.leaseMs)})
      ORDER BY "createdAt" ASC LIMIT ${options.limit} ${lock})
    RETURNING "id", "shopId", "topic", "orderId", "facts", "customerId", "attempts", "createdAt"`;
  return rows
    .map((row) => ({ row, createdAt: fromSqlTime(row.createdAt).getTime() }))
    .sort((a, b) => a.createdAt - b.createdAt || a.row.id.localeCompare(b.row.id))
    .map(({ row: { createdAt: _createdAt, ...row } }) => ({
      ...row,
      facts: fromSqlJson<OrderFacts>(row.facts),
      attempts: Number(row.attempts),
    }));
}

/** A claimed order that another process took back (this one's lease ran out): its work is not saved. */
export class OrderClaimLost extends Error {
  constructor(id: string) {
    super(`Queued order ${id} is no longer claimed by this process (its lease ran out); another evaluates it`);
    this.name = "OrderClaimLost";
  }
}

/**
 * Marks evaluated orders done, with the events each created, in the transaction that records
 * those events. An order `worker` no longer holds throws OrderClaimLost, rolling the transaction
 * back: only the process holding the claim saves an order's evaluation, so it counts once.
 * `codesWaiting`: its discount codes wait for the leaked-code detector's counting pass.
 */
export async function markOrdersDone(
  tx: Tx,
  done: { id: string; created: number; codesWaiting?: boolean }[],
  now: Date,
  worker: string,
): Promise<void> {
  for (const job of done) {
    const updated = await tx.$executeRaw`
      UPDATE "OrderEvaluation" SET "status" = 'done', "attempts" = "attempts" + 1, "eventsCreated" = ${job.created},
        "codesWaiting" = ${toSqlBool(job.codesWaiting ?? false)},
        "processedAt" = ${toSqlTime(now)}, "lastError" = NULL, "nextAttemptAt" = NULL, "lockedBy" = NULL, "lockedAt" = NULL
      WHERE "id" = ${job.id} AND "lockedBy" = ${worker}`;
    if (updated === 0) throw new OrderClaimLost(job.id);
  }
}

/** A claimed order whose evaluation failed: its attempt, and when it is tried again. */
export interface OrderFailure {
  id: string;
  /** the attempts made, this one included */
  attempts: number;
  /** pending: retried soon; failed: its quick attempts are spent, retried on the slower schedule */
  status: "pending" | "failed";
  nextAttemptAt: Date;
  lastError: string;
}

/**
 * Records failed evaluations and releases the claims of orders `worker` took but did not try
 * (`untried`: their attempts are unchanged), in one transaction: one turn at SQLite's writer for
 * the whole batch, however many orders it held, and one statement for each set of failures
 * recorded alike (a batch that failed together is one or a few). Only rows `worker` still holds
 * are written (a claim that ran out is another process's now); returns the failures recorded.
 */
export async function recordOrderFailures(
  worker: string,
  failures: OrderFailure[],
  untried: string[] = [],
): Promise<OrderFailure[]> {
  if (failures.length === 0 && untried.length === 0) return [];
  const alike = new Map<string, OrderFailure[]>();
  for (const failure of failures) {
    const key = JSON.stringify([failure.status, failure.attempts, failure.nextAttemptAt.getTime(), failure.lastError]);
    alike.set(key, [...(alike.get(key) ?? []), failure]);
  }
  const groups = [...alike.values()];
  const updates = groups.map((group) => {
    const [{ status, attempts, lastError, nextAttemptAt }] = group;
    return prisma.$queryRaw<{ id: string }[]>`
      UPDATE "OrderEvaluation" SET "status" = ${status}, "attempts" = ${attempts}, "lastError" = ${lastError},
        "nextAttemptAt" = ${toSqlTime(nextAttemptAt)}, "lockedBy" = NULL, "lockedAt" = NULL
      WHERE "id" IN (${join(group.map((failure) => failure.id))}) AND "lockedBy" = ${worker}
      RETURNING "id"`;
  });
  const release =
    untried.length > 0
      ? [
          prisma.$queryRaw<{ id: string }[]>`
            UPDATE "OrderEvaluation" SET "lockedBy" = NULL, "lockedAt" = NULL
            WHERE "id" IN (${join(untried)}) AND "lockedBy" = ${worker}
            RETURNING "id"`,
        ]
      : [];
  const results = await prisma.$transaction([...updates, ...release]);
  const recorded = new Set(results.slice(0, updates.length).flatMap((rows) => rows.map((row) => row.id)));
  return failures.filter((failure) => recorded.has(failure.id));
}

/** The fingerprints the shop's orders were last evaluated with. */
export async function selectOrderFingerprints(shopId: string, orderIds: string[]): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await prisma.$queryRaw<{ orderId: string; fingerprint: string }[]>`
    SELECT "orderId", "fingerprint" FROM "OrderCheck"
    WHERE "shopId" = ${shopId} AND "orderId" IN (${join(orderIds)})`;
  return new Map(rows.map((row) => [row.orderId, row.fingerprint]));
}

/** Records the state each order was evaluated in. */
export async function upsertOrderFingerprints(
  tx: Tx,
  shopId: string,
  checks: Map<string, { fingerprint: string; at: Date }>,
): Promise<void> {
  if (checks.size === 0) return;
  const values = [...checks].map(
    ([orderId, check]) => sql`(${join([newRowId(), shopId, orderId, check.fingerprint, toSqlTime(check.at)])})`,
  );
  await tx.$executeRaw`
    INSERT INTO "OrderCheck" (${columnList(ORDER_CHECK_INSERT_COLUMNS)}) VALUES ${join(values)}
    ON CONFLICT ("shopId", "orderId") DO UPDATE SET "fingerprint" = excluded."fingerprint", "checkedAt" = excluded."checkedAt"`;
}

/** Orders waiting to be evaluated and orders whose evaluation failed (the Integration Center's app status). */
export async function orderQueueCounts(shopId: string): Promise<{ waiting: number; failed: number }> {
  const rows = await prisma.orderEvaluation.groupBy({
    by: ["status"],
    where: { shopId, status: { in: ["pending", "failed"] } },
    _count: { _all: true },
  });
  const count = (status: string) => rows.find((row) => row.status === status)?._count._all ?? 0;
  return { waiting: count("pending"), failed: count("failed") };
}
