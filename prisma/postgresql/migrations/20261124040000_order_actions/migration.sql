-- Order actions (docs/product.md#order-actions), as prisma/migrations/20261124040000_order_actions.

-- AlterTable
ALTER TABLE "AlertOutbox" ADD COLUMN "actionKey" TEXT;

-- AlterTable
ALTER TABLE "Rule" ADD COLUMN "flowTrigger" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN "holdOrder" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN "tagOrder" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Shop" ADD COLUMN "flowTriggerEnabled" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN "flowTriggerUpdatedAt" TIMESTAMP(3);

-- CreateIndex
CREATE UNIQUE INDEX "AlertOutbox_actionKey_key" ON "AlertOutbox"("actionKey");
