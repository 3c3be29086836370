// A promotion not created yet, described as Shopify would hold it, as the preflight's model.
import { dollarsToCents } from "../money";
import type { AppliesTo, DiscountClass, PreflightDiscount, PreflightValue } from "./types";

/** The id the planned promotion goes by in the answer (it has no Shopify id yet). */
export const PLANNED_ID = "planned";

/**
 * A planned promotion, in the Admin API's names (DiscountCodeBasic, DiscountAutomaticBasic and the
 * free-shipping kinds, 2026-10); validated by app/forms/preflight.ts (docs/api.md#the-promotion-preflight).
 */
export interface PlannedPromotion {
  title: string;
  /** a code discount's code; absent or null: an automatic discount */
  code?: string | null;
  discountClasses: DiscountClass[];
  customerGets: {
    /** percentage: Shopify's fraction (0.25 for 25 %); amounts in the shop's currency */
    value:
      | { percentage: number }
      | { amount: number; appliesOnEachItem?: boolean }
      | { freeShipping: true; maximumShippingPrice?: number | null };
    items?: { all: true } | { products?: string[]; productVariants?: string[] } | { collections: string[] };
  };
  combinesWith?: { productDiscounts?: boolean; orderDiscounts?: boolean; shippingDiscounts?: boolean };
  startsAt?: string;
  endsAt?: string | null;
  minimumRequirement?:
    | { subtotal: { greaterThanOrEqualToSubtotal: number } }
    | { quantity: { greaterThanOrEqualToQuantity: number } }
    | null;
  usageLimit?: number | null;
  appliesOncePerCustomer?: boolean;
}

/** The planned promotion as the preflight models a discount read from Shopify (it starts now unless it says). */
export function plannedDiscount(planned: PlannedPromotion, now: Date): PreflightDiscount {
  const got = planned.customerGets.value;
  const value: PreflightValue =
    "percentage" in got
      ? { kind: "percentage", percent: Math.round(got.percentage * 100_000) / 1000 }
      : "amount" in got
        ? { kind: "fixed", amountCents: dollarsToCents(got.amount), eachItem: Boolean(got.appliesOnEachItem) }
        : {
            kind: "free_shipping",
            maxShippingCents: got.maximumShippingPrice == null ? null : dollarsToCents(got.maximumShippingPrice),
          };
  const items = planned.customerGets.items ?? { all: true };
  const appliesTo: AppliesTo =
    "collections" in items
      ? { kind: "collections", collectionIds: items.collections }
      : "all" in items
        ? { kind: "all" }
        : { kind: "products", productIds: items.products ?? [], variantIds: items.productVariants ?? [] };
  const code = planned.code ?? null;
  const startsAt = planned.startsAt ?? now.toISOString();
  const minimum = planned.minimumRequirement ?? null;
  const combines = planned.combinesWith ?? {};
  return {
    id: PLANNED_ID,
    title: planned.title,
    code,
    method: code === null ? "automatic" : "code",
    discountClass: planned.discountClasses[0] ?? "ORDER",
    value,
    appliesTo,
    minimumCents:
      minimum && "subtotal" in minimum ? dollarsToCents(minimum.subtotal.greaterThanOrEqualToSubtotal) : null,
    minimumQuantity: minimum && "quantity" in minimum ? minimum.quantity.greaterThanOrEqualToQuantity : null,
    startsAt,
    endsAt: planned.endsAt ?? null,
    status: Date.parse(startsAt) > now.getTime() ? "SCHEDULED" : "ACTIVE",
    combinesWith: {
      product: Boolean(combines.productDiscounts),
      order: Boolean(combines.orderDiscounts),
      shipping: Boolean(combines.shippingDiscounts),
    },
    sameLineTags: [],
    tags: [],
    usageLimit: planned.usageLimit ?? null,
    appliesOncePerCustomer: Boolean(planned.appliesOncePerCustomer),
    allBuyers: true,
    codesCount: code === null ? 0 : 1,
  };
}
