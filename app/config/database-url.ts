import fs from "node:fs";
import path from "node:path";

export const DEFAULT_DATABASE_URL = "file:./prisma/dev.sqlite";

/**
 * Loads `.env` from the working directory into process.env, without overriding what the
 * environment already sets. Node's own loader is used, so no dotenv dependency is needed.
 */
export function loadDotEnv(file = path.resolve(".env")): void {
  if (!fs.existsSync(file)) return;
  const before = { ...process.env };
  process.loadEnvFile(file);
  for (const [key, value] of Object.entries(before)) process.env[key] = value;
}

/**
 * SQLite URLs are resolved against the project folder (the working directory), so the
 * Prisma CLI, the seed script and the app server always open the same file.
 */
export function resolveDatabaseUrl(raw: string | undefined, cwd = process.cwd()): string {
  const url = raw && raw.trim() !== "" ? raw.trim() : DEFAULT_DATABASE_URL;
  if (!url.startsWith("file:")) return url;
  const file = sqliteFile(url);
  if (file === ":memory:" || path.isAbsolute(file)) return url;
  return `file:${path.resolve(cwd, file)}`;
}

export function isSqliteUrl(url: string): boolean {
  return url.startsWith("file:");
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

/** The engine a DATABASE_URL selects (docs/architecture.md#sqlite-and-postgresql). */
export type DatabaseEngine = "sqlite" | "postgresql";

export function databaseEngine(url: string): DatabaseEngine {
  return isPostgresUrl(url) ? "postgresql" : "sqlite";
}

/** The file a SQLite URL names (`file:/data/app.sqlite` → `/data/app.sqlite`). */
export function sqliteFile(url: string): string {
  return url.slice("file:".length);
}
