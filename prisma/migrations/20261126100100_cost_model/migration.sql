-- The cost model (docs/decisions/0061-cost-model.md): per-shop cost settings (fees and shipping
-- off by default, so existing margins keep their figures) and each variant's unit cost history.

-- CreateTable
CREATE TABLE "CostSettings" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "costHistoryEnabled" BOOLEAN NOT NULL DEFAULT true,
    "paymentFeesEnabled" BOOLEAN NOT NULL DEFAULT false,
    "paymentFeeBasisPoints" INTEGER NOT NULL DEFAULT 290,
    "paymentFeeFixedCents" INTEGER NOT NULL DEFAULT 30,
    "gatewayFees" JSONB,
    "shippingCostEnabled" BOOLEAN NOT NULL DEFAULT false,
    "shippingCostCents" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "CostSettings_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "VariantCostHistory" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "variantId" TEXT NOT NULL,
    "inventoryItemId" TEXT,
    "unitCostCents" INTEGER,
    "currency" TEXT,
    "effectiveAt" DATETIME NOT NULL,
    "source" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "VariantCostHistory_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "CostSettings_shopId_key" ON "CostSettings"("shopId");

-- CreateIndex
CREATE INDEX "VariantCostHistory_shopId_variantId_effectiveAt_idx" ON "VariantCostHistory"("shopId", "variantId", "effectiveAt");
