// Generates both Prisma clients (docs/architecture.md#sqlite-and-postgresql): SQLite's
// into @prisma/client from prisma/schema.prisma, PostgreSQL's into @margin-guardrail/prisma-postgresql
// from prisma/postgresql/schema.prisma. prisma.config.ts picks its driver adapter by DATABASE_URL,
// so each runs with a URL of its engine; generating connects to nothing.
import { spawnSync } from "node:child_process";

const runs = [
  { schema: "prisma/schema.prisma", url: "file:./prisma/dev.sqlite" },
  { schema: "prisma/postgresql/schema.prisma", url: "postgresql://localhost/generate-only" },
];
for (const { schema, url } of runs) {
  const result = spawnSync("npx", ["prisma", "generate", "--schema", schema], {
    stdio: "inherit",
    env: { ...process.env, DATABASE_URL: url },
  });
  if (result.status !== 0) {
    console.error(`✖ prisma generate --schema ${schema} failed.`);
    process.exit(result.status ?? 1);
  }
}
