/**
 * The Admin GraphQL API's view of an order built by orderPayload: what the backtest's
 * `orders` query returns for it, typed with what codegen generated for that query. The tests'
 * fake Admin API and the backtest benchmark serve these, so a backtest reads the same orders the
 * webhook tests send.
 */
import type { AdminOperationsByName } from "../types/admin-operations";
import type { CurrencyCode } from "../types/admin.types";
import type { orderPayload } from "./order-payload-builder";
import { centsToDecimal } from "../domain/money";
import type { OrderPayload } from "../domain/monitoring/order-payload";

type Payload = ReturnType<typeof orderPayload>;
/** One order of the `BacktestOrders` answer (app/services/backtest/order-pages.server.ts). */
export type BacktestOrder = AdminOperationsByName["BacktestOrders"]["data"]["orders"]["nodes"][number];
type Application = NonNullable<BacktestOrder["discountApplications"]>["nodes"][number];

type Typename = Exclude<Application["__typename"], "DiscountCodeApplication">;
const TYPENAMES: Record<string, Typename> = {
  automatic: "AutomaticDiscountApplication",
  manual: "ManualDiscountApplication",
  script: "ScriptDiscountApplication",
};

/** One discount application, as its own GraphQL type: a code's carries its code, the others a title. */
function applicationNode(application: Payload["discount_applications"][number], index: number): Application {
  const common = {
    index: index + 1,
    targetType: application.target_type === "shipping_line" ? ("SHIPPING_LINE" as const) : ("LINE_ITEM" as const),
    value: {
      __typename: application.value_type === "percentage" ? ("PricingPercentageValue" as const) : ("MoneyV2" as const),
    },
  };
  if (application.type === "discount_code") {
    return { __typename: "DiscountCodeApplication", code: application.code ?? "", ...common };
  }
  return {
    __typename: TYPENAMES[application.type] ?? "ManualDiscountApplication",
    title: application.title,
    ...common,
  };
}

const money = (set: { shop_money: { amount: string } }) => ({ shopMoney: { amount: set.shop_money.amount } });

function allocations(list: Payload["line_items"][number]["discount_allocations"]) {
  return list.map((item) => ({
    allocatedAmountSet: money(item.amount_set),
    // Shopify's indexes need not start at 0: the backtest must follow them, not positions
    discountApplication: { index: item.discount_application_index + 1 },
  }));
}

export function graphqlOrderNode(payload: Payload): BacktestOrder {
  return {
    id: payload.admin_graphql_api_id,
    legacyResourceId: String(payload.id),
    name: payload.name,
    createdAt: new Date(payload.created_at).toISOString(),
    currencyCode: payload.currency as CurrencyCode,
    tags: [],
    note: null,
    discountCodes: payload.discount_codes.map((code) => code.code),
    totalDiscountsSet: money(payload.total_discounts_set),
    // listed last first: the backtest orders them by index
    discountApplications: {
      nodes: payload.discount_applications.map(applicationNode).reverse(),
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
      nodes: payload.shipping_lines.map((line) => ({
        originalPriceSet: { shopMoney: { amount: line.price } },
        discountAllocations: allocations(line.discount_allocations),
      })),
    },
  };
}

/** One order of reconciliation's `orders` answer (app/services/reconciliation/reconcile.server.ts). */
export type ListedOrder = AdminOperationsByName["MarginGuardrailReconcileOrders"]["data"]["orders"]["nodes"][number];
type ListedApplication = ListedOrder["discountApplications"]["nodes"][number];

/** An amount in shop money as the Admin API writes it: a decimal string. */
const shopMoney = (cents: number) => ({ shopMoney: { amount: centsToDecimal(cents) } });
const inShopMoney = (amount: number, set: { shop_money?: { amount: number } } | null | undefined) =>
  shopMoney(set?.shop_money?.amount ?? amount);
/** A payload's raw amount (a shipping line's price is read leniently): a decimal string, else 0. */
const rawMoney = (value: unknown) =>
  shopMoney(typeof value === "string" || typeof value === "number" ? Math.round(Number(value) * 100) || 0 : 0);

function listedApplication(application: OrderPayload["discount_applications"][number], index: number) {
  const common = {
    index,
    targetType: application.target_type === "shipping_line" ? ("SHIPPING_LINE" as const) : ("LINE_ITEM" as const),
    value: {
      __typename: application.value_type === "percentage" ? ("PricingPercentageValue" as const) : ("MoneyV2" as const),
    },
  };
  if (application.type === "discount_code") {
    return { __typename: "DiscountCodeApplication" as const, code: application.code ?? "", ...common };
  }
  return {
    __typename: TYPENAMES[application.type] ?? "ManualDiscountApplication",
    title: application.title ?? "",
    ...common,
  } as ListedApplication;
}

function listedAllocations(list: OrderPayload["line_items"][number]["discount_allocations"]) {
  return list.map((item) => ({
    allocatedAmountSet: inShopMoney(item.amount, item.amount_set),
    discountApplication: { index: item.discount_application_index },
  }));
}

/**
 * An order webhook's payload (checked by orderPayloadSchema) as the Admin API lists it for
 * reconciliation's `orders` query, last updated at `updatedAt`: the demo's stand-in holds such
 * orders whose webhook was never sent (docs/operations.md#reconciliation).
 */
export function listedOrderNode(order: OrderPayload, updatedAt: Date): ListedOrder {
  const id = order.admin_graphql_api_id ?? `gid://shopify/Order/${order.id}`;
  return {
    id,
    legacyResourceId: String(order.id),
    name: order.name,
    createdAt: new Date(order.created_at ?? updatedAt).toISOString(),
    updatedAt: updatedAt.toISOString(),
    cancelledAt: order.cancelled_at ? new Date(order.cancelled_at).toISOString() : null,
    currencyCode: order.currency as CurrencyCode,
    tags: order.tags,
    note: order.note ?? null,
    discountCodes: order.discount_codes.map((code) => code.code),
    totalDiscountsSet: inShopMoney(order.total_discounts ?? 0, order.total_discounts_set),
    discountApplications: {
      nodes: order.discount_applications.map(listedApplication),
      pageInfo: { hasNextPage: false },
    },
    lineItems: {
      nodes: order.line_items.map((line) => ({
        id: `gid://shopify/LineItem/${line.id}`,
        quantity: line.quantity,
        variant: line.variant_id ? { id: `gid://shopify/ProductVariant/${line.variant_id}` } : null,
        product: line.product_id ? { id: `gid://shopify/Product/${line.product_id}` } : null,
        originalUnitPriceSet: inShopMoney(line.price, line.price_set),
        discountAllocations: listedAllocations(line.discount_allocations),
      })),
      pageInfo: { hasNextPage: false, endCursor: null },
    },
    shippingLines: {
      nodes: order.shipping_lines.map((line) => ({
        originalPriceSet: rawMoney((line as { price?: unknown }).price),
        discountAllocations: listedAllocations(line.discount_allocations),
      })),
    },
  };
}
