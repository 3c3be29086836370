-- Schedules and a testing status on every rule (docs/decisions/0060-rule-schedules-and-testing.md):
-- "isActive" stays the on/off switch; "testing" records breaches as rule_tested events only;
-- a rule is in force only inside ["startsAt", "endsAt") (UTC, either may be null).
ALTER TABLE "Rule" ADD COLUMN "testing" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Rule" ADD COLUMN "startsAt" DATETIME;
ALTER TABLE "Rule" ADD COLUMN "endsAt" DATETIME;

ALTER TABLE "CollectionRule" ADD COLUMN "testing" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "CollectionRule" ADD COLUMN "startsAt" DATETIME;
ALTER TABLE "CollectionRule" ADD COLUMN "endsAt" DATETIME;
