-- Backtests (docs/decisions/0019-backtests.md): runs of the rules over the shop's recent orders.
-- CreateTable
CREATE TABLE "Backtest" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'running',
    "scope" JSONB NOT NULL,
    "sinceAt" DATETIME NOT NULL,
    "ordersTotal" INTEGER,
    "ordersRead" INTEGER NOT NULL DEFAULT 0,
    "results" JSONB,
    "error" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "finishedAt" DATETIME,
    CONSTRAINT "Backtest_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "Backtest_shopId_createdAt_idx" ON "Backtest"("shopId", "createdAt");

-- Onboarding (docs/product.md#onboarding): shops installed before it existed and already
-- protected by a rule have nothing to set up; they are not sent through it.
UPDATE "Shop" SET "onboardingStep" = 3, "onboardingCompletedAt" = "installedAt"
WHERE "onboardingStep" < 3 AND ("id" IN (SELECT "shopId" FROM "Rule") OR "id" IN (SELECT "shopId" FROM "CollectionRule"));
