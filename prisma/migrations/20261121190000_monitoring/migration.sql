-- AlterTable
ALTER TABLE "VariantUnitCost" ADD COLUMN "collectionIds" JSONB;
ALTER TABLE "VariantUnitCost" ADD COLUMN "productId" TEXT;

-- CreateTable
CREATE TABLE "OrderEvaluation" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "webhookId" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "facts" JSONB NOT NULL,
    "customerId" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "eventsCreated" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "processedAt" DATETIME,
    CONSTRAINT "OrderEvaluation_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_AuditEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "eventType" TEXT NOT NULL,
    "severity" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "orderId" TEXT,
    "orderName" TEXT,
    "customerId" TEXT,
    "discountCodes" JSONB NOT NULL,
    "discountPercent" REAL,
    "totalDiscountCents" INTEGER,
    "preDiscountSubtotalCents" INTEGER,
    "subtotalAfterDiscountCents" INTEGER,
    "marginSavedCents" INTEGER,
    "marginPercent" REAL,
    "costCoveredLines" INTEGER,
    "costUncoveredLines" INTEGER,
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "ruleId" TEXT,
    "ruleKey" TEXT,
    "ruleName" TEXT,
    "threshold" REAL,
    "details" JSONB,
    "overrideReason" TEXT,
    "overrideBy" TEXT,
    "dedupeKey" TEXT,
    "searchText" TEXT NOT NULL DEFAULT '',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "AuditEvent_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_AuditEvent" ("costCoveredLines", "costUncoveredLines", "createdAt", "currency", "customerId", "dedupeKey", "details", "discountCodes", "discountPercent", "eventType", "id", "marginPercent", "marginSavedCents", "message", "orderId", "orderName", "overrideBy", "overrideReason", "preDiscountSubtotalCents", "ruleId", "ruleKey", "ruleName", "severity", "shopId", "subtotalAfterDiscountCents", "threshold", "totalDiscountCents") SELECT "costCoveredLines", "costUncoveredLines", "createdAt", "currency", "customerId", "dedupeKey", "details", "discountCodes", "discountPercent", "eventType", "id", "marginPercent", "marginSavedCents", "message", "orderId", "orderName", "overrideBy", "overrideReason", "preDiscountSubtotalCents", "ruleId", "ruleKey", "ruleName", "severity", "shopId", "subtotalAfterDiscountCents", "threshold", "totalDiscountCents" FROM "AuditEvent";
DROP TABLE "AuditEvent";
ALTER TABLE "new_AuditEvent" RENAME TO "AuditEvent";
CREATE INDEX "AuditEvent_shopId_createdAt_id_idx" ON "AuditEvent"("shopId", "createdAt", "id");
CREATE INDEX "AuditEvent_shopId_eventType_createdAt_idx" ON "AuditEvent"("shopId", "eventType", "createdAt");
CREATE INDEX "AuditEvent_shopId_severity_createdAt_idx" ON "AuditEvent"("shopId", "severity", "createdAt");
CREATE INDEX "AuditEvent_shopId_orderName_idx" ON "AuditEvent"("shopId", "orderName");
CREATE UNIQUE INDEX "AuditEvent_shopId_dedupeKey_key" ON "AuditEvent"("shopId", "dedupeKey");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "OrderEvaluation_status_createdAt_idx" ON "OrderEvaluation"("status", "createdAt");

-- CreateIndex
CREATE INDEX "OrderEvaluation_shopId_orderId_idx" ON "OrderEvaluation"("shopId", "orderId");


-- Backfill the audit log's search text for events recorded before it existed.
UPDATE "AuditEvent" SET "searchText" = lower(coalesce("orderName", '') || ' ' || coalesce("discountCodes", '') || ' ' || coalesce("ruleName", ''));
