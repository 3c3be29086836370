-- Each layer of a shop's protection as last judged, and when its turn to failing was told
-- (docs/product.md#protection-status).
CREATE TABLE "ProtectionLayerState" (
    "shopId" TEXT NOT NULL,
    "layer" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "since" DATETIME NOT NULL,
    "alertedAt" DATETIME,

    PRIMARY KEY ("shopId", "layer"),
    CONSTRAINT "ProtectionLayerState_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
