-- Money rollups per shop, local day and rule type (docs/decisions/0055-money-rollups.md). Empty at
-- first: a shop without a MoneyRollupZone row has its rollups built from OrderMoney and the events
-- the first time they are read.
CREATE TABLE "MoneyRollup" (
    "shopId" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "ruleKey" TEXT NOT NULL,
    "moneyRows" INTEGER NOT NULL DEFAULT 0,
    "stoppedCents" INTEGER NOT NULL DEFAULT 0,
    "recoveredCents" INTEGER NOT NULL DEFAULT 0,
    "flaggedCents" INTEGER NOT NULL DEFAULT 0,
    "savedOrders" INTEGER NOT NULL DEFAULT 0,
    "flaggedOrders" INTEGER NOT NULL DEFAULT 0,
    "blockedCheckouts" INTEGER NOT NULL DEFAULT 0,
    "alertsSent" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "MoneyRollup_pkey" PRIMARY KEY ("shopId","day","ruleKey")
);

CREATE TABLE "MoneyRollupZone" (
    "shopId" TEXT NOT NULL,
    "timezone" TEXT NOT NULL,
    "builtAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MoneyRollupZone_pkey" PRIMARY KEY ("shopId")
);

-- AddForeignKey
ALTER TABLE "MoneyRollup" ADD CONSTRAINT "MoneyRollup_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MoneyRollupZone" ADD CONSTRAINT "MoneyRollupZone_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;
