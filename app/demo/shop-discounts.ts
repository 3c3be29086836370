/**
 * The demo store's discounts: one list, as Shopify holds the shop's discounts (the fields of a
 * discountNodes node), from which the demo's stand-in of Shopify answers every read of them
 * (app/demo/admin-stand-in.ts: the promotion preflight's discountNodes and its `id:` search, the
 * code rules' and the leak detector's codeDiscountNodes, codeDiscountNode and
 * codeDiscountNodeByCode, discountCodeActivate and discountCodeDeactivate), and the seed stores
 * them as the app would have read them (app/demo/seed.server.ts, app/demo/seed-cap.server.ts,
 * app/demo/seed-leaks.server.ts). So the Preflight, the code rules' cap and the Discount codes
 * page speak of the same shop's discounts (docs/product.md#demo-store):
 *
 * - the codes and automatic discounts of the demo's orders (app/demo/demo-store.ts), with
 *   combinations that let four of them stack (the preflight's worst stack,
 *   docs/product.md#promotion-preflight), and two configuration risks a merchant would want to see:
 *   a fixed amount far above the typical cart (GIFT500) and a public code without a usage limit;
 *   their hygiene findings (docs/product.md#discount-hygiene): SUMMER20 open and combining with
 *   every class, FREESHIP without an end date for 60 days, BEANIE10 tidy but for the beanie it
 *   names being on sale already;
 * - the code rules' codes (docs/product.md#code-rules): SUMMER30 and WELCOME5, two percentages that
 *   together pass the demo's 30 % cap, TENOFF ($10 off $25 or more), SHIPFREE and the backup code
 *   BACKUP10;
 * - the leaked codes (docs/product.md#leaked-codes): VIP500, meant for the 500 customers tagged
 *   "vip" (the merchant set its audience size in the app; Shopify lets anyone with the code use it,
 *   which is how it leaks), and CREATOR15, a creator's code with no audience size set, which
 *   Shopify stops after 40 uses (its usage limit, the audience the detector falls back to).
 *
 * The code rules' and leaked codes combine with no other discount, as Shopify creates a code
 * unless told otherwise, so they add to the preflight's list and hygiene audit without changing
 * its worst stack. None is in a Rollout (docs/product.md#what-the-app-reads-of-discounts).
 */
import { discountNumber } from "../domain/discounts/discount-ids";
import { percentToFraction } from "../domain/money";
import { SUMMER_SALE } from "./demo-store";

/** A discount as discountNodes answers it (`discount`: its fields, whatever its type). */
export interface ShopDiscount {
  id: string;
  discount: Record<string, unknown> & {
    __typename: string;
    title?: string;
    status: string;
    /** a code discount's codes (an automatic discount has none) */
    codes?: StandInCodeDiscount["codeDiscount"]["codes"];
  };
}

/** A code discount as codeDiscountNode answers it. */
export interface StandInCodeDiscount {
  id: string;
  codeDiscount: Record<string, unknown> & {
    __typename: string;
    status: string;
    codes: { nodes: { code: string }[]; pageInfo?: { hasNextPage: boolean; endCursor: string | null } };
  };
}

/** The demo's discount ids: the orders' codes 9401…, their automatic discounts 9411…, the code rules' 9301…, the leaked 9501… */
export const DEMO_DISCOUNT_IDS = {
  summer20: "gid://shopify/DiscountCodeNode/9401",
  welcome10: "gid://shopify/DiscountCodeNode/9402",
  freeship: "gid://shopify/DiscountCodeNode/9403",
  bundle15: "gid://shopify/DiscountCodeNode/9404",
  gift500: "gid://shopify/DiscountCodeNode/9405",
  beanie10: "gid://shopify/DiscountCodeNode/9406",
  spend150: "gid://shopify/DiscountAutomaticNode/9411",
  summerSale: "gid://shopify/DiscountAutomaticNode/9412",
  summer30: "gid://shopify/DiscountCodeNode/9301",
  welcome5: "gid://shopify/DiscountCodeNode/9302",
  tenoff: "gid://shopify/DiscountCodeNode/9303",
  backup10: "gid://shopify/DiscountCodeNode/9304",
  shipfree: "gid://shopify/DiscountCodeNode/9305",
  vip500: "gid://shopify/DiscountCodeNode/9501",
  creator15: "gid://shopify/DiscountCodeNode/9502",
} as const;

