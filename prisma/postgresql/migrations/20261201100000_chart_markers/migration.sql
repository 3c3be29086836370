-- Markers on Shopify's analytics charts (docs/product.md#markers-on-shopifys-charts): the
-- merchant's switch per shop (on by default), the markers the app made (one per finding, by its
-- own key, with Shopify's annotation id) and each shop's passes (claimed, backed off on failure).
ALTER TABLE "Shop" ADD COLUMN "chartMarkers" BOOLEAN NOT NULL DEFAULT true;

-- CreateTable
CREATE TABLE "ChartMarker" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "annotationId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "startedAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ChartMarker_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ChartMarkerSync" (
    "shopId" TEXT NOT NULL,
    "lastPassAt" TIMESTAMP(3),
    "failures" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "nextPassAt" TIMESTAMP(3),
    "lockedBy" TEXT,
    "lockedAt" TIMESTAMP(3),

    CONSTRAINT "ChartMarkerSync_pkey" PRIMARY KEY ("shopId")
);

-- CreateIndex
CREATE UNIQUE INDEX "ChartMarker_shopId_key_key" ON "ChartMarker"("shopId", "key");

-- CreateIndex
CREATE INDEX "ChartMarkerSync_nextPassAt_idx" ON "ChartMarkerSync"("nextPassAt");

-- AddForeignKey
ALTER TABLE "ChartMarker" ADD CONSTRAINT "ChartMarker_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ChartMarkerSync" ADD CONSTRAINT "ChartMarkerSync_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

