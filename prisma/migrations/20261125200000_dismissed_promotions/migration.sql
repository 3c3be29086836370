-- Promotions a shop dismissed, remembered per shop (docs/decisions/0050-dashboard-numbers.md).
CREATE TABLE "DismissedPromotion" (
    "shopId" TEXT NOT NULL,
    "promotion" TEXT NOT NULL,
    "dismissedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("shopId", "promotion"),
    CONSTRAINT "DismissedPromotion_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
