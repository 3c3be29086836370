/**
 * The Admin GraphQL API's view of an order built by orderPayload: what the backtest's
 * `orders` query returns for it. The tests' fake Admin API and the backtest benchmark serve
 * these, so a backtest reads the same orders the webhook tests send.
 */
import type { GraphqlOrderNode } from "../domain/graphql-order";
import type { orderPayload } from "./order-payload-builder";

type Payload = ReturnType<typeof orderPayload>;

const TYPENAMES: Record<string, string> = {
  discount_code: "DiscountCodeApplication",
  automatic: "AutomaticDiscountApplication",
  manual: "ManualDiscountApplication",
  script: "ScriptDiscountApplication",
};

const money = (set: { shop_money: { amount: string } }) => ({ shopMoney: { amount: set.shop_money.amount } });

function allocations(list: Payload["line_items"][number]["discount_allocations"]) {
  return list.map((item) => ({
    allocatedAmountSet: money(item.amount_set),
    // Shopify's indexes need not start at 0: the backtest must follow them, not positions
    discountApplication: { index: item.discount_application_index + 1 },
  }));
}

export function graphqlOrderNode(payload: Payload): GraphqlOrderNode {
  return {
    id: payload.admin_graphql_api_id,
    legacyResourceId: String(payload.id),
    name: payload.name,
    createdAt: new Date(payload.created_at).toISOString(),
    currencyCode: payload.currency,
    tags: [],
    note: null,
    discountCodes: payload.discount_codes.map((code) => code.code),
    totalDiscountsSet: money(payload.total_discounts_set),
    // listed last first: the backtest orders them by index
    discountApplications: {
      nodes: payload.discount_applications
        .map((application, index) => ({
          __typename: TYPENAMES[application.type] ?? "ManualDiscountApplication",
          index: index + 1,
          targetType: application.target_type === "shipping_line" ? "SHIPPING_LINE" : "LINE_ITEM",
          value: { __typename: application.value_type === "percentage" ? "PricingPercentageValue" : "MoneyV2" },
          ...(application.type === "discount_code" ? { code: application.code ?? null } : { title: application.title }),
        }))
        .reverse(),
      pageInfo: { hasNextPage: false },
    },
    lineItems: {
      nodes: payload.line_items.map((line) => ({
        id: `gid://shopify/LineItem/${line.id}`,
        quantity: line.quantity,
        variant: { id: `gid://shopify/ProductVariant/${line.variant_id}` },
        product: { id: `gid://shopify/Product/${line.product_id}` },
        originalUnitPriceSet: money(line.price_set),
        discountAllocations: allocations(line.discount_allocations),
      })),
      pageInfo: { hasNextPage: false },
    },
    shippingLines: {
      nodes: payload.shipping_lines.map((line) => ({ discountAllocations: allocations(line.discount_allocations) })),
    },
  };
}
