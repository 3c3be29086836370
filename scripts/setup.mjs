// npm run setup: both Prisma clients, then the migrations of the engine DATABASE_URL names
// (docs/architecture.md#sqlite-and-postgresql).
import { spawnSync } from "node:child_process";

for (const script of ["scripts/prisma-generate.mjs", "scripts/migrate.mjs"]) {
  const result = spawnSync("node", [script], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
