/**
 * Raw SQL of the money rollups (MoneyRollup, MoneyRollupZone; docs/architecture.md#counts-and-money):
 * written inside the callers' transactions (the order engine's through Prisma, the alert delivery
 * thread's on its own SQLite connection), so it is written against RawSql, on either engine.
 *
 * Serialising writes with a rebuild: on SQLite one writer at a time does it (a rebuild writes
 * first, so it holds the writer while it reads). On PostgreSQL a writer reads the zone with a
 * KEY SHARE lock on the shop's row and a rebuild takes the row FOR UPDATE first: a write waits for
 * a rebuild to commit (then adds to the rebuilt rows), and a rebuild waits for the writes under
 * way (then reads what they wrote).
 */
import { columnList, fromSqlTime, join, raw, sql, sqlEngine, toSqlTime } from "./columns";
import type { RawSql } from "./raw-sql.server";
import {
  foldByDay,
  NO_RULE_KEY,
  ROLLUP_EVENT_TYPES,
  ZERO_COUNTS,
  type RollupCounts,
  type RollupRow,
} from "../domain/roi/roi-rollups";

export const MONEY_ROLLUP_COLUMNS = [
  "shopId",
  "day",
  "ruleKey",
  "moneyRows",
  "stoppedCents",
  "recoveredCents",
  "flaggedCents",
  "savedOrders",
  "flaggedOrders",
  "blockedCheckouts",
  "alertsSent",
] as const;

const COUNT_COLUMNS = MONEY_ROLLUP_COLUMNS.slice(3) as readonly (keyof RollupCounts)[];

/** Rows per INSERT statement: 11 values each, well under SQLite's limit on bound parameters. */
const ROWS_PER_STATEMENT = 200;

/** A 15-minute slot's width: every time zone's offset, and every change of it, is a whole number of them. */
const SLOT_MS = 15 * 60_000;

/**
 * The zone the shop's rollups are kept in, or null when they were never built (then writes leave
 * them alone: the first read builds them from the rows). On PostgreSQL, locks the shop's row
 * against a rebuild until the caller's transaction ends.
 */
export async function rollupZone(tx: RawSql, shopId: string): Promise<string | null> {
  const rows =
    sqlEngine() === "postgresql"
      ? await tx.$queryRaw<{ timezone: string | null }[]>`
          SELECT z."timezone" FROM "Shop" s LEFT JOIN "MoneyRollupZone" z ON z."shopId" = s."id"
          WHERE s."id" = ${shopId} FOR KEY SHARE OF s`
      : await tx.$queryRaw<{ timezone: string | null }[]>`
          SELECT "timezone" FROM "MoneyRollupZone" WHERE "shopId" = ${shopId}`;
  return rows[0]?.timezone ?? null;
}

/** Adds increments (negative ones take away) to the shop's rollup rows. */
export async function addToMoneyRollups(tx: RawSql, shopId: string, rows: RollupRow[]): Promise<void> {
  const updates = COUNT_COLUMNS.map((column) => `"${column}" = "MoneyRollup"."${column}" + excluded."${column}"`);
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const values = rows
      .slice(start, start + ROWS_PER_STATEMENT)
      .map((row) => sql`(${join([shopId, row.day, row.ruleKey, ...COUNT_COLUMNS.map((column) => row[column])])})`);
    await tx.$executeRaw`
      INSERT INTO "MoneyRollup" (${columnList(MONEY_ROLLUP_COLUMNS)}) VALUES ${join(values)}
      ON CONFLICT ("shopId", "day", "ruleKey") DO UPDATE SET ${raw(updates.join(", "))}`;
  }
}

/** A timestamp column's 15-minute slot, as an integer, on this engine. */
function slotOf(column: string) {
  return sqlEngine() === "postgresql"
    ? raw(`floor(extract(epoch from "${column}") / ${SLOT_MS / 1000})::bigint`)
    : raw(`("${column}" / ${SLOT_MS})`);
}

const int = (value: unknown) => Number(value ?? 0);

/**
 * Builds the shop's rollups again from OrderMoney and the events, in `timezone` (the shop's
 * Shop.timezone, as its reader has it), and records that zone. Idempotent; the caller's
 * transaction holds it together. Reads grouped rows (one per 15 minutes with anything counted),
 * never the rows themselves. False when the shop is gone.
 */
