/**
 * The two Prisma schemas, SQLite's (prisma/schema.prisma) and PostgreSQL's
 * (prisma/postgresql/schema.prisma), must describe the same models: the app's code and raw SQL
 * are written once for both (docs/architecture.md#sqlite-and-postgresql). Both are
 * read by Prisma's own schema parser (the Wasm build of its `get_dmmf`), and everything but the
 * engine's native column types is compared: models, fields and their types, optionality,
 * defaults, relations, ids, unique constraints and indexes, and enums.
 */
import { get_dmmf } from "@prisma/prisma-schema-wasm";

interface DmmfField {
  name: string;
  nativeType?: unknown;
  [key: string]: unknown;
}
interface DmmfModel {
  name: string;
  fields: DmmfField[];
  [key: string]: unknown;
}
interface DmmfIndex {
  model: string;
  type: string;
  fields: { name: string }[];
  [key: string]: unknown;
}
interface Dmmf {
  datamodel: { models: DmmfModel[]; enums: { name: string; [key: string]: unknown }[]; indexes?: DmmfIndex[] };
}

function datamodel(schema: string): Dmmf["datamodel"] {
  return (JSON.parse(get_dmmf(JSON.stringify({ prismaSchema: schema }))) as Dmmf).datamodel;
}

/** A value as comparable text, with keys in order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value).sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonical(inner)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** What each model is made of, less what only says how one engine stores it. */
function shape(model: DmmfModel, indexes: DmmfIndex[]): Map<string, string> {
  const parts = new Map<string, string>();
  for (const field of model.fields) {
    const { nativeType: _nativeType, documentation: _documentation, ...rest } = field;
    parts.set(`field ${field.name}`, canonical(rest));
  }
  for (const [key, value] of Object.entries(model)) {
    if (["fields", "name", "documentation", "dbName", "schema"].includes(key)) continue;
    parts.set(key, canonical(value));
  }
  for (const index of indexes.filter((entry) => entry.model === model.name)) {
    const { dbName: _dbName, ...rest } = index;
    const columns = index.fields.map((field) => field.name).join(", ");
    parts.set(`${index.type} index (${columns})`, canonical(rest));
  }
  return parts;
}

/** Each way the two schemas' models differ, in words; empty when they agree. */
export function schemaDifferences(sqliteSchema: string, postgresSchema: string): string[] {
  const sqlite = datamodel(sqliteSchema);
  const postgres = datamodel(postgresSchema);
  const differences: string[] = [];
  const names = (models: { name: string }[]) => new Set(models.map((model) => model.name));
  for (const [kind, a, b] of [
    ["Model", names(sqlite.models), names(postgres.models)],
    ["Enum", names(sqlite.enums), names(postgres.enums)],
  ] as const) {
    for (const name of a) if (!b.has(name)) differences.push(`${kind} ${name} is only in the SQLite schema`);
    for (const name of b) if (!a.has(name)) differences.push(`${kind} ${name} is only in the PostgreSQL schema`);
  }
  for (const model of sqlite.models) {
    const other = postgres.models.find((candidate) => candidate.name === model.name);
    if (!other) continue;
    const a = shape(model, sqlite.indexes ?? []);
    const b = shape(other, postgres.indexes ?? []);
    for (const key of new Set([...a.keys(), ...b.keys()])) {
      if (!b.has(key)) differences.push(`${model.name}: ${key} is only in the SQLite schema`);
      else if (!a.has(key)) differences.push(`${model.name}: ${key} is only in the PostgreSQL schema`);
      else if (a.get(key) !== b.get(key)) {
        differences.push(`${model.name}: ${key} differs (SQLite ${a.get(key)}, PostgreSQL ${b.get(key)})`);
      }
    }
  }
  for (const entry of sqlite.enums) {
    const other = postgres.enums.find((candidate) => candidate.name === entry.name);
    if (other && canonical(entry) !== canonical(other)) differences.push(`Enum ${entry.name} differs`);
  }
  return differences;
}
