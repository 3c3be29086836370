-- One discount's check (docs/product.md#checking-one-discount) reads the shop's discounts here: the
-- whole list read once (Shop.discountsReadAt), then kept by the discounts/* webhooks.
ALTER TABLE "Shop" ADD COLUMN "discountsReadAt" TIMESTAMP(3);

CREATE TABLE "DiscountSnapshot" (
    "shopId" TEXT NOT NULL,
    "discountId" TEXT NOT NULL,
    "discount" JSONB NOT NULL,
    "readAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DiscountSnapshot_pkey" PRIMARY KEY ("shopId","discountId")
);

ALTER TABLE "DiscountSnapshot" ADD CONSTRAINT "DiscountSnapshot_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