export async function rebuildMoneyRollups(tx: RawSql, shopId: string, timezone: string, now: Date): Promise<boolean> {
  if (sqlEngine() === "postgresql") {
    // waits for the writes under way to commit; the writes after wait for this one
    await tx.$queryRaw`SELECT "id" FROM "Shop" WHERE "id" = ${shopId} FOR UPDATE`;
  }
  // a write first: on SQLite the transaction holds the writer from here on, so no write slips
  // between what it reads and what it writes
  const recorded = await tx.$executeRaw`
    INSERT INTO "MoneyRollupZone" ("shopId", "timezone", "builtAt")
    SELECT "id", ${timezone}, ${toSqlTime(now)} FROM "Shop" WHERE "id" = ${shopId}
    ON CONFLICT ("shopId") DO UPDATE SET "timezone" = excluded."timezone", "builtAt" = excluded."builtAt"`;
  if (recorded === 0) return false;
  await tx.$executeRaw`DELETE FROM "MoneyRollup" WHERE "shopId" = ${shopId}`;
  const money = await tx.$queryRaw<Record<string, unknown>[]>`
    SELECT ${slotOf("at")} AS "slot", "ruleKey",
      COUNT(*) AS "moneyRows",
      SUM("stoppedCents") AS "stoppedCents",
      SUM("recoveredCents") AS "recoveredCents",
      SUM("flaggedCents") AS "flaggedCents",
      SUM(CASE WHEN "stoppedCents" > 0 OR "recoveredCents" > 0 THEN 1 ELSE 0 END) AS "savedOrders",
      SUM(CASE WHEN "flaggedCents" > 0 THEN 1 ELSE 0 END) AS "flaggedOrders"
    FROM "OrderMoney" WHERE "shopId" = ${shopId}
    GROUP BY 1, 2`;
  const events = await tx.$queryRaw<Record<string, unknown>[]>`
    SELECT ${slotOf("createdAt")} AS "slot", "ruleKey",
      SUM(CASE WHEN "eventType" = 'checkout_blocked' THEN 1 ELSE 0 END) AS "blockedCheckouts",
      SUM(CASE WHEN "eventType" = 'alert_sent' THEN 1 ELSE 0 END) AS "alertsSent"
    FROM "AuditEvent" WHERE "shopId" = ${shopId} AND "eventType" IN (${join([...ROLLUP_EVENT_TYPES])})
    GROUP BY 1, 2`;
  const groups = [
    ...money.map((row) => ({
      startsAt: int(row.slot) * SLOT_MS,
      ruleKey: (row.ruleKey as string | null) ?? NO_RULE_KEY,
      counts: {
        ...ZERO_COUNTS,
        moneyRows: int(row.moneyRows),
        stoppedCents: int(row.stoppedCents),
        recoveredCents: int(row.recoveredCents),
        flaggedCents: int(row.flaggedCents),
        savedOrders: int(row.savedOrders),
        flaggedOrders: int(row.flaggedOrders),
      },
    })),
    ...events.map((row) => ({
      startsAt: int(row.slot) * SLOT_MS,
      ruleKey: (row.ruleKey as string | null) ?? NO_RULE_KEY,
      counts: { ...ZERO_COUNTS, blockedCheckouts: int(row.blockedCheckouts), alertsSent: int(row.alertsSent) },
    })),
  ];
  await addToMoneyRollups(tx, shopId, foldByDay(groups, timezone));
  return true;
}

/** The shop's rollup rows of the days [firstDay, endDay) (YYYY-MM-DD), with anything counted. */
export async function selectMoneyRollups(db: RawSql, shopId: string, firstDay: string, endDay: string) {
  const rows = await db.$queryRaw<Record<string, unknown>[]>`
    SELECT ${columnList(MONEY_ROLLUP_COLUMNS.slice(1))} FROM "MoneyRollup"
    WHERE "shopId" = ${shopId} AND "day" >= ${firstDay} AND "day" < ${endDay}`;
  return rows.map((row): RollupRow => ({
    day: String(row.day),
    ruleKey: String(row.ruleKey),
    ...(Object.fromEntries(COUNT_COLUMNS.map((column) => [column, int(row[column])])) as unknown as RollupCounts),
  }));
}

/** When the shop's rollups were last built, and in which zone (null: never). */
export async function selectRollupZone(
  db: RawSql,
  shopId: string,
): Promise<{ timezone: string; builtAt: Date } | null> {
  const rows = await db.$queryRaw<{ timezone: string; builtAt: number | Date }[]>`
    SELECT "timezone", "builtAt" FROM "MoneyRollupZone" WHERE "shopId" = ${shopId}`;
  return rows[0] ? { timezone: rows[0].timezone, builtAt: fromSqlTime(rows[0].builtAt) } : null;
}
