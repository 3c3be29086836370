/**
 * The demo store's code discounts, in the Admin API's shape (codeDiscountNode), for the code rules'
 * combined cap (docs/product.md#code-rules): the stand-in of Shopify answers them
 * (app/demo/admin-stand-in.ts) and the demo seed stores their values (app/demo/seed-cap.server.ts).
 */
export interface StandInCodeDiscount {
  id: string;
  codeDiscount: Record<string, unknown> & {
    __typename: string;
    status: string;
    codes: { nodes: { code: string }[]; pageInfo?: { hasNextPage: boolean; endCursor: string | null } };
  };
}

const everything = { __typename: "AllDiscountItems" as const, allItems: true };
const basic = (id: number, code: string, value: Record<string, unknown>): StandInCodeDiscount => ({
  id: `gid://shopify/DiscountCodeNode/${id}`,
  codeDiscount: {
    __typename: "DiscountCodeBasic",
    status: "ACTIVE",
    codes: { nodes: [{ code }] },
    customerGets: { value, items: everything },
    minimumRequirement: null,
  },
});

/** The demo's codes: two percentages that together pass a 30 % cap, a fixed amount, free shipping, the backup. */
export function demoCodeDiscounts(): StandInCodeDiscount[] {
  return [
    basic(9301, "SUMMER30", { __typename: "DiscountPercentage", percentage: 0.3 }),
    basic(9302, "WELCOME5", { __typename: "DiscountPercentage", percentage: 0.05 }),
    basic(9303, "TENOFF", {
      __typename: "DiscountAmount",
      amount: { amount: "10.0", currencyCode: "USD" },
      appliesOnEachItem: false,
    }),
    basic(9304, "BACKUP10", { __typename: "DiscountPercentage", percentage: 0.1 }),
    {
      id: "gid://shopify/DiscountCodeNode/9305",
      codeDiscount: {
        __typename: "DiscountCodeFreeShipping",
        status: "ACTIVE",
        codes: { nodes: [{ code: "SHIPFREE" }] },
      },
    },
  ];
}

/** The backup code the demo's code rules suggest. */
export const DEMO_BACKUP_CODE = "BACKUP10";
