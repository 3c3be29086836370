-- Expiring offline tokens (docs/decisions/0041-expiring-offline-tokens.md): a lease on the offline
-- session for the one process that refreshes its pair, and when Shopify refused its refresh token.
ALTER TABLE "Session" ADD COLUMN "refreshLeasedBy" TEXT;
ALTER TABLE "Session" ADD COLUMN "refreshLeasedUntil" DATETIME;
ALTER TABLE "Session" ADD COLUMN "refreshRejectedAt" DATETIME;
