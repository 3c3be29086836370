-- Reconciliation (docs/operations.md#reconciliation): each shop's sweep of its recent orders, and
-- an index for the shop's last order webhook.
CREATE TABLE "ShopReconciliation" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "lastSweepAt" DATETIME,
    "sweptThrough" DATETIME,
    "lastChecked" INTEGER NOT NULL DEFAULT 0,
    "lastMissed" INTEGER NOT NULL DEFAULT 0,
    "lastEvaluated" INTEGER NOT NULL DEFAULT 0,
    "missingTopics" TEXT,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "nextSweepAt" DATETIME,
    "lockedBy" TEXT,
    "lockedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ShopReconciliation_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE UNIQUE INDEX "ShopReconciliation_shopId_key" ON "ShopReconciliation"("shopId");
CREATE INDEX "ShopReconciliation_nextSweepAt_idx" ON "ShopReconciliation"("nextSweepAt");
CREATE INDEX "OrderEvaluation_shopId_createdAt_idx" ON "OrderEvaluation"("shopId", "createdAt");
