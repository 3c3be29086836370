/**
 * An order as the Admin GraphQL API returns it (the backtest's `orders` query), turned into
 * the webhook payload's shape, so that it is read by the same parser and measured by the same
 * evaluator as a live order (docs/architecture.md#a-backtest). Pure.
 */

interface ShopMoney {
  shopMoney?: { amount?: string | number | null } | null;
}

interface AllocationNode {
  allocatedAmountSet?: ShopMoney | null;
  discountApplication?: { index?: number | null } | null;
}

export interface GraphqlOrderLine {
  id: string;
  quantity: number;
  /** after edits and removals (an edited order's read): the line as it stands now */
  currentQuantity?: number | null;
  title?: string | null;
  variant?: { id?: string | null } | null;
  product?: { id?: string | null } | null;
  originalUnitPriceSet?: ShopMoney | null;
  discountAllocations?: AllocationNode[] | null;
}

export interface GraphqlDiscountApplication {
  __typename?: string;
  index: number;
  targetType?: string | null;
  value?: { __typename?: string } | null;
  code?: string | null;
  title?: string | null;
}

export interface GraphqlOrderNode {
  id: string;
  legacyResourceId?: string | null;
  name: string;
  createdAt: string;
  /** read by reconciliation (docs/operations.md#reconciliation): a cancelled order counts no breach */
  cancelledAt?: string | null;
  currencyCode?: string | null;
  tags?: string[] | null;
  note?: string | null;
  discountCodes?: string[] | null;
  totalDiscountsSet?: ShopMoney | null;
  /** after edits (an edited order's read): wins over totalDiscountsSet */
  currentTotalDiscountsSet?: ShopMoney | null;
  /** where the order was placed ("web", "pos", "shopify_draft_order", …) and the app that made it */
  sourceName?: string | null;
  app?: { id?: string | null } | null;
  customer?: { id?: string | null; tags?: string[] | null } | null;
  discountApplications?: { nodes?: GraphqlDiscountApplication[]; pageInfo?: PageInfo } | null;
  lineItems?: { nodes?: GraphqlOrderLine[]; pageInfo?: PageInfo } | null;
  shippingLines?: {
    nodes?: { originalPriceSet?: ShopMoney | null; discountAllocations?: AllocationNode[] | null }[];
  } | null;
}

export interface PageInfo {
  hasNextPage: boolean;
  endCursor?: string | null;
}

/** How the REST payload names what GraphQL calls by its type. */
const APPLICATION_TYPES: Record<string, string> = {
  DiscountCodeApplication: "discount_code",
  AutomaticDiscountApplication: "automatic",
  ManualDiscountApplication: "manual",
  ScriptDiscountApplication: "script",
};

const amountOf = (set: ShopMoney | null | undefined) => String(set?.shopMoney?.amount ?? "0");

/**
 * The webhook-shaped payload of a GraphQL order. Allocations name their application by
 * Shopify's index; the payload names it by position, so the applications are laid out in
 * index order and each index mapped to its position.
 */
export function orderPayloadFromNode(node: GraphqlOrderNode): Record<string, unknown> {
  const applications = [...(node.discountApplications?.nodes ?? [])].sort((a, b) => a.index - b.index);
  const position = new Map(applications.map((application, at) => [application.index, at]));
  const allocations = (list: AllocationNode[] | null | undefined) =>
    (list ?? []).map((allocation) => ({
      amount: amountOf(allocation.allocatedAmountSet),
      amount_set: { shop_money: { amount: amountOf(allocation.allocatedAmountSet) } },
      // an allocation of an application the page did not hold is refused by the parser
      discount_application_index: position.get(allocation.discountApplication?.index ?? -1) ?? applications.length,
    }));
  return {
    id: node.legacyResourceId ?? node.id.split("/").pop(),
    admin_graphql_api_id: node.id,
    name: node.name,
    currency: node.currencyCode ?? "USD",
    created_at: node.createdAt,
    total_discounts: amountOf(node.currentTotalDiscountsSet ?? node.totalDiscountsSet),
    total_discounts_set: { shop_money: { amount: amountOf(node.currentTotalDiscountsSet ?? node.totalDiscountsSet) } },
    ...(node.sourceName !== undefined ? { source_name: node.sourceName } : {}),
    ...(node.app?.id ? { app_id: node.app.id } : {}),
    ...(node.cancelledAt ? { cancelled_at: node.cancelledAt } : {}),
    customer: node.customer?.id ? { id: node.customer.id, tags: (node.customer.tags ?? []).join(", ") } : null,
    tags: (node.tags ?? []).join(", "),
    note: node.note ?? null,
    discount_codes: (node.discountCodes ?? []).map((code) => ({ code })),
    discount_applications: applications.map((application) => ({
      type: APPLICATION_TYPES[application.__typename ?? ""] ?? "manual",
      target_type: application.targetType === "SHIPPING_LINE" ? "shipping_line" : "line_item",
      value_type: application.value?.__typename === "PricingPercentageValue" ? "percentage" : "fixed_amount",
      code: application.code ?? null,
      title: application.title ?? null,
    })),
    // a line an edit removed is no longer part of the order
    line_items: (node.lineItems?.nodes ?? [])
      .filter((line) => line.currentQuantity !== 0)
      .map((line) => ({
        id: line.id,
        variant_id: line.variant?.id ?? null,
        product_id: line.product?.id ?? null,
        quantity: line.currentQuantity ?? line.quantity,
        ...(line.title ? { title: line.title } : {}),
        price: amountOf(line.originalUnitPriceSet),
        price_set: { shop_money: { amount: amountOf(line.originalUnitPriceSet) } },
        discount_allocations: allocations(line.discountAllocations),
      })),
    // the shipping line's price before discounts (what a free-shipping discount can take), in shop money
    shipping_lines: (node.shippingLines?.nodes ?? []).map((line) => ({
      price: amountOf(line.originalPriceSet),
      price_set: { shop_money: { amount: amountOf(line.originalPriceSet) } },
      discount_allocations: allocations(line.discountAllocations),
    })),
  };
}
