/**
 * The demo store's leaked code (docs/decisions/0064-leaked-code-detector.md): VIP500, meant for
 * the 500 customers tagged "vip", in the Admin API's shape, so the stand-in of Shopify can
 * deactivate and reactivate it (app/demo/admin-stand-in.ts) and the seed stores its discount.
 */
import type { StandInCodeDiscount } from "./cap-discounts";

export const DEMO_LEAKED_CODE = "VIP500";
export const DEMO_LEAKED_DISCOUNT_ID = "gid://shopify/DiscountCodeNode/9501";

export function demoLeakDiscounts(): StandInCodeDiscount[] {
  return [
    {
      id: DEMO_LEAKED_DISCOUNT_ID,
      codeDiscount: {
        __typename: "DiscountCodeBasic",
        status: "ACTIVE",
        codes: { nodes: [{ code: DEMO_LEAKED_CODE }] },
        customerGets: {
          value: { __typename: "DiscountPercentage", percentage: 0.25 },
          items: { __typename: "AllDiscountItems", allItems: true },
        },
        minimumRequirement: null,
      },
    },
  ];
}
