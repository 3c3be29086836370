/**
 * Raw SQL of the leaked-code detector's counters (docs/product.md#leaked-codes): one
 * statement per table per batch, whatever the number of codes and hours, on both engines.
 */
import type { CodeCounts } from "../domain/leaks/code-leaks";
import type { OrderFacts } from "../domain/monitoring/order-facts";
import type { RawSql } from "./raw-sql.server";
import { columnList, fromSqlJson, fromSqlTime, join, raw, sql, sqlEngine, toSqlBool, toSqlTime } from "./columns";
import { newRowId } from "./ids";

export interface CodeUsageIncrement extends CodeCounts {
  codeKey: string;
  code: string;
  first: Date;
  last: Date;
}

const COUNTS = [
  "uses",
  "customers",
  "firstKnown",
  "firstTime",
  "segmentChecked",
  "outsideSegment",
  "countries",
] as const;
const USAGE_COLUMNS = ["id", "shopId", "codeKey", "code", ...COUNTS, "firstSeenAt", "lastUsedAt", "updatedAt"];

/** Adds to the codes' counts (a code's row is created at its first use); the latest use is the last recorded. */
export async function addToCodeUsage(tx: RawSql, shopId: string, rows: CodeUsageIncrement[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  const values = rows.map(
    (row) =>
      sql`(${join([
        newRowId(),
        shopId,
        row.codeKey,
        row.code,
        ...COUNTS.map((column) => row[column]),
        toSqlTime(row.first),
        toSqlTime(row.last),
        toSqlTime(now),
      ])})`,
  );
  const updates = [
    ...COUNTS.map((column) => `"${column}" = "CodeUsage"."${column}" + excluded."${column}"`),
    `"lastUsedAt" = excluded."lastUsedAt"`,
    `"updatedAt" = excluded."updatedAt"`,
  ];
  await tx.$executeRaw`
    INSERT INTO "CodeUsage" (${columnList(USAGE_COLUMNS)}) VALUES ${join(values)}
    ON CONFLICT ("shopId", "codeKey") DO UPDATE SET ${raw(updates.join(", "))}`;
}

/** Adds to the codes' uses per clock hour. */
export async function addToCodeHours(
  tx: RawSql,
  shopId: string,
  rows: { codeKey: string; hour: Date; uses: number }[],
): Promise<void> {
  if (rows.length === 0) return;
  const values = rows.map((row) => sql`(${join([shopId, row.codeKey, toSqlTime(row.hour), row.uses])})`);
  await tx.$executeRaw`
    INSERT INTO "CodeUsageHour" ("shopId", "codeKey", "hour", "uses") VALUES ${join(values)}
    ON CONFLICT ("shopId", "codeKey", "hour") DO UPDATE SET "uses" = "CodeUsageHour"."uses" + excluded."uses"`;
}

/** A code on an order, as the counting pass records it (docs/architecture.md#an-order-webhook-to-a-delivered-alert). */
export interface NewRedemption {
  codeKey: string;
  orderId: string;
  customerId: string | null;
  firstOrder: boolean | null;
  outsideSegment: boolean | null;
  country: string | null;
  at: Date;
}

const REDEMPTION_COLUMNS = [
  "id",
  "shopId",
  "codeKey",
  "orderId",
  "customerId",
  "firstOrder",
  "outsideSegment",
  "country",
  "at",
];

/**
 * Writes the redemptions not recorded yet, one statement; returns the keys (code|order) of those
 * written: an order and code already there (a redelivery, an orders/updated) keeps its first row
 * and is not counted again.
 */
export async function insertRedemptions(tx: RawSql, shopId: string, rows: NewRedemption[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const bool = (value: boolean | null) => (value === null ? null : toSqlBool(value));
  const values = rows.map(
    (row) =>
      sql`(${join([
        newRowId(),
        shopId,
        row.codeKey,
        row.orderId,
        row.customerId,
        bool(row.firstOrder),
        bool(row.outsideSegment),
        row.country,
        toSqlTime(row.at),
      ])})`,
  );
  const written = await tx.$queryRaw<{ codeKey: string; orderId: string }[]>`
    INSERT INTO "CodeRedemption" (${columnList(REDEMPTION_COLUMNS)}) VALUES ${join(values)}
    ON CONFLICT ("shopId", "codeKey", "orderId") DO NOTHING
    RETURNING "codeKey", "orderId"`;
  return new Set(written.map((row) => `${row.codeKey}|${row.orderId}`));
}

/** An evaluated order whose codes the counting pass claimed. */
export interface WaitingOrder {
  orderId: string;
  facts: OrderFacts;
  customerId: string | null;
  createdAt: Date;
}

/**
 * Claims up to `limit` of a shop's evaluated orders whose codes wait to be counted, oldest first:
 * an order is claimed by one pass only (the flag is cleared in the claim's statement; on
 * PostgreSQL a second pass skips the rows the first locked).
 */
export async function claimWaitingOrders(tx: RawSql, shopId: string, limit: number): Promise<WaitingOrder[]> {
  const lock = sqlEngine() === "postgresql" ? raw("FOR UPDATE SKIP LOCKED") : raw("");
  const rows = await tx.$queryRaw<
    { orderId: string; facts: unknown; customerId: string | null; createdAt: number | bigint | Date }[]
  >`
    UPDATE "OrderEvaluation" SET "codesWaiting" = ${toSqlBool(false)}
    WHERE "id" IN (
      SELECT "id" FROM "OrderEvaluation" WHERE "codesWaiting" = ${toSqlBool(true)} AND "shopId" = ${shopId}
      ORDER BY "createdAt" ASC LIMIT ${limit} ${lock})
      AND "codesWaiting" = ${toSqlBool(true)}
    RETURNING "orderId", "facts", "customerId", "createdAt"`;
  return rows
    .map((row) => ({
      orderId: row.orderId,
      facts: fromSqlJson<OrderFacts>(row.facts),
      customerId: row.customerId,
      createdAt: fromSqlTime(row.createdAt),
    }))
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** The shops with evaluated orders whose codes wait to be counted (a few at a time). */
export async function shopsWithWaitingCodes(tx: RawSql, limit: number): Promise<string[]> {
  const rows = await tx.$queryRaw<{ shopId: string }[]>`
    SELECT DISTINCT "shopId" FROM "OrderEvaluation" WHERE "codesWaiting" = ${toSqlBool(true)} LIMIT ${limit}`;
  return rows.map((row) => row.shopId);
}

/**
 * On PostgreSQL, one counting pass per shop at a time until this transaction ends (SQLite's writer
 * is one already). Never waits: false means another pass is counting the shop now.
 */
export async function lockShopCounts(tx: RawSql, shopId: string): Promise<boolean> {
  if (sqlEngine() !== "postgresql") return true;
  const rows = await tx.$queryRaw<{ locked: boolean }[]>`
    SELECT pg_try_advisory_xact_lock(hashtext(${`code-counts:${shopId}`})) AS "locked"`;
  return rows[0]?.locked === true;
}
