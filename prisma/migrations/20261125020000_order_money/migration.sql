-- What each order counts in money, once (docs/decisions/0025-what-saved-means.md).

-- CreateTable
CREATE TABLE "OrderMoney" (
    "shopId" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "orderName" TEXT,
    "at" DATETIME NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "ruleKey" TEXT,
    "discountCents" INTEGER NOT NULL,
    "overageCents" INTEGER NOT NULL,
    "heldOverageCents" INTEGER,
    "cancelled" BOOLEAN NOT NULL DEFAULT false,
    "stoppedCents" INTEGER NOT NULL DEFAULT 0,
    "recoveredCents" INTEGER NOT NULL DEFAULT 0,
    "flaggedCents" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("shopId", "subject"),
    CONSTRAINT "OrderMoney_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "OrderMoney_shopId_at_idx" ON "OrderMoney"("shopId", "at");
