-- Plans that follow Shopify (docs/decisions/0018-plan-truth.md): what Shopify last said of
-- the shop's subscription, and rules paused by a plan change (kept, not evaluated).
ALTER TABLE "Shop" ADD COLUMN "planCheckedAt" DATETIME;
ALTER TABLE "Shop" ADD COLUMN "subscriptionId" TEXT;
ALTER TABLE "Shop" ADD COLUMN "subscriptionStatus" TEXT;
ALTER TABLE "Shop" ADD COLUMN "subscriptionUpdatedAt" DATETIME;
ALTER TABLE "Shop" ADD COLUMN "trialEndsOn" DATETIME;
ALTER TABLE "Shop" ADD COLUMN "currentPeriodEnd" DATETIME;
ALTER TABLE "Rule" ADD COLUMN "pausedByPlan" TEXT;
ALTER TABLE "Rule" ADD COLUMN "pausedAt" DATETIME;
ALTER TABLE "CollectionRule" ADD COLUMN "pausedByPlan" TEXT;
ALTER TABLE "CollectionRule" ADD COLUMN "pausedAt" DATETIME;
