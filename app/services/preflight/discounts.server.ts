/**
 * The shop's active and scheduled discounts, codes and automatic, as the promotion preflight
 * values them (docs/product.md#promotion-preflight). Beside the code rules' reader of code
 * values (app/services/code-rules/discount-values.server.ts, docs/product.md#code-rules), which keeps only what
 * the cap needs: this one reads combinations, dates, usage limits and what each discount applies
 * to, on demand, and stores nothing. 10 discounts a page and their first 20 products, variants and
 * collections keep a page under Shopify's 1,000-point query cost.
 */
import { toCents } from "../../domain/checkout/checkout-blocking";
import type { AppliesTo, DiscountClass, PreflightDiscount, PreflightValue } from "../../domain/preflight/types";
import {
  activatingRollout,
  isRolloutsAccessError,
  ROLLOUTS_NOT_READ,
  type RolloutShape,
} from "../../domain/discounts/rollouts";
import { messageOf } from "../../domain/result";
import type { AdminGraphql } from "../admin-api/admin-graphql.server";
import { ThrottledReader } from "../backtest/order-pages.server";
import { discountNumber } from "../../domain/discounts/discount-ids";

/** Discounts a page: with their first 20 products, variants and collections, under the 1,000-point cost. */
export const PREFLIGHT_PAGE = 10;

/** The search the list is read with: the live discounts, and those that will be. */
export const LIVE_DISCOUNTS = "status:active OR status:scheduled";

// `$rollouts` is false where Shopify has not granted read_rollouts (docs/product.md#what-the-app-reads-of-discounts)
export const PREFLIGHT_DISCOUNTS = `#graphql
  query MarginGuardrailPreflightDiscounts($first: Int!, $after: String, $rollouts: Boolean!, $query: String!) {
    discountNodes(first: $first, after: $after, query: $query) {
      nodes {
        id
        discount {
          __typename
          # every discount type has its rollouts (HasRollouts, Admin API 2026-10)
          ... on HasRollouts @include(if: $rollouts) {
            rollouts(first: 2, query: "status:ACTIVE") {
              nodes {
                name status effectiveTrafficAllocation
                treatments {
                  split
                  changes(first: 10, query: "type:RolloutDiscountActivateChange") {
                    nodes { __typename ... on RolloutDiscountChange { discount { id } } }
                  }
                }
              }
            }
          }
          ... on DiscountCodeBasic {
            title status startsAt endsAt tags discountClasses usageLimit appliesOncePerCustomer
            combinesWith { productDiscounts orderDiscounts shippingDiscounts productDiscountsWithTagsOnSameCartLine }
            context { __typename }
            codes(first: 1) { nodes { code } }
            codesCount { count }
            customerGets {
              value {
                __typename
                ... on DiscountPercentage { percentage }
                ... on DiscountAmount { amount { amount } appliesOnEachItem }
              }
              items {
                __typename
                ... on DiscountProducts { products(first: 20) { nodes { id } } productVariants(first: 20) { nodes { id price compareAtPrice } } }
                ... on DiscountCollections { collections(first: 20) { nodes { id } } }
              }
            }
            minimumRequirement {
              __typename
              ... on DiscountMinimumSubtotal { greaterThanOrEqualToSubtotal { amount } }
              ... on DiscountMinimumQuantity { greaterThanOrEqualToQuantity }
            }
          }
          ... on DiscountAutomaticBasic {
            title status startsAt endsAt tags discountClasses
            combinesWith { productDiscounts orderDiscounts shippingDiscounts productDiscountsWithTagsOnSameCartLine }
            context { __typename }
            customerGets {
              value {
                __typename
                ... on DiscountPercentage { percentage }
                ... on DiscountAmount { amount { amount } appliesOnEachItem }
              }
              items {
                __typename
                ... on DiscountProducts { products(first: 20) { nodes { id } } productVariants(first: 20) { nodes { id price compareAtPrice } } }
                ... on DiscountCollections { collections(first: 20) { nodes { id } } }
              }
            }
            minimumRequirement {
              __typename
              ... on DiscountMinimumSubtotal { greaterThanOrEqualToSubtotal { amount } }
              ... on DiscountMinimumQuantity { greaterThanOrEqualToQuantity }
            }
          }
          ... on DiscountCodeFreeShipping {
            title status startsAt endsAt tags usageLimit appliesOncePerCustomer
            combinesWith { productDiscounts orderDiscounts shippingDiscounts }
            context { __typename }
            codes(first: 1) { nodes { code } }
            codesCount { count }
            maximumShippingPrice { amount }
            minimumRequirement {
              __typename
              ... on DiscountMinimumSubtotal { greaterThanOrEqualToSubtotal { amount } }
              ... on DiscountMinimumQuantity { greaterThanOrEqualToQuantity }
            }
          }
          ... on DiscountAutomaticFreeShipping {
            title status startsAt endsAt tags
            combinesWith { productDiscounts orderDiscounts shippingDiscounts }
            context { __typename }
            maximumShippingPrice { amount }
            minimumRequirement {
              __typename
              ... on DiscountMinimumSubtotal { greaterThanOrEqualToSubtotal { amount } }
              ... on DiscountMinimumQuantity { greaterThanOrEqualToQuantity }
            }
          }
          ... on DiscountCodeBxgy {
            title status startsAt endsAt tags discountClasses usageLimit appliesOncePerCustomer
            combinesWith { productDiscounts orderDiscounts shippingDiscounts }
            context { __typename }
            codes(first: 1) { nodes { code } }
            codesCount { count }
          }
          ... on DiscountAutomaticBxgy {
            title status startsAt endsAt tags discountClasses
            combinesWith { productDiscounts orderDiscounts shippingDiscounts }
          }
          ... on DiscountCodeApp {
            title status startsAt endsAt tags discountClasses usageLimit appliesOncePerCustomer
            combinesWith { productDiscounts orderDiscounts shippingDiscounts }
            context { __typename }
            codes(first: 1) { nodes { code } }
            codesCount { count }
          }
          ... on DiscountAutomaticApp {
            title status startsAt endsAt tags discountClasses
            combinesWith { productDiscounts orderDiscounts shippingDiscounts }
          }
        }
      }
      pageInfo { hasNextPage endCursor }
    }
  }`;

