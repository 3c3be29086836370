-- Leak detector (docs/decisions/0064-leaked-code-detector.md): redemptions per order and code, per-code counts and settings, hourly buckets.
-- CreateTable
CREATE TABLE "CodeRedemption" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "codeKey" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "customerId" TEXT,
    "firstOrder" BOOLEAN,
    "outsideSegment" BOOLEAN,
    "country" TEXT,
    "at" DATETIME NOT NULL,
    CONSTRAINT "CodeRedemption_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CodeUsage" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "codeKey" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "uses" INTEGER NOT NULL DEFAULT 0,
    "customers" INTEGER NOT NULL DEFAULT 0,
    "firstKnown" INTEGER NOT NULL DEFAULT 0,
    "firstTime" INTEGER NOT NULL DEFAULT 0,
    "segmentChecked" INTEGER NOT NULL DEFAULT 0,
    "outsideSegment" INTEGER NOT NULL DEFAULT 0,
    "countries" INTEGER NOT NULL DEFAULT 0,
    "firstSeenAt" DATETIME NOT NULL,
    "lastUsedAt" DATETIME NOT NULL,
    "audienceSize" INTEGER,
    "segmentTags" TEXT,
    "flaggedAt" DATETIME,
    "signals" JSONB,
    "deactivatedAt" DATETIME,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "CodeUsage_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CodeUsageHour" (
    "shopId" TEXT NOT NULL,
    "codeKey" TEXT NOT NULL,
    "hour" DATETIME NOT NULL,
    "uses" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("shopId", "codeKey", "hour"),
    CONSTRAINT "CodeUsageHour_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "CodeRedemption_shopId_codeKey_customerId_idx" ON "CodeRedemption"("shopId", "codeKey", "customerId");

-- CreateIndex
CREATE INDEX "CodeRedemption_shopId_codeKey_country_idx" ON "CodeRedemption"("shopId", "codeKey", "country");

-- CreateIndex
CREATE UNIQUE INDEX "CodeRedemption_shopId_codeKey_orderId_key" ON "CodeRedemption"("shopId", "codeKey", "orderId");

-- CreateIndex
CREATE UNIQUE INDEX "CodeUsage_shopId_codeKey_key" ON "CodeUsage"("shopId", "codeKey");

