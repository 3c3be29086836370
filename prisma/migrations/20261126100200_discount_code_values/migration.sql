-- Discount codes' values as Shopify last said them, for the code rules' combined cap
-- (docs/decisions/0062-combined-discount-cap.md).
CREATE TABLE "DiscountCodeValue" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "discountId" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "codeKey" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "percent" REAL,
    "amountCents" INTEGER,
    "currency" TEXT,
    "minimumCents" INTEGER,
    "minimumQuantity" INTEGER,
    "status" TEXT NOT NULL,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "DiscountCodeValue_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE UNIQUE INDEX "DiscountCodeValue_shopId_codeKey_key" ON "DiscountCodeValue"("shopId", "codeKey");
CREATE INDEX "DiscountCodeValue_shopId_discountId_idx" ON "DiscountCodeValue"("shopId", "discountId");