/** A discount node as the query selects it (the fields every kind may carry). */
export interface PreflightNode {
  id: string;
  discount: {
    __typename: string;
    title?: string;
    status?: string;
    startsAt?: string | null;
    endsAt?: string | null;
    tags?: string[];
    discountClasses?: string[];
    usageLimit?: number | null;
    appliesOncePerCustomer?: boolean;
    combinesWith?: {
      productDiscounts: boolean;
      orderDiscounts: boolean;
      shippingDiscounts: boolean;
      productDiscountsWithTagsOnSameCartLine?: string[] | null;
    };
    context?: { __typename: string } | null;
    codes?: { nodes: { code: string }[] };
    codesCount?: { count: number } | null;
    customerGets?: {
      value: {
        __typename: string;
        percentage?: number;
        amount?: { amount: string | number };
        appliesOnEachItem?: boolean;
      };
      items: {
        __typename: string;
        products?: { nodes: { id: string }[] };
        productVariants?: { nodes: { id: string; price?: string | number; compareAtPrice?: string | number | null }[] };
        collections?: { nodes: { id: string }[] };
      };
    };
    minimumRequirement?: {
      __typename: string;
      greaterThanOrEqualToSubtotal?: { amount: string | number };
      greaterThanOrEqualToQuantity?: string | number;
    } | null;
    maximumShippingPrice?: { amount: string | number } | null;
    rollouts?: { nodes: RolloutShape[] };
  };
}

const classOf = (value: string | undefined): DiscountClass | null =>
  value === "PRODUCT" || value === "ORDER" || value === "SHIPPING" ? value : null;

