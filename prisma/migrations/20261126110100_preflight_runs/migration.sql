-- Promotion preflights (docs/decisions/0065-promotion-preflight.md).
CREATE TABLE "PreflightRun" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'running',
    "trigger" TEXT NOT NULL DEFAULT 'manual',
    "days" INTEGER NOT NULL,
    "ordersTotal" INTEGER,
    "ordersRead" INTEGER NOT NULL DEFAULT 0,
    "worstPercent" REAL,
    "results" JSONB,
    "error" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "finishedAt" DATETIME,
    CONSTRAINT "PreflightRun_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE INDEX "PreflightRun_shopId_createdAt_idx" ON "PreflightRun"("shopId", "createdAt");
