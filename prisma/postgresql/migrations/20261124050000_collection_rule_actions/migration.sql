-- Collection rules take order actions too (docs/product.md#order-actions).

-- AlterTable
ALTER TABLE "CollectionRule" ADD COLUMN "flowTrigger" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN "holdOrder" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN "tagOrder" BOOLEAN NOT NULL DEFAULT false;
