/**
 * The demo store's active and scheduled discounts in the Admin API's shape (discountNodes), for the
 * promotion preflight (docs/product.md#promotion-preflight): the stand-in of Shopify answers
 * them (app/demo/admin-stand-in.ts). The codes and automatic discounts are those of the demo's
 * orders (app/demo/demo-store.ts), with combinations that let four of them stack, and two
 * configuration risks a merchant would want to see: a fixed amount far above the typical cart and
 * a public code without a usage limit. Their hygiene findings (docs/product.md#discount-hygiene):
 * SUMMER20 open and combining with every class, FREESHIP without an end date for 60 days, and
 * BEANIE10, tidy but for the beanie it names being on sale already.
 */
import { percentToFraction } from "../domain/money";
import { SUMMER_SALE } from "./demo-store";

const DAY_MS = 86_400_000;
const everything = { __typename: "AllDiscountItems" };
const combines = (productDiscounts: boolean, orderDiscounts: boolean, shippingDiscounts: boolean) => ({
  productDiscounts,
  orderDiscounts,
  shippingDiscounts,
  productDiscountsWithTagsOnSameCartLine: [],
});
const percentage = (percent: number) => ({ __typename: "DiscountPercentage", percentage: percentToFraction(percent) });
const amount = (dollars: string) => ({
  __typename: "DiscountAmount",
  amount: { amount: dollars },
  appliesOnEachItem: false,
});
const all = { __typename: "DiscountBuyerSelectionAll" };

/** Demo discount ids: codes 9401…, automatic 9411… */
export const DEMO_PREFLIGHT_IDS = {
  summer20: "gid://shopify/DiscountCodeNode/9401",
  welcome10: "gid://shopify/DiscountCodeNode/9402",
  freeship: "gid://shopify/DiscountCodeNode/9403",
  bundle15: "gid://shopify/DiscountCodeNode/9404",
  gift500: "gid://shopify/DiscountCodeNode/9405",
  beanie10: "gid://shopify/DiscountCodeNode/9406",
  spend150: "gid://shopify/DiscountAutomaticNode/9411",
  summerSale: "gid://shopify/DiscountAutomaticNode/9412",
};

/** The demo's discounts; none is in a Rollout (docs/product.md#what-the-app-reads-of-discounts). */
export function demoPreflightDiscounts(now = new Date()) {
  return discountList(now).map((node) => ({ ...node, discount: { ...node.discount, rollouts: { nodes: [] } } }));
}

function discountList(now: Date) {
  const at = (days: number) => new Date(now.getTime() + days * DAY_MS).toISOString();
  const code = (
    id: string,
    title: string,
    fields: Record<string, unknown>,
    extra: { usageLimit?: number | null; appliesOncePerCustomer?: boolean } = {},
  ) => ({
    id,
    discount: {
      __typename: "DiscountCodeBasic",
      title,
      status: "ACTIVE",
      startsAt: at(-30),
      endsAt: at(35),
      tags: [],
      discountClasses: ["ORDER"],
      usageLimit: extra.usageLimit ?? null,
      appliesOncePerCustomer: extra.appliesOncePerCustomer ?? false,
      context: all,
      codes: { nodes: [{ code: title }] },
      codesCount: { count: 1 },
      minimumRequirement: null,
      ...fields,
    },
  });
  return [
    code("gid://shopify/DiscountCodeNode/9401", "SUMMER20", {
      combinesWith: combines(true, true, true),
      customerGets: { value: percentage(20), items: everything },
    }),
    code(
      "gid://shopify/DiscountCodeNode/9402",
      "WELCOME10",
      {
        endsAt: null,
        combinesWith: combines(false, false, true),
        customerGets: { value: percentage(10), items: everything },
      },
      { usageLimit: 1000, appliesOncePerCustomer: true },
    ),
    {
      id: "gid://shopify/DiscountCodeNode/9403",
      discount: {
        __typename: "DiscountCodeFreeShipping",
        title: "FREESHIP",
        status: "ACTIVE",
        startsAt: at(-60),
        endsAt: null,
        tags: [],
        usageLimit: null,
        appliesOncePerCustomer: false,
        combinesWith: combines(true, true, false),
        context: all,
        codes: { nodes: [{ code: "FREESHIP" }] },
        codesCount: { count: 1 },
        maximumShippingPrice: null,
        minimumRequirement: { __typename: "DiscountMinimumSubtotal", greaterThanOrEqualToSubtotal: { amount: "75.0" } },
      },
    },
    code(
      "gid://shopify/DiscountCodeNode/9404",
      "BUNDLE15",
      {
        combinesWith: combines(false, false, false),
        customerGets: { value: amount("15.0"), items: everything },
        minimumRequirement: { __typename: "DiscountMinimumQuantity", greaterThanOrEqualToQuantity: "3" },
      },
      { usageLimit: 500 },
    ),
    code(
      "gid://shopify/DiscountCodeNode/9405",
      "GIFT500",
      {
        status: "SCHEDULED",
        startsAt: at(3),
        endsAt: at(10),
        combinesWith: combines(false, false, false),
        customerGets: { value: amount("500.0"), items: everything },
        minimumRequirement: {
          __typename: "DiscountMinimumSubtotal",
          greaterThanOrEqualToSubtotal: { amount: "600.0" },
        },
      },
      { usageLimit: 50 },
    ),
    // a tidy code (an end date, limited, once per customer, combining with nothing) on an item on sale
    code(
      "gid://shopify/DiscountCodeNode/9406",
      "BEANIE10",
      {
        startsAt: at(-10),
        endsAt: at(20),
        discountClasses: ["PRODUCT"],
        combinesWith: combines(false, false, false),
        customerGets: {
          value: percentage(10),
          items: {
            __typename: "DiscountProducts",
            products: { nodes: [] },
            productVariants: {
              nodes: [{ id: "gid://shopify/ProductVariant/9004", price: "32.00", compareAtPrice: "40.00" }],
            },
          },
        },
      },
      { usageLimit: 200, appliesOncePerCustomer: true },
    ),
    {
      id: "gid://shopify/DiscountAutomaticNode/9411",
      discount: {
        __typename: "DiscountAutomaticBasic",
        title: "Spend $150, save $20",
        status: "ACTIVE",
        startsAt: at(-45),
        endsAt: at(20),
        tags: [],
        discountClasses: ["ORDER"],
        combinesWith: combines(true, true, true),
        context: all,
        customerGets: { value: amount("20.0"), items: everything },
        minimumRequirement: {
          __typename: "DiscountMinimumSubtotal",
          greaterThanOrEqualToSubtotal: { amount: "150.0" },
        },
      },
    },
    {
      id: "gid://shopify/DiscountAutomaticNode/9412",
      discount: {
        __typename: "DiscountAutomaticBasic",
        title: "Summer Sale 15% off",
        status: "ACTIVE",
        startsAt: at(-45),
        endsAt: at(20),
        tags: [],
        discountClasses: ["PRODUCT"],
        combinesWith: combines(false, true, true),
        context: all,
        customerGets: {
          value: percentage(15),
          items: { __typename: "DiscountCollections", collections: { nodes: [{ id: SUMMER_SALE }] } },
        },
        minimumRequirement: null,
      },
    },
  ];
}
