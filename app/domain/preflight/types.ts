// The preflight's model: discounts, carts and worst stacks as the search reads them, and Shopify's limits.
/**
 * Promotion preflight (docs/product.md#promotion-preflight): the worst discount a customer could
 * reach on the shop's recent carts by stacking the active and scheduled discounts that Shopify would
 * let combine. Pure: the service reads the discounts and carts. How discounts combine is in
 * combining.ts; the search for the worst stack in search.ts.
 */

export type DiscountClass = "PRODUCT" | "ORDER" | "SHIPPING";

export type PreflightValue =
  | { kind: "percentage"; percent: number }
  /** `eachItem`: the amount comes off every entitled item; otherwise once, spread over the entitled items */
  | { kind: "fixed"; amountCents: number; eachItem: boolean }
  /** free shipping on rates up to `maxShippingCents` (null: any rate) */
  | { kind: "free_shipping"; maxShippingCents: number | null }
  /** buy X get Y, apps' discounts: listed, not valued */
  | { kind: "unmodelled"; reason: string };

export type AppliesTo =
  | { kind: "all" }
  | { kind: "products"; productIds: string[]; variantIds: string[] }
  | { kind: "collections"; collectionIds: string[] };

export interface PreflightDiscount {
  /** gid://shopify/DiscountCodeNode/… or gid://shopify/DiscountAutomaticNode/… */
  id: string;
  title: string;
  /** the first code; null for an automatic discount */
  code: string | null;
  method: "code" | "automatic";
  discountClass: DiscountClass;
  value: PreflightValue;
  appliesTo: AppliesTo;
  minimumCents: number | null;
  minimumQuantity: number | null;
  /** ISO 8601; null: open on that side */
  startsAt: string | null;
  endsAt: string | null;
  /** ACTIVE | SCHEDULED | EXPIRED */
  status: string;
  combinesWith: { product: boolean; order: boolean; shipping: boolean };
  /** the tags of product discounts it may share a cart line with (2026-04) */
  sameLineTags: string[];
  tags: string[];
  usageLimit: number | null;
  appliesOncePerCustomer: boolean;
  /** every buyer may use it (no customer or segment context) */
  allBuyers: boolean;
  /** how many codes the discount has (bulk unique codes: many) */
  codesCount: number;
  /**
   * the serving Rollout that makes it live now, whatever its own dates say (then `status` is
   * ACTIVE and `startsAt` null; docs/product.md#what-the-app-reads-of-discounts)
   */
  rollout?: string | null;
  /**
   * how many of the variants it names are on sale (a compare-at price above the price); absent when
   * it names none (all items, products or collections: their prices are not read)
   */
  saleVariants?: number;
}

export interface PreflightLine {
  productId: string | null;
  variantId: string | null;
  collectionIds: string[];
  quantity: number;
  unitPriceCents: number;
}

export interface PreflightCart {
  orderId: string;
  orderName: string;
  createdAt: string;
  currency: string;
  lines: PreflightLine[];
  /** what shipping cost, when the order says (0 when unknown or nothing ships) */
  shippingCents: number;
}

export interface StackPart {
  id: string;
  label: string;
  code: string | null;
  method: "code" | "automatic";
  discountClass: DiscountClass;
  amountCents: number;
}

export interface CartWorst {
  orderId: string;
  orderName: string;
  createdAt: string;
  currency: string;
  subtotalCents: number;
  discountCents: number;
  /** discount (products, order and shipping) as a percent of the items before discounts, as a rule measures it */
  percent: number;
  stack: StackPart[];
  /** the stack is reachable from this moment (its latest start), ISO 8601 */
  reachableFrom: string;
  /** the search was cut at its node limit: the stack is the worst found, not proven the worst */
  searchCut: boolean;
}

/** The days of carts a preflight reads unless asked otherwise (the backtest's window). */
export const PREFLIGHT_DAYS_DEFAULT = 60;

/** The most days of carts a preflight reads. */
export const PREFLIGHT_DAYS_MAX = 365;

/** Shopify takes at most this many product or order codes on one order (plus one shipping code; automatic discounts aside). */
export const MAX_CODES_PER_ORDER = 5;

export const classLabel: Record<DiscountClass, string> = { PRODUCT: "product", ORDER: "order", SHIPPING: "shipping" };
