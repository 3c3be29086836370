-- Collection rules of type "Maximum Discount (%)" were saved and evaluated as a cap in money
-- (12 meant $12.00): they become what they did, "Maximum Discount ($)" rules with the same
-- amount, as rules saved that way were (20261125030000_percent_rule_units). From now on the
-- type is a percentage of the collection's lines (docs/product.md#rules).
UPDATE "CollectionRule" SET "ruleType" = 'max_discount_amount' WHERE "ruleType" = 'max_discount';
