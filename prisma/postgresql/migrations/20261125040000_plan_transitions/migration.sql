-- Plan transitions (docs/decisions/0018-plan-truth.md): rules a plan resumed say when, and the
-- code-rules discount says whether it is active in Shopify.
ALTER TABLE "Rule" ADD COLUMN "resumedAt" TIMESTAMP(3);
ALTER TABLE "CollectionRule" ADD COLUMN "resumedAt" TIMESTAMP(3);
ALTER TABLE "CodeRuleSettings" ADD COLUMN "discountActive" BOOLEAN NOT NULL DEFAULT true;
