-- Promotions a shop dismissed, remembered per shop (docs/decisions/0050-dashboard-numbers.md).
CREATE TABLE "DismissedPromotion" (
    "shopId" TEXT NOT NULL,
    "promotion" TEXT NOT NULL,
    "dismissedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DismissedPromotion_pkey" PRIMARY KEY ("shopId","promotion")
);

-- AddForeignKey
ALTER TABLE "DismissedPromotion" ADD CONSTRAINT "DismissedPromotion_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;
