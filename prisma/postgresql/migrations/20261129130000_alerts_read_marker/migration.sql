-- The admin header's bell (docs/product.md#admin-header): the shop's read marker, the time up to
-- which its delivered alerts are read. Null (every shop until someone opens the bell): none read.
ALTER TABLE "Shop" ADD COLUMN "alertsReadAt" TIMESTAMP(3);