/** One discount node as the preflight's model (pure; exported for the tests). */
export function preflightDiscountOf(node: PreflightNode): PreflightDiscount {
  const discount = node.discount;
  const kind = discount.__typename;
  const automatic = kind.startsWith("DiscountAutomatic");
  const items = discount.customerGets?.items;
  let appliesTo: AppliesTo = { kind: "all" };
  // the variants it names that are on sale: a compare-at price above the price (docs/product.md#discount-hygiene)
  let saleVariants: number | undefined;
  if (items?.__typename === "DiscountProducts") {
    const variants = items.productVariants?.nodes ?? [];
    if (variants.length > 0) {
      saleVariants = variants.filter(
        (variant) =>
          variant.compareAtPrice != null &&
          variant.price != null &&
          toCents(variant.compareAtPrice) > toCents(variant.price),
      ).length;
    }
    appliesTo = {
      kind: "products",
      productIds: (items.products?.nodes ?? []).map((item) => item.id),
      variantIds: (items.productVariants?.nodes ?? []).map((item) => item.id),
    };
  } else if (items?.__typename === "DiscountCollections") {
    appliesTo = { kind: "collections", collectionIds: (items.collections?.nodes ?? []).map((item) => item.id) };
  }
  let value: PreflightValue;
  let discountClass: DiscountClass;
  if (kind.endsWith("FreeShipping")) {
    const max = discount.maximumShippingPrice;
    value = { kind: "free_shipping", maxShippingCents: max ? toCents(max.amount) : null };
    discountClass = "SHIPPING";
  } else if (kind.endsWith("Basic")) {
    const gets = discount.customerGets?.value;
    discountClass = classOf(discount.discountClasses?.[0]) ?? (appliesTo.kind === "all" ? "ORDER" : "PRODUCT");
    if (gets?.__typename === "DiscountPercentage" && typeof gets.percentage === "number") {
      // Shopify gives 0.3 for 30 %
      value = { kind: "percentage", percent: Math.round(gets.percentage * 100_000) / 1000 };
    } else if (gets?.__typename === "DiscountAmount" && gets.amount) {
      value = { kind: "fixed", amountCents: toCents(gets.amount.amount), eachItem: Boolean(gets.appliesOnEachItem) };
    } else {
      value = { kind: "unmodelled", reason: "a discount on a quantity of items" };
    }
  } else {
    discountClass = classOf(discount.discountClasses?.[0]) ?? "PRODUCT";
    value = {
      kind: "unmodelled",
      reason: kind.endsWith("Bxgy") ? "buy X get Y" : "an app's discount (its value is the app's to decide)",
    };
  }
  const minimum = discount.minimumRequirement ?? null;
  const combines = discount.combinesWith;
  const contextKind = discount.context?.__typename ?? "DiscountBuyerSelectionAll";
  // a serving Rollout that activates it makes it live now, whatever its own dates say
  // (docs/product.md#what-the-app-reads-of-discounts)
  const rollout = activatingRollout(node.id, discount.rollouts?.nodes);
  const ownStatus = discount.status ?? "ACTIVE";
  return {
    id: node.id,
    title: discount.title ?? node.id,
    code: automatic ? null : (discount.codes?.nodes[0]?.code ?? null),
    method: automatic ? "automatic" : "code",
    discountClass,
    value,
    appliesTo,
    minimumCents:
      minimum?.__typename === "DiscountMinimumSubtotal" && minimum.greaterThanOrEqualToSubtotal
        ? toCents(minimum.greaterThanOrEqualToSubtotal.amount)
        : null,
    minimumQuantity:
      minimum?.__typename === "DiscountMinimumQuantity" ? Number(minimum.greaterThanOrEqualToQuantity) || null : null,
    startsAt: rollout ? null : (discount.startsAt ?? null),
    endsAt: rollout && ownStatus === "EXPIRED" ? null : (discount.endsAt ?? null),
    status: rollout ? "ACTIVE" : ownStatus,
    rollout,
    combinesWith: {
      product: Boolean(combines?.productDiscounts),
      order: Boolean(combines?.orderDiscounts),
      shipping: Boolean(combines?.shippingDiscounts),
    },
    sameLineTags: combines?.productDiscountsWithTagsOnSameCartLine ?? [],
    tags: discount.tags ?? [],
    usageLimit: discount.usageLimit ?? null,
    appliesOncePerCustomer: Boolean(discount.appliesOncePerCustomer),
    allBuyers: contextKind === "DiscountBuyerSelectionAll" || contextKind === "DiscountMarkets",
    codesCount: discount.codesCount?.count ?? (automatic ? 0 : 1),
    ...(saleVariants === undefined ? {} : { saleVariants }),
  };
}

