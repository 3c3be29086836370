/**
 * The test files that run again on PostgreSQL (npm run test:postgres, docs/testing.md#postgresql):
 * what depends on the engine, and a sample of the portable paths. Every other integration file
 * runs on SQLite only: it goes through Prisma's portable queries, which the files below already
 * run on both engines. tests/integration/postgres-files.test.ts fails when a test file that uses
 * raw SQL, or imports an `app/db/*.sql.server.ts` module, is missing here.
 */
export const POSTGRES_FILES = [
  // raw SQL: claims, leases and locks of the queues and the outbox, several processes at once
  "action-processes",
  "alert-crash-duplicates",
  "alert-delivery",
  "alert-processes",
  "alert-secrets",
  "busy-requests",
  "busy-writer",
  "leak-counting-pass",
  "order-worker",
  "order-worker-transactions",
  "reconciliation",
  // a layer turning failing is told once, whichever process looks (conditional UPDATE)
  "protection-status",
  "secrets-at-rest",
  "several-processes",
  "webhook-fast-path",
  // tokens refreshed and migrated under a lease, by one process or several
  "offline-token-processes",
  "offline-tokens",
  "token-migration",
  // migrations, rollups, search, the export's batches, what each engine reads fast
  "migrations",
  "money-rollups",
  "roi-api",
  "dashboard",
  "audit-search",
  "audit-log",
  "audit-export",
  "health",
  // a sample of the portable paths: install, rules, orders, billing, a shop's data removed
  "install",
  "rules-api",
  "webhooks",
  "billing",
  "purge",
].map((name) => `tests/integration/${name}.test.ts`);
