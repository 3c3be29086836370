-- Checkout blocking's evidence (docs/decisions/0017-checkout-evidence-and-shadow-mode.md):
-- the validation's enabled switch as last seen, and shadow-mode checkouts.
ALTER TABLE "FunctionConfig" ADD COLUMN "validationEnabled" BOOLEAN NOT NULL DEFAULT false;
UPDATE "FunctionConfig" SET "validationEnabled" = true WHERE "validationId" IS NOT NULL;

-- CreateTable
CREATE TABLE "ShadowCheckout" (
    "shopId" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "overLimitCents" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("shopId", "token"),
    CONSTRAINT "ShadowCheckout_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "ShadowCheckout_shopId_day_idx" ON "ShadowCheckout"("shopId", "day");
