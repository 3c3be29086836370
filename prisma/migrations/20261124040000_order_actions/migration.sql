-- Order actions (docs/product.md#order-actions): per rule, the outbox key that acts once per
-- order and rule, and Shopify Flow's lifecycle state per shop. Plain ADD COLUMNs: each has a
-- constant default or none, so no table is rebuilt.

-- AlterTable
ALTER TABLE "AlertOutbox" ADD COLUMN "actionKey" TEXT;

-- AlterTable
ALTER TABLE "Rule" ADD COLUMN "tagOrder" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Rule" ADD COLUMN "holdOrder" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Rule" ADD COLUMN "flowTrigger" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Shop" ADD COLUMN "flowTriggerEnabled" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Shop" ADD COLUMN "flowTriggerUpdatedAt" DATETIME;

-- CreateIndex
CREATE UNIQUE INDEX "AlertOutbox_actionKey_key" ON "AlertOutbox"("actionKey");
