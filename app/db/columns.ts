/**
 * How values cross the raw-SQL boundary (docs/decisions/0009-monitoring-engine.md: the hot
 * path runs raw SQL through Prisma). One place for the conversions Prisma would otherwise
 * do: timestamps are stored as Unix milliseconds (the SQLite adapter's `unixepoch-ms`), JSON
 * columns as text. Pure.
 */
import { Prisma } from "@prisma/client";

/** A column list for an INSERT or SELECT, each name quoted. */
export function columnList(columns: readonly string[]): Prisma.Sql {
  return Prisma.raw(columns.map((column) => `"${column}"`).join(", "));
}

/** A timestamp as the raw SQL binds it. */
export function toSqlTime(value: Date | number | string | null | undefined): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === "number") return value;
  if (typeof value === "string") return Date.parse(value);
  return Date.now();
}

/** A timestamp column as a raw query returns it (a number, a bigint, or already a Date). */
export function fromSqlTime(value: number | bigint | Date | string): Date {
  return value instanceof Date ? value : new Date(Number(value));
}

/** A JSON column's value as the raw SQL binds it: text, or NULL. */
export function toSqlJson(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}

/** A JSON column as a raw query returns it: text to parse, or a value already parsed. */
export function fromSqlJson<T = unknown>(value: unknown): T {
  return (typeof value === "string" ? JSON.parse(value) : value) as T;
}

/** A count or integer column, which raw queries may return as a bigint. */
export function fromSqlInt(value: number | bigint | null): number | null {
  return value === null ? null : Number(value);
}
