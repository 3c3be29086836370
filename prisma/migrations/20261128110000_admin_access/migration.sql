-- Admin access that never dies quietly (docs/operations.md#shopify-access-tokens): when the stored
-- pair was written, a refresh's transient failure, the migration of a non-expiring offline token
-- (tries, first failure, next try, done), and access the app cannot restore itself.
ALTER TABLE "Session" ADD COLUMN "pairStoredAt" DATETIME;
ALTER TABLE "Session" ADD COLUMN "refreshFailedAt" DATETIME;
ALTER TABLE "Session" ADD COLUMN "migrationAttempts" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Session" ADD COLUMN "migrationFailedAt" DATETIME;
ALTER TABLE "Session" ADD COLUMN "migrationNextAt" DATETIME;
ALTER TABLE "Session" ADD COLUMN "migratedAt" DATETIME;
ALTER TABLE "Session" ADD COLUMN "accessLostAt" DATETIME;
ALTER TABLE "Session" ADD COLUMN "accessLostReason" TEXT;
