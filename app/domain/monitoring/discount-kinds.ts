/**
 * Discount kinds in a merchant's words (docs/product.md#rules). The app keys
 * discounts by Shopify's GraphQL type names (DiscountCodeBasic, ...), which are not copy: every
 * screen and message that names a kind says it the way Shopify's admin does, by what the
 * discount takes off (amount off, buy X get Y, free shipping) and how it applies (a code, or
 * automatically).
 */

export const DISCOUNT_KIND_LABELS: Readonly<Record<string, string>> = {
  DiscountCodeBasic: "Amount off code",
  DiscountCodeBxgy: "Buy X get Y code",
  DiscountCodeFreeShipping: "Free shipping code",
  DiscountCodeApp: "App discount code",
  DiscountAutomaticBasic: "Automatic amount off",
  DiscountAutomaticBxgy: "Automatic buy X get Y",
  DiscountAutomaticFreeShipping: "Automatic free shipping",
  DiscountAutomaticApp: "Automatic app discount",
  // staff's discount on a draft order, and a Shopify Scripts discount (app/domain/monitoring/order-payload.ts)
  DiscountManual: "Manual discount",
  DiscountScript: "Script discount",
};

/** What a kind of discount takes off, for the list of kinds the rules check. */
export const DISCOUNT_KIND_DESCRIPTIONS: Readonly<Record<string, string>> = {
  DiscountCodeBasic: "An amount or a percentage off products or the order, with a code",
  DiscountCodeBxgy: "Buy X get Y, with a code",
  DiscountCodeFreeShipping: "Free shipping, with a code",
  DiscountAutomaticBasic: "An amount or a percentage off, applied without a code",
};

/** The merchant's name for a kind; a kind this list does not know is "Other discount". */
export function discountKindLabel(kind: string): string {
  return Object.hasOwn(DISCOUNT_KIND_LABELS, kind) ? DISCOUNT_KIND_LABELS[kind] : "Other discount";
}

/** A combination of kinds, "Amount off code + Automatic amount off". */
export function discountCombinationLabel(kinds: readonly string[]): string {
  return kinds.map(discountKindLabel).join(" + ");
}
