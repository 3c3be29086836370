/**
 * Hot reads on SQLite without Prisma's per-query cost (docs/decisions/0057-csv-at-the-databases-speed.md):
 * Prisma compiles every query it runs (its query compiler) and prepares its statement again,
 * about 1.3 ms of CPU for a one-row read, which is most of an authenticated `GET /api/rules`.
 * Here a statement is prepared once on a direct better-sqlite3 connection that only reads (WAL
 * lets it read while the writer commits; it sees every committed write), and a row becomes the
 * model Prisma would return, by the field types of Prisma's own data model (DMMF). On
 * PostgreSQL (and an in-memory SQLite) there is no such connection and callers use Prisma.
 */
import Database from "better-sqlite3";
import { Prisma } from "@prisma/client";
import type { Rule, Shop } from "@prisma/client";
import { SQLITE_BUSY_TIMEOUT_MS } from "./client.server";
import { sqlEngine } from "./columns";
import { keptValues } from "../domain/kept-values";
import { getEnv } from "../env.server";
import { sqliteFile } from "../config/database-url";

let connection: { file: string; db: Database.Database } | null = null;
const statements = keptValues<string, Database.Statement>(50);

/** The direct read connection of this process, or null where there is none (PostgreSQL, :memory:). */
export function sqliteReader(): Database.Database | null {
  if (sqlEngine() !== "sqlite") return null;
  const file = sqliteFile(getEnv().databaseUrl);
  if (file === ":memory:") return null;
  if (connection?.file === file && connection.db.open) return connection.db;
  const db = new Database(file, { fileMustExist: true, timeout: SQLITE_BUSY_TIMEOUT_MS });
  db.pragma("query_only = ON");
  connection = { file, db };
  return db;
}

/** A statement prepared once per connection and text. */
export function prepared(db: Database.Database, text: string): Database.Statement {
  return statements(`${db.name}\n${text}`, () => db.prepare(text));
}

type Converter = (value: unknown) => unknown;

const converters = keptValues<string, [string, Converter][]>(20);

/** How each scalar field of `model` comes back from SQLite, by its type in Prisma's data model. */
function fieldConverters(model: string): [string, Converter][] {
  return converters(model, () => {
    const found = Prisma.dmmf.datamodel.models.find((candidate) => candidate.name === model);
    if (!found) throw new Error(`No model ${model} in Prisma's data model`);
    return found.fields
      .filter((field) => field.kind === "scalar")
      .map((field): [string, Converter] => {
        const nullable =
          (convert: Converter): Converter =>
          (value) =>
            value === null || value === undefined ? null : convert(value);
        switch (field.type) {
          case "DateTime":
            return [field.name, nullable((value) => new Date(Number(value)))];
          case "Boolean":
            return [field.name, nullable((value) => Boolean(value))];
          case "Json":
            return [field.name, nullable((value) => (typeof value === "string" ? JSON.parse(value) : value))];
          case "Int":
          case "Float":
          case "String":
            return [field.name, (value) => (value === undefined ? null : value)];
          default:
            throw new Error(`${model}.${field.name}: type ${field.type} has no fast read`);
        }
      });
  });
}

/** A SQLite row of `model` (SELECT *) as Prisma returns it. */
export function modelOf<T>(model: string, row: Record<string, unknown>): T {
  const result: Record<string, unknown> = {};
  for (const [name, convert] of fieldConverters(model)) result[name] = convert(row[name]);
  return result as T;
}

/** The shop with this domain, or null (no such row, or no direct connection: ask Prisma). */
export function fastShopByDomain(domain: string): Shop | null {
  const db = sqliteReader();
  if (!db) return null;
  const row = prepared(db, `SELECT * FROM "Shop" WHERE "domain" = ?`).get(domain) as
    Record<string, unknown> | undefined;
  return row ? modelOf<Shop>("Shop", row) : null;
}

/** A shop's rules in the Rules page's order, or null without a direct connection (ask Prisma). */
export function fastRulesOf(shopId: string): Rule[] | null {
  const db = sqliteReader();
  if (!db) return null;
  const rows = prepared(
    db,
    `SELECT * FROM "Rule" WHERE "shopId" = ? ORDER BY "priority" DESC, "createdAt" ASC, "id" ASC`,
  ).all(shopId) as Record<string, unknown>[];
  return rows.map((row) => modelOf<Rule>("Rule", row));
}
