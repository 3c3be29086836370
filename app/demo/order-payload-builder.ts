/**
 * Builds order webhook payloads in the shape of Shopify's REST orders/create: used by the
 * demo store's seed, `npm run demo:order` and the tests' fixtures.
 */
import { centsToDecimal } from "../domain/money";

export type Money = { shop: string; presentment?: string };

function set(amount: Money, currency: string, presentmentCurrency: string) {
  return {
    shop_money: { amount: amount.shop, currency_code: currency },
    presentment_money: { amount: amount.presentment ?? amount.shop, currency_code: presentmentCurrency },
  };
}

export interface LineSpec {
  variant: number;
  product: number;
  quantity?: number;
  price: Money;
  allocations?: { index: number; amount: Money }[];
}

export interface OrderSpec {
  id: number;
  number: number;
  currency?: string;
  presentmentCurrency?: string;
  codes?: { code: string; amount: string; type: "fixed_amount" | "percentage" }[];
  applications?: {
    type: "discount_code" | "automatic" | "manual";
    target: "line_item" | "shipping_line";
    valueType: "fixed_amount" | "percentage";
    value: string;
    title?: string;
    code?: string;
  }[];
  lines: LineSpec[];
  shipping?: { price: Money; allocations?: { index: number; amount: Money }[] };
  customerId?: number | null;
  createdAt?: string;
}

function cents(money: Money) {
  return Math.round(Number(money.shop) * 100);
}

function allocations(list: { index: number; amount: Money }[] = [], currency: string, presentment: string) {
  return list.map((item) => ({
    amount: item.amount.presentment ?? item.amount.shop,
    amount_set: set(item.amount, currency, presentment),
    discount_application_index: item.index,
  }));
}

export function orderPayload(spec: OrderSpec) {
  const currency = spec.currency ?? "USD";
  const presentment = spec.presentmentCurrency ?? currency;
  const lineTotal = spec.lines.reduce((sum, line) => sum + cents(line.price) * (line.quantity ?? 1), 0);
  const discounts = [
    ...spec.lines.flatMap((line) => line.allocations ?? []),
    ...(spec.shipping?.allocations ?? []),
  ].reduce((sum, item) => sum + cents(item.amount), 0);
  const dollars = (value: number) => centsToDecimal(value);
  return {
    id: spec.id,
    admin_graphql_api_id: `gid://shopify/Order/${spec.id}`,
    name: `#${spec.number}`,
    order_number: spec.number,
    currency,
    presentment_currency: presentment,
    created_at: spec.createdAt ?? "2026-11-20T10:00:00-05:00",
    updated_at: spec.createdAt ?? "2026-11-20T10:00:00-05:00",
    financial_status: "paid",
    customer: spec.customerId === null ? null : { id: spec.customerId ?? 7000001, redacted: true },
    total_line_items_price: dollars(lineTotal),
    total_discounts: dollars(discounts),
    total_discounts_set: set({ shop: dollars(discounts) }, currency, presentment),
    subtotal_price: dollars(lineTotal - discounts),
    discount_codes: spec.codes ?? [],
    discount_applications: (spec.applications ?? []).map((application) => ({
      target_type: application.target,
      type: application.type,
      value: application.value,
      value_type: application.valueType,
      allocation_method: "across",
      target_selection: application.type === "automatic" ? "entitled" : "all",
      ...(application.code ? { code: application.code } : {}),
      title: application.title ?? application.code ?? "Discount",
      description: application.title ?? application.code ?? "Discount",
    })),
    line_items: spec.lines.map((line, index) => ({
      id: spec.id * 10 + index,
      variant_id: line.variant,
      product_id: line.product,
      title: `Product ${line.product}`,
      quantity: line.quantity ?? 1,
      price: line.price.presentment ?? line.price.shop,
      price_set: set(line.price, currency, presentment),
      total_discount: "0.00",
      discount_allocations: allocations(line.allocations, currency, presentment),
    })),
    shipping_lines: spec.shipping
      ? [
          {
            id: spec.id * 10 + 9,
            title: "Standard",
            price: spec.shipping.price.shop,
            discounted_price: spec.shipping.price.shop,
            discount_allocations: allocations(spec.shipping.allocations, currency, presentment),
          },
        ]
      : [],
  };
}
