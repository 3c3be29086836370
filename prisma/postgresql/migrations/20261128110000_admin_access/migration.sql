-- Admin access that never dies quietly (docs/operations.md#shopify-access-tokens): when the stored
-- pair was written, a refresh's transient failure, the migration of a non-expiring offline token
-- (tries, first failure, next try, done), and access the app cannot restore itself.
ALTER TABLE "Session" ADD COLUMN "pairStoredAt" TIMESTAMP(3);
ALTER TABLE "Session" ADD COLUMN "refreshFailedAt" TIMESTAMP(3);
ALTER TABLE "Session" ADD COLUMN "migrationAttempts" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Session" ADD COLUMN "migrationFailedAt" TIMESTAMP(3);
ALTER TABLE "Session" ADD COLUMN "migrationNextAt" TIMESTAMP(3);
ALTER TABLE "Session" ADD COLUMN "migratedAt" TIMESTAMP(3);
ALTER TABLE "Session" ADD COLUMN "accessLostAt" TIMESTAMP(3);
ALTER TABLE "Session" ADD COLUMN "accessLostReason" TEXT;
