-- Orders whose discount codes wait for the leaked-code detector's counting pass
-- (docs/decisions/0068-leak-counts-off-the-order-transaction.md); earlier orders were counted.
ALTER TABLE "OrderEvaluation" ADD COLUMN "codesWaiting" BOOLEAN NOT NULL DEFAULT false;
CREATE INDEX "OrderEvaluation_codesWaiting_shopId_createdAt_idx" ON "OrderEvaluation"("codesWaiting", "shopId", "createdAt");