/** The preflight's discounts, and the note the page shows when Rollouts could not be read. */
export interface PreflightDiscountsRead {
  discounts: PreflightDiscount[];
  /** set when read_rollouts is not granted: discounts are judged by their own dates */
  rolloutsNote: string | null;
}

/**
 * Every active and scheduled discount of the shop (up to 100 pages of 10), each with the serving
 * Rollouts that activate it when `rollouts` (read_rollouts granted, or not known). Shopify refusing
 * the rollouts for want of the scope reads again without them, with a note. Throws on other errors.
 */
export async function readPreflightDiscounts(
  graphql: AdminGraphql,
  { rollouts = true }: { rollouts?: boolean } = {},
): Promise<PreflightDiscountsRead> {
  const { value, rolloutsRead } = await withRolloutsIfGranted(rollouts, (withRollouts) =>
    readPages(graphql, withRollouts),
  );
  return { discounts: value, rolloutsNote: rolloutsRead ? null : ROLLOUTS_NOT_READ };
}

/**
 * Runs `read` with the rollouts when `rollouts`, and again without them when Shopify refuses them for
 * want of read_rollouts; says whether they were read. Throws on other errors.
 */
async function withRolloutsIfGranted<T>(
  rollouts: boolean,
  read: (withRollouts: boolean) => Promise<T>,
): Promise<{ value: T; rolloutsRead: boolean }> {
  try {
    return { value: await read(rollouts), rolloutsRead: rollouts };
  } catch (error) {
    if (!rollouts || !isRolloutsAccessError(messageOf(error))) throw error;
    return { value: await read(false), rolloutsRead: false };
  }
}

/**
 * One discount by its id, as the list reads it, or null when Shopify has no active or scheduled
 * discount with that id (the search by `id:` is Shopify's; the node is matched again here).
 */
export async function readPreflightDiscount(
  graphql: AdminGraphql,
  discountId: string,
  { rollouts = true }: { rollouts?: boolean } = {},
): Promise<PreflightDiscount | null> {
  const number = discountNumber(discountId);
  if (!number) return null;
  const { value: nodes } = await withRolloutsIfGranted(
    rollouts,
    async (withRollouts) =>
      (
        await new ThrottledReader(graphql).data(PREFLIGHT_DISCOUNTS, {
          first: 1,
          after: null,
          rollouts: withRollouts,
          query: `id:${number}`,
        })
      ).discountNodes.nodes as PreflightNode[],
  );
  const node = nodes.find((candidate) => discountNumber(candidate.id) === number);
  if (!node) return null;
  const discount = preflightDiscountOf(node);
  return discount.status === "ACTIVE" || discount.status === "SCHEDULED" ? discount : null;
}

async function readPages(graphql: AdminGraphql, rollouts: boolean): Promise<PreflightDiscount[]> {
  // Shopify's rate limit waited out between pages
  const reader = new ThrottledReader(graphql);
  const out: PreflightDiscount[] = [];
  let after: string | null = null;
  for (let page = 0; page < 100; page++) {
    const connection: { nodes: unknown[]; pageInfo: { hasNextPage: boolean; endCursor?: string | null } } = (
      await reader.data(PREFLIGHT_DISCOUNTS, { first: PREFLIGHT_PAGE, after, rollouts, query: LIVE_DISCOUNTS })
    ).discountNodes;
    for (const node of connection.nodes) out.push(preflightDiscountOf(node as PreflightNode));
    if (!connection.pageInfo.hasNextPage) break;
    after = connection.pageInfo.endCursor ?? null;
  }
  return out;
}

/** The discount's page in Shopify's admin (its numeric id; codes and automatic alike). */
export function adminDiscountUrl(shopDomain: string, discountId: string): string | null {
  const id = discountNumber(discountId);
  if (!id) return null;
  const store = shopDomain.replace(/\.myshopify\.com$/, "");
  return `https://admin.shopify.com/store/${store}/discounts/${id}`;
}
