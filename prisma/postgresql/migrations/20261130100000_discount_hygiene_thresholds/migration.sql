-- The discount hygiene audit's thresholds (docs/product.md#discount-hygiene), per shop: an active
-- discount started more than this many days ago (six weeks), and a percentage at or above this (100).
ALTER TABLE "Shop" ADD COLUMN "hygieneActiveDays" INTEGER NOT NULL DEFAULT 42;
ALTER TABLE "Shop" ADD COLUMN "hygieneFullPercent" INTEGER NOT NULL DEFAULT 100;
