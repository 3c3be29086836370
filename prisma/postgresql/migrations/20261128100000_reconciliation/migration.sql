-- Reconciliation (docs/operations.md#reconciliation): each shop's sweep of its recent orders, and
-- an index for the shop's last order webhook.
CREATE TABLE "ShopReconciliation" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "lastSweepAt" TIMESTAMP(3),
    "sweptThrough" TIMESTAMP(3),
    "lastChecked" INTEGER NOT NULL DEFAULT 0,
    "lastMissed" INTEGER NOT NULL DEFAULT 0,
    "lastEvaluated" INTEGER NOT NULL DEFAULT 0,
    "missingTopics" TEXT,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "nextSweepAt" TIMESTAMP(3),
    "lockedBy" TEXT,
    "lockedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ShopReconciliation_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "ShopReconciliation_shopId_key" ON "ShopReconciliation"("shopId");
CREATE INDEX "ShopReconciliation_nextSweepAt_idx" ON "ShopReconciliation"("nextSweepAt");
CREATE INDEX "OrderEvaluation_shopId_createdAt_idx" ON "OrderEvaluation"("shopId", "createdAt");

ALTER TABLE "ShopReconciliation" ADD CONSTRAINT "ShopReconciliation_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;
