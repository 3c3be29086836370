-- CreateTable
CREATE TABLE "CodeRuleSettings" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "settings" JSONB NOT NULL,
    "discountId" TEXT,
    "syncedAt" TIMESTAMP(3),
    "syncError" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CodeRuleSettings_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "CodeRuleSettings_shopId_key" ON "CodeRuleSettings"("shopId");

-- AddForeignKey
ALTER TABLE "CodeRuleSettings" ADD CONSTRAINT "CodeRuleSettings_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

