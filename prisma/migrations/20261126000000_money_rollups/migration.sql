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

    PRIMARY KEY ("shopId", "day", "ruleKey"),
    CONSTRAINT "MoneyRollup_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE TABLE "MoneyRollupZone" (
    "shopId" TEXT NOT NULL PRIMARY KEY,
    "timezone" TEXT NOT NULL,
    "builtAt" DATETIME NOT NULL,
    CONSTRAINT "MoneyRollupZone_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
