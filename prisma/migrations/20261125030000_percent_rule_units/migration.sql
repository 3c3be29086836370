-- "Maximum Discount (%)" rules saved with Amount ($) were evaluated as a cap in money: they
-- become what they did, "Maximum Discount ($)" rules with the same amount, and the rule type
-- can no longer be saved with Amount (docs/product.md#rules).
UPDATE "Rule" SET "ruleType" = 'max_discount_amount'
WHERE "ruleType" = 'max_discount' AND "thresholdUnit" = 'AMOUNT';
