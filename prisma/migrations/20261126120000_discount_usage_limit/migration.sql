-- Shopify's usage limit of a code's discount, and Flow's lifecycle state of the trigger
-- "Discount code probably leaked" (docs/decisions/0066-code-usage-limit-and-leak-flow-trigger.md).
ALTER TABLE "DiscountCodeValue" ADD COLUMN "usageLimit" INTEGER;
ALTER TABLE "Shop" ADD COLUMN "flowLeakTriggerEnabled" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Shop" ADD COLUMN "flowLeakTriggerUpdatedAt" DATETIME;
