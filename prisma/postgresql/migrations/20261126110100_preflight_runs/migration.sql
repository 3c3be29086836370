-- Promotion preflights (docs/decisions/0065-promotion-preflight.md).
CREATE TABLE "PreflightRun" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'running',
    "trigger" TEXT NOT NULL DEFAULT 'manual',
    "days" INTEGER NOT NULL,
    "ordersTotal" INTEGER,
    "ordersRead" INTEGER NOT NULL DEFAULT 0,
    "worstPercent" DOUBLE PRECISION,
    "results" JSONB,
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "PreflightRun_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "PreflightRun_shopId_createdAt_idx" ON "PreflightRun"("shopId", "createdAt");

ALTER TABLE "PreflightRun" ADD CONSTRAINT "PreflightRun_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;