/** The code rules' codes (docs/product.md#code-rules), for tests of the cap alone. */
export const DEMO_CODE_RULES_DISCOUNT_IDS: string[] = [
  DEMO_DISCOUNT_IDS.summer30,
  DEMO_DISCOUNT_IDS.welcome5,
  DEMO_DISCOUNT_IDS.tenoff,
  DEMO_DISCOUNT_IDS.backup10,
  DEMO_DISCOUNT_IDS.shipfree,
];

/** The backup code the demo's code rules suggest. */
export const DEMO_BACKUP_CODE = "BACKUP10";
export const DEMO_LEAKED_CODE = "VIP500";
export const DEMO_LEAKED_DISCOUNT_ID = DEMO_DISCOUNT_IDS.vip500;
export const DEMO_LIMITED_CODE = "CREATOR15";
export const DEMO_LIMITED_DISCOUNT_ID = DEMO_DISCOUNT_IDS.creator15;
/** CREATOR15's usage limit in Shopify */
export const DEMO_LIMITED_USAGE_LIMIT = 40;

const DAY_MS = 86_400_000;
const everything = { __typename: "AllDiscountItems", allItems: true };
const combines = (productDiscounts: boolean, orderDiscounts: boolean, shippingDiscounts: boolean) => ({
  productDiscounts,
  orderDiscounts,
  shippingDiscounts,
  productDiscountsWithTagsOnSameCartLine: [],
});
/** Shopify's default for a new discount: it combines with nothing */
const alone = combines(false, false, false);
const percentage = (percent: number) => ({ __typename: "DiscountPercentage", percentage: percentToFraction(percent) });
const amount = (dollars: string) => ({
  __typename: "DiscountAmount",
  amount: { amount: dollars, currencyCode: "USD" },
  appliesOnEachItem: false,
});
const subtotalAtLeast = (dollars: string) => ({
  __typename: "DiscountMinimumSubtotal",
  greaterThanOrEqualToSubtotal: { amount: dollars, currencyCode: "USD" },
});
const all = { __typename: "DiscountBuyerSelectionAll" };

/** The demo shop's discounts, dated from `now`, in the order Shopify lists them (by id). */
export function demoShopDiscounts(now = new Date()): ShopDiscount[] {
  return discountList(now)
    .map((node) => ({ ...node, discount: { ...node.discount, rollouts: { nodes: [] } } }))
    .sort((a, b) => Number(discountNumber(a.id)) - Number(discountNumber(b.id)));
}

/** A code discount as codeDiscountNode answers it: the same fields, under `codeDiscount`. */
export function codeDiscountNodeOf(node: ShopDiscount): StandInCodeDiscount | null {
  const { codes } = node.discount;
  return codes ? { id: node.id, codeDiscount: { ...node.discount, codes } } : null;
}

/** The code discounts among `nodes`, as codeDiscountNodes lists them (every status). */
export const codeDiscountNodes = (nodes: Iterable<ShopDiscount>): StandInCodeDiscount[] =>
  [...nodes].flatMap((node) => codeDiscountNodeOf(node) ?? []);

/** The statuses the preflight's query asks for (`status:active OR status:scheduled`). */
const LIVE = new Set(["ACTIVE", "SCHEDULED"]);

/** Whether the preflight's query lists the discount: active or scheduled. */
export const isLiveDiscount = (node: ShopDiscount) => LIVE.has(node.discount.status);

