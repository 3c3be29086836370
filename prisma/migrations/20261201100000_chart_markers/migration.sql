-- Markers on Shopify's analytics charts (docs/product.md#markers-on-shopifys-charts): the
-- merchant's switch per shop (on by default), the markers the app made (one per finding, by its
-- own key, with Shopify's annotation id) and each shop's passes (claimed, backed off on failure).
ALTER TABLE "Shop" ADD COLUMN "chartMarkers" BOOLEAN NOT NULL DEFAULT true;

-- CreateTable
CREATE TABLE "ChartMarker" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "annotationId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "startedAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "ChartMarker_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ChartMarkerSync" (
    "shopId" TEXT NOT NULL PRIMARY KEY,
    "lastPassAt" DATETIME,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "nextPassAt" DATETIME,
    "lockedBy" TEXT,
    "lockedAt" DATETIME,
    CONSTRAINT "ChartMarkerSync_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "ChartMarker_shopId_key_key" ON "ChartMarker"("shopId", "key");

-- CreateIndex
CREATE INDEX "ChartMarkerSync_nextPassAt_idx" ON "ChartMarkerSync"("nextPassAt");
