import path from "node:path";
import { defineConfig } from "prisma/config";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { isSqliteUrl, loadDotEnv, resolveDatabaseUrl } from "./app/config/database-url";

// The Prisma CLI uses the Wasm schema engine through a driver adapter, so no engine binary
// is downloaded (docs/architecture.md#stack). DATABASE_URL picks the engine:
// file: is SQLite (prisma/schema.prisma), postgresql:// is PostgreSQL (prisma/postgresql/, with
// its own migrations; docs/architecture.md#sqlite-and-postgresql).
loadDotEnv();
const url = resolveDatabaseUrl(process.env.DATABASE_URL);
process.env.DATABASE_URL = url;
const sqlite = isSqliteUrl(url);

export default defineConfig({
  schema: sqlite ? path.join("prisma", "schema.prisma") : path.join("prisma", "postgresql", "schema.prisma"),
  migrations: { seed: "tsx prisma/seed.ts" },
  experimental: { adapter: true },
  engine: "js",
  adapter: async () => (sqlite ? new PrismaBetterSQLite3({ url }) : new PrismaPg({ connectionString: url })),
});
