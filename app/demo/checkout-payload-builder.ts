/**
 * Builds checkout webhook payloads in the shape of Shopify's REST checkouts/create and
 * checkouts/update: used by the demo store's seed and the tests.
 */
import { centsToDecimal } from "../domain/money";

export interface CheckoutSpec {
  token: string;
  /** the lines' prices before discounts, in dollars */
  lines: { title: string; price: string; quantity?: number; discounts?: { title: string; amount: string }[] }[];
  codes?: { code: string; amount: string; type?: "fixed_amount" | "percentage" }[];
  customer?: { id: number; tags?: string } | null;
  currency?: string;
  createdAt?: string;
}

const money = (cents: number) => centsToDecimal(cents);
const cents = (amount: string) => Math.round(Number(amount) * 100);

export function checkoutPayload(spec: CheckoutSpec) {
  const currency = spec.currency ?? "USD";
  const at = spec.createdAt ?? "2026-11-22T10:00:00-05:00";
  const lineCents = spec.lines.map((line) => cents(line.price) * (line.quantity ?? 1));
  const subtotal = lineCents.reduce((sum, value) => sum + value, 0);
  const lineDiscounts = spec.lines.flatMap((line) => line.discounts ?? []);
  const codes = spec.codes ?? [];
  const discount = [...lineDiscounts, ...codes].reduce((sum, item) => sum + cents(item.amount), 0);
  return {
    id: Number.parseInt(spec.token.replace(/\D/g, "").slice(0, 12) || "1", 10),
    token: spec.token,
    cart_token: `c1-${spec.token}`,
    email: spec.customer ? `buyer${spec.customer.id}@example.com` : null,
    gateway: null,
    buyer_accepts_marketing: false,
    created_at: at,
    updated_at: at,
    landing_site: "/",
    note: null,
    note_attributes: [],
    referring_site: null,
    shipping_lines: [],
    taxes_included: false,
    total_weight: 0,
    currency,
    completed_at: null,
    closed_at: null,
    user_id: null,
    location_id: null,
    source_identifier: null,
    source_url: null,
    device_id: null,
    phone: null,
    customer_locale: "en",
    line_items: spec.lines.map((line, index) => ({
      applied_discounts: (line.discounts ?? []).map((item) => ({
        title: item.title,
        description: item.title,
        amount: item.amount,
        value_type: "fixed_amount",
      })),
      discount_codes: [],
      key: `line-${spec.token}-${index}`,
      fulfillment_service: "manual",
      gift_card: false,
      grams: 200,
      presentment_title: line.title,
      presentment_variant_title: "",
      product_id: 7_000 + index,
      properties: null,
      quantity: line.quantity ?? 1,
      requires_shipping: true,
      sku: `SKU-${index}`,
      tax_lines: [],
      taxable: true,
      title: line.title,
      variant_id: 9_000 + index,
      variant_title: "",
      variant_price: line.price,
      vendor: "Margin Guardrail Demo",
      user_id: null,
      compare_at_price: null,
      line_price: money(lineCents[index]!),
      price: line.price,
    })),
    name: `#${spec.token.slice(0, 6)}`,
    source: null,
    abandoned_checkout_url: `https://demo.example/checkouts/${spec.token}/recover`,
    discount_codes: codes.map((code) => ({ code: code.code, amount: code.amount, type: code.type ?? "fixed_amount" })),
    tax_lines: [],
    source_name: "web",
    presentment_currency: currency,
    buyer_accepts_sms: false,
    sms_marketing_phone: null,
    total_discounts: money(discount),
    total_line_items_price: money(subtotal),
    total_price: money(subtotal - discount),
    total_tax: "0.00",
    subtotal_price: money(subtotal - discount),
    total_duties: null,
    reservation_token: null,
    customer: spec.customer
      ? {
          id: spec.customer.id,
          email: `buyer${spec.customer.id}@example.com`,
          tags: spec.customer.tags ?? "",
          currency,
        }
      : null,
  };
}