function discountList(now: Date): ShopDiscount[] {
  const at = (days: number) => new Date(now.getTime() + days * DAY_MS).toISOString();
  const code = (
    id: string,
    title: string,
    fields: Record<string, unknown>,
    extra: { usageLimit?: number | null; appliesOncePerCustomer?: boolean } = {},
  ): ShopDiscount => ({
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
  const ids = DEMO_DISCOUNT_IDS;
  return [
    code(ids.summer20, "SUMMER20", {
      combinesWith: combines(true, true, true),
      customerGets: { value: percentage(20), items: everything },
    }),
    code(
      ids.welcome10,
      "WELCOME10",
      {
        endsAt: null,
        combinesWith: combines(false, false, true),
        customerGets: { value: percentage(10), items: everything },
      },
      { usageLimit: 1000, appliesOncePerCustomer: true },
    ),
    {
      id: ids.freeship,
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
        minimumRequirement: subtotalAtLeast("75.0"),
      },
    },
    code(
      ids.bundle15,
      "BUNDLE15",
      {
        combinesWith: alone,
        customerGets: { value: amount("15.0"), items: everything },
        minimumRequirement: { __typename: "DiscountMinimumQuantity", greaterThanOrEqualToQuantity: "3" },
      },
      { usageLimit: 500 },
    ),
    code(
      ids.gift500,
      "GIFT500",
      {
        status: "SCHEDULED",
        startsAt: at(3),
        endsAt: at(10),
        combinesWith: alone,
        customerGets: { value: amount("500.0"), items: everything },
        minimumRequirement: subtotalAtLeast("600.0"),
      },
      { usageLimit: 50 },
    ),
    // a tidy code (an end date, limited, once per customer, combining with nothing) on an item on sale
    code(
      ids.beanie10,
      "BEANIE10",
      {
        startsAt: at(-10),
        endsAt: at(20),
        discountClasses: ["PRODUCT"],
        combinesWith: alone,
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
      id: ids.spend150,
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
        minimumRequirement: subtotalAtLeast("150.0"),
      },
    },
    {
      id: ids.summerSale,
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
    // the code rules' codes: a summer code, a welcome code once per customer, $10 off $25 or more,
    // free shipping for a month, and the backup code the rules suggest, kept open as a fallback
    code(
      ids.summer30,
      "SUMMER30",
      {
        startsAt: at(-14),
        endsAt: at(16),
        combinesWith: alone,
        customerGets: { value: percentage(30), items: everything },
      },
      { usageLimit: 300 },
    ),
    code(
      ids.welcome5,
      "WELCOME5",
      {
        startsAt: at(-90),
        endsAt: null,
        combinesWith: alone,
        customerGets: { value: percentage(5), items: everything },
      },
      { appliesOncePerCustomer: true },
    ),
    code(
      ids.tenoff,
      "TENOFF",
      {
        startsAt: at(-20),
        endsAt: at(40),
        combinesWith: alone,
        customerGets: { value: amount("10.0"), items: everything },
        // $10 off a $20 gift box alone would be half off, past the worst stack the shop's combinations allow
        minimumRequirement: subtotalAtLeast("25.0"),
      },
      { usageLimit: 1000 },
    ),
    code(
      ids.backup10,
      "BACKUP10",
      {
        startsAt: at(-90),
        endsAt: null,
        combinesWith: alone,
        customerGets: { value: percentage(10), items: everything },
      },
      { appliesOncePerCustomer: true },
    ),
    {
      id: ids.shipfree,
      discount: {
        __typename: "DiscountCodeFreeShipping",
        title: "SHIPFREE",
        status: "ACTIVE",
        startsAt: at(-5),
        endsAt: at(25),
        tags: [],
        usageLimit: null,
        appliesOncePerCustomer: false,
        combinesWith: alone,
        context: all,
        codes: { nodes: [{ code: "SHIPFREE" }] },
        codesCount: { count: 1 },
        maximumShippingPrice: null,
        minimumRequirement: null,
      },
    },
    // the leaked codes: VIP500 open to anyone with it, with no limit or end date; CREATOR15 from
    // yesterday, for a month, stopped by Shopify after 40 uses
    code(ids.vip500, DEMO_LEAKED_CODE, {
      startsAt: at(-8),
      endsAt: null,
      combinesWith: alone,
      customerGets: { value: percentage(25), items: everything },
    }),
    code(
      ids.creator15,
      DEMO_LIMITED_CODE,
      {
        startsAt: at(-1),
        endsAt: at(29),
        combinesWith: alone,
        customerGets: { value: percentage(15), items: everything },
      },
      { usageLimit: DEMO_LIMITED_USAGE_LIMIT },
    ),
  ];
}
