/**
 * The demo store's leaked codes (docs/product.md#leaked-codes), in the Admin API's
 * shape, so the stand-in of Shopify can deactivate and reactivate them (app/demo/admin-stand-in.ts)
 * and the seed stores their discounts (app/demo/seed-leaks.server.ts):
 * - VIP500, meant for the 500 customers tagged "vip" (the merchant set its audience size);
 * - CREATOR15, a creator's code with no audience size set, which Shopify stops after 40 uses
 *   (its usage limit, the audience the detector falls back to: docs/product.md#leaked-codes).
 */
import { percentToFraction } from "../domain/money";
import type { StandInCodeDiscount } from "./cap-discounts";

export const DEMO_LEAKED_CODE = "VIP500";
export const DEMO_LEAKED_DISCOUNT_ID = "gid://shopify/DiscountCodeNode/9501";
export const DEMO_LIMITED_CODE = "CREATOR15";
export const DEMO_LIMITED_DISCOUNT_ID = "gid://shopify/DiscountCodeNode/9502";
/** CREATOR15's usage limit in Shopify */
export const DEMO_LIMITED_USAGE_LIMIT = 40;

const percentOff = (id: string, code: string, percent: number, usageLimit: number | null): StandInCodeDiscount => ({
  id,
  codeDiscount: {
    __typename: "DiscountCodeBasic",
    status: "ACTIVE",
    usageLimit,
    codes: { nodes: [{ code }] },
    customerGets: {
      value: { __typename: "DiscountPercentage", percentage: percentToFraction(percent) },
      items: { __typename: "AllDiscountItems", allItems: true },
    },
    minimumRequirement: null,
  },
});

export function demoLeakDiscounts(): StandInCodeDiscount[] {
  return [
    percentOff(DEMO_LEAKED_DISCOUNT_ID, DEMO_LEAKED_CODE, 25, null),
    percentOff(DEMO_LIMITED_DISCOUNT_ID, DEMO_LIMITED_CODE, 15, DEMO_LIMITED_USAGE_LIMIT),
  ];
}
