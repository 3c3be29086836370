-- docs/decisions/0025-what-saved-means.md. Also run by bench/fill.ts after it fills its events.
-- Backfill from the events recorded so far: per order the largest overage of its latest
-- evaluation, never more than its discount, counted when it first broke a rule; held orders
-- keep that overage as held; each blocked checkout once. No cancellation was recorded before.
INSERT INTO "OrderMoney" ("shopId", "subject", "orderName", "at", "currency", "ruleKey", "discountCents",
  "overageCents", "heldOverageCents", "cancelled", "stoppedCents", "recoveredCents", "flaggedCents", "updatedAt")
SELECT "shopId", "orderId", "orderName", "first", "currency", "ruleKey", "discount", LEAST("over", "discount"),
  CASE WHEN EXISTS (SELECT 1 FROM "AuditEvent" AS "held" WHERE "held"."shopId" = "ranked"."shopId"
    AND "held"."eventType" = 'fulfillment_held' AND "held"."orderId" = "ranked"."orderId")
    THEN LEAST("over", "discount") END,
  false, 0, 0, LEAST("over", "discount"), "latest"
FROM (
  SELECT *, ROW_NUMBER() OVER (PARTITION BY "shopId", "orderId" ORDER BY "over" DESC, "ruleKey") AS "rank"
  FROM (
    SELECT "shopId", "orderId", "orderName", "currency", "ruleKey", "createdAt",
      COALESCE("totalDiscountCents", 0) AS "discount", COALESCE("marginSavedCents", 0) AS "over",
      MAX("createdAt") OVER (PARTITION BY "shopId", "orderId") AS "latest",
      MIN("createdAt") OVER (PARTITION BY "shopId", "orderId") AS "first"
    FROM "AuditEvent" WHERE "eventType" = 'rule_triggered' AND "orderId" IS NOT NULL
  ) AS "breaches"
  WHERE "createdAt" = "latest"
) AS "ranked"
WHERE "rank" = 1;

INSERT INTO "OrderMoney" ("shopId", "subject", "orderName", "at", "currency", "ruleKey", "discountCents",
  "overageCents", "heldOverageCents", "cancelled", "stoppedCents", "recoveredCents", "flaggedCents", "updatedAt")
SELECT "shopId", "dedupeKey", "orderName", "createdAt", "currency", "ruleKey", COALESCE("totalDiscountCents", 0),
  LEAST(COALESCE("marginSavedCents", 0), COALESCE("totalDiscountCents", 0)), NULL, false,
  LEAST(COALESCE("marginSavedCents", 0), COALESCE("totalDiscountCents", 0)), 0, 0, "createdAt"
FROM "AuditEvent" WHERE "eventType" = 'checkout_blocked' AND "dedupeKey" LIKE 'checkout:%';
