/**
 * How values cross the raw-SQL boundary (docs/architecture.md#an-order-webhook-to-a-delivered-alert: the hot
 * path runs raw SQL through Prisma), on either engine (docs/architecture.md#sqlite-and-postgresql).
 * One place for the conversions Prisma would otherwise do. On SQLite timestamps are stored as
 * Unix milliseconds (the SQLite adapter's `unixepoch-ms`), JSON columns as text and booleans as
 * 0 or 1; on PostgreSQL they are timestamp(3), jsonb and boolean columns, bound as Dates, JSON
 * text and booleans. The engine is the one DATABASE_URL names, read once.
 */
import { Prisma } from "@prisma/client";
import { loadPostgresClient } from "./postgres-client.server";
import { databaseEngine, type DatabaseEngine } from "../config/database-url";

let engine: DatabaseEngine | null = null;

/** The engine this process's raw SQL runs on. */
export function sqlEngine(): DatabaseEngine {
  engine ??= databaseEngine(process.env.DATABASE_URL ?? "");
  return engine;
}

type SqlHelpers = Pick<typeof Prisma, "sql" | "join" | "raw">;

/**
 * Prisma's SQL fragment helpers from the client of this process's engine: each generated client
 * has its own runtime, and a client takes only its own runtime's fragments as SQL (another's
 * would be bound as a value).
 */
function helpers(): SqlHelpers {
  return sqlEngine() === "postgresql" ? (loadPostgresClient().Prisma as unknown as SqlHelpers) : Prisma;
}

/** A SQL fragment, as `Prisma.sql`. */
export function sql(strings: TemplateStringsArray, ...values: unknown[]): Prisma.Sql {
  return helpers().sql(strings, ...values);
}

/** Values (or fragments) joined into one fragment, as `Prisma.join`. */
export function join(values: readonly unknown[], separator?: string): Prisma.Sql {
  return helpers().join(values, separator);
}

/** Trusted SQL text (never a value), as `Prisma.raw`. */
export function raw(text: string): Prisma.Sql {
  return helpers().raw(text);
}

/** A column list for an INSERT or SELECT, each name quoted (and qualified by `table`, if given). */
export function columnList(columns: readonly string[], table?: string): Prisma.Sql {
  const prefix = table ? `"${table}".` : "";
  return helpers().raw(columns.map((column) => `${prefix}"${column}"`).join(", "));
}

/** A timestamp as the raw SQL binds it. */
export function toSqlTime(value: Date | number | string | null | undefined): number | Date {
  let ms: number;
  if (value instanceof Date) ms = value.getTime();
  else if (typeof value === "number") ms = value;
  else if (typeof value === "string") ms = Date.parse(value);
  else ms = Date.now();
  return sqlEngine() === "postgresql" ? new Date(ms) : ms;
}

/** A boolean as the raw SQL binds it. */
export function toSqlBool(value: boolean): number | boolean {
  return sqlEngine() === "postgresql" ? value : value ? 1 : 0;
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
