import path from "node:path";
import { defineConfig } from "prisma/config";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { loadDotEnv, resolveDatabaseUrl } from "./app/config/database-url";

// The Prisma CLI uses the Wasm schema engine through this adapter, so no engine binary
// is downloaded (see ../shared/STACK.md and docs/decisions/0002-prisma-without-engines.md).
loadDotEnv();
process.env.DATABASE_URL = resolveDatabaseUrl(process.env.DATABASE_URL);

export default defineConfig({
  schema: path.join("prisma", "schema.prisma"),
  migrations: { seed: "tsx prisma/seed.ts" },
  experimental: { adapter: true },
  engine: "js",
  adapter: async () => new PrismaBetterSQLite3({ url: process.env.DATABASE_URL! }),
});
