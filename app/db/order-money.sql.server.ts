/**
 * Raw SQL of the money each order counts (OrderMoney, docs/product.md#what-the-figures-count):
 * read and written inside the callers' transactions, the order engine's and the alert worker's,
 * so it is written against RawSql. Column
 * lists are held to prisma/schema.prisma by app/db/schema-columns.test.ts.
 */
import type { OrderMoney } from "@prisma/client";
import type { MoneyRow } from "../domain/monitoring/order-money";
import { CHECKOUT_SUBJECT } from "../domain/monitoring/order-money";
import { columnList, fromSqlInt, fromSqlTime, join, raw, sql, toSqlBool, toSqlTime } from "./columns";
import type { RawSql } from "./raw-sql.server";
import { addToMoneyRollups, rollupZone } from "./money-rollups.sql.server";
import { moneyRowIncrements } from "../domain/roi/roi-rollups";

export const ORDER_MONEY_COLUMNS = [
  "shopId",
  "subject",
  "orderName",
  "at",
  "currency",
  "ruleKey",
  "discountCents",
  "overageCents",
  "heldOverageCents",
  "cancelled",
  "stoppedCents",
  "recoveredCents",
  "flaggedCents",
  "updatedAt",
] as const satisfies readonly (keyof OrderMoney)[];

/** What changes when a row is written again: everything but the key and the period. */
const UPDATED = ORDER_MONEY_COLUMNS.filter((column) => !["shopId", "subject", "at"].includes(column));

type StoredRow = Record<(typeof ORDER_MONEY_COLUMNS)[number], unknown>;

function fromRow(row: StoredRow): MoneyRow {
  const subject = String(row.subject);
  return {
    kind: subject.startsWith(CHECKOUT_SUBJECT) ? "checkout" : "order",
    subject,
    orderName: (row.orderName as string | null) ?? null,
    at: fromSqlTime(row.at as number),
    currency: String(row.currency),
    ruleKey: (row.ruleKey as string | null) ?? null,
    discountCents: Number(row.discountCents),
    overageCents: Number(row.overageCents),
    heldOverageCents: fromSqlInt(row.heldOverageCents as number | null),
    cancelled: Boolean(row.cancelled),
    stoppedCents: Number(row.stoppedCents),
    recoveredCents: Number(row.recoveredCents),
    flaggedCents: Number(row.flaggedCents),
  };
}

/** The shop's rows of these orders or checkouts, by subject. */
export async function selectMoneyRows(tx: RawSql, shopId: string, subjects: string[]): Promise<Map<string, MoneyRow>> {
  if (subjects.length === 0) return new Map();
  const rows = await tx.$queryRaw<StoredRow[]>`
    SELECT ${columnList(ORDER_MONEY_COLUMNS)} FROM "OrderMoney"
    WHERE "shopId" = ${shopId} AND "subject" IN (${join([...new Set(subjects)])})`;
  return new Map(rows.map((row) => [String(row.subject), fromRow(row)]));
}

/**
 * Writes rows (a new one, or one that replaces the stored figures; the period stays), and keeps
 * the shop's money rollups in step in the same transaction: each stored row's contribution taken
 * away, the new one's added (docs/architecture.md#counts-and-money).
 */
export async function upsertMoneyRows(tx: RawSql, shopId: string, rows: MoneyRow[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  const zone = await rollupZone(tx, shopId);
  if (zone !== null) {
    const stored = await selectMoneyRows(
      tx,
      shopId,
      rows.map((row) => row.subject),
    );
    const increments = moneyRowIncrements(
      rows.map((next) => ({ stored: stored.get(next.subject) ?? null, next })),
      zone,
    );
    await addToMoneyRollups(tx, shopId, increments);
  }
  const values = rows.map(
    (row) =>
      sql`(${join([
        shopId,
        row.subject,
        row.orderName,
        toSqlTime(row.at),
        row.currency,
        row.ruleKey,
        row.discountCents,
        row.overageCents,
        row.heldOverageCents,
        toSqlBool(row.cancelled),
        row.stoppedCents,
        row.recoveredCents,
        row.flaggedCents,
        toSqlTime(now),
      ])})`,
  );
  const updates = UPDATED.map((column) => `"${column}" = excluded."${column}"`).join(", ");
  await tx.$executeRaw`
    INSERT INTO "OrderMoney" (${columnList(ORDER_MONEY_COLUMNS)}) VALUES ${join(values)}
    ON CONFLICT ("shopId", "subject") DO UPDATE SET ${raw(updates)}`;
}
