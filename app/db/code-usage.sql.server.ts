/**
 * Raw SQL of the leaked-code detector's counters (docs/decisions/0064-leaked-code-detector.md): one
 * statement per table per batch, whatever the number of codes and hours, on both engines.
 */
import type { CodeCounts } from "../domain/code-leaks";
import type { RawSql } from "./raw-sql.server";
import { columnList, join, raw, sql, toSqlTime } from "./columns";
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
