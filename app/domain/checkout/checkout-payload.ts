/**
 * A checkout from Shopify's checkouts/create and checkouts/update webhooks (REST checkout
 * shape), read as the checkout decision sees a cart (app/domain/checkout/checkout-blocking.ts). Pure.
 *
 * The webhook's amounts are the checkout's: `total_line_items_price` before discounts and
 * `total_discounts`, in the checkout's currency. The step is unknown, so the decision is
 * taken as when the buyer pays (docs/product.md#checkout-blocking).
 */
import * as z from "zod";
import { OVERRIDE_TAG, type CheckoutCart } from "./checkout-blocking";
import { PAYLOAD_LIMITS, gid, id, list, money, tagList, text } from "../monitoring/order-payload";

const discountCode = z.object({ code: text, amount: money.optional() }).passthrough();
const appliedDiscount = z
  .object({ title: text.nullish(), description: text.nullish(), amount: money.optional() })
  .passthrough();

export const checkoutPayloadSchema = z.object({
  token: text.min(1),
  name: text.nullish(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, "not a currency code")
    .default("USD"),
  presentment_currency: z.string().max(8).nullish(),
  completed_at: text.nullish(),
  total_line_items_price: money.default(0),
  total_discounts: money.default(0),
  customer: z.object({ id: id.optional(), tags: tagList }).passthrough().nullish(),
  discount_codes: list(discountCode, PAYLOAD_LIMITS.maxDiscountCodes).default([]),
  line_items: list(
    z
      .object({
        applied_discounts: list(appliedDiscount, PAYLOAD_LIMITS.maxAllocationsPerLine).nullish(),
      })
      .passthrough(),
    PAYLOAD_LIMITS.maxLineItems,
  ).default([]),
});

export type CheckoutPayload = z.infer<typeof checkoutPayloadSchema>;

export interface CheckoutFacts {
  token: string;
  name: string | null;
  currency: string;
  customerId: string | null;
  discountCodes: string[];
  cart: CheckoutCart;
}

/** The checkout's figures for the decision: one stacked discount per distinct code or line discount. */
export function checkoutFacts(checkout: CheckoutPayload): CheckoutFacts {
  const applied = new Set<string>();
  for (const code of checkout.discount_codes) {
    if ((code.amount ?? 1) > 0) applied.add(code.code.toLowerCase());
  }
  for (const line of checkout.line_items) {
    for (const discount of line.applied_discounts ?? []) {
      const name = discount.title ?? discount.description;
      if (name && (discount.amount ?? 1) > 0) applied.add(name.toLowerCase());
    }
  }
  return {
    token: checkout.token,
    name: checkout.name ?? null,
    currency: checkout.currency,
    customerId: checkout.customer?.id ? gid("Customer", checkout.customer.id) : null,
    discountCodes: checkout.discount_codes.map((code) => code.code),
    cart: {
      subtotalCents: checkout.total_line_items_price,
      discountCents: checkout.total_discounts,
      stackedDiscounts: applied.size,
      step: null,
      overrideTagged: (checkout.customer?.tags ?? []).some((tag) => tag.toLowerCase() === OVERRIDE_TAG),
      currencyRate: 1,
    },
  };
}
