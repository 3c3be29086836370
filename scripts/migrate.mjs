// Applies the migrations of the engine DATABASE_URL names (docs/architecture.md#sqlite-and-postgresql):
// file: is SQLite, through Prisma Migrate; postgresql:// is PostgreSQL, through scripts/migrate-postgres.mjs.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { isPostgresUrl } from "./migrate-postgres.mjs";

if (!process.env.DATABASE_URL && fs.existsSync(".env")) process.loadEnvFile(".env");
const postgres = isPostgresUrl(process.env.DATABASE_URL);
const [command, args] = postgres
  ? ["node", ["scripts/migrate-postgres.mjs"]]
  : ["npx", ["prisma", "migrate", "deploy"]];
const result = spawnSync(command, args, { stdio: "inherit" });
process.exit(result.status ?? 1);
