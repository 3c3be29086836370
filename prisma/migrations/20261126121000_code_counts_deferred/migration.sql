-- The leaked-code detector's counts taken in by a pass after the order's transaction
-- (docs/decisions/0068-leak-counts-off-the-order-transaction.md); rows already there are counted.
ALTER TABLE "CodeRedemption" ADD COLUMN "customerTags" TEXT;
ALTER TABLE "CodeRedemption" ADD COLUMN "countedAt" DATETIME;
UPDATE "CodeRedemption" SET "countedAt" = "at";
CREATE INDEX "CodeRedemption_countedAt_shopId_at_idx" ON "CodeRedemption"("countedAt", "shopId", "at");
