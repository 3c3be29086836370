-- Each layer of a shop's protection as last judged, and when its turn to failing was told
-- (docs/product.md#protection-status).
CREATE TABLE "ProtectionLayerState" (
    "shopId" TEXT NOT NULL,
    "layer" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "since" TIMESTAMP(3) NOT NULL,
    "alertedAt" TIMESTAMP(3),

    CONSTRAINT "ProtectionLayerState_pkey" PRIMARY KEY ("shopId","layer")
);

ALTER TABLE "ProtectionLayerState" ADD CONSTRAINT "ProtectionLayerState_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;
