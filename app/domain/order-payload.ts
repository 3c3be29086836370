/**
 * Discount facts from Shopify's orders/create and orders/updated payloads (REST webhook
 * shape). Pure. Amounts are read in shop money (`*_set.shop_money`) when present, so an
 * order paid in another presentment currency is measured in the shop's currency.
 */
import { z } from "zod";
import type { DiscountApplicationFacts, OrderFacts, OrderLineFacts } from "./order-facts";

const money = z.union([z.string(), z.number()]).transform((value, context) => {
  const number = typeof value === "number" ? value : Number(value);
  if (!Number.isFinite(number)) {
    context.addIssue({ code: "custom", message: "not an amount" });
    return z.NEVER;
  }
  return Math.round(number * 100);
});

const moneySet = z
  .object({ shop_money: z.object({ amount: money, currency_code: z.string().optional() }) })
  .partial()
  .nullish();

const allocation = z.object({
  amount: money,
  amount_set: moneySet,
  discount_application_index: z.number().int().nonnegative(),
});

const id = z.union([z.number(), z.string()]).transform(String);

export const orderPayloadSchema = z.object({
  id,
  admin_graphql_api_id: z.string().optional(),
  name: z.string(),
  currency: z.string().default("USD"),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
  total_discounts: money.optional(),
  total_discounts_set: moneySet,
  customer: z.object({ id: id.optional() }).passthrough().nullish(),
  discount_codes: z
    .array(z.object({ code: z.string(), amount: money.optional(), type: z.string().optional() }).passthrough())
    .default([]),
  discount_applications: z
    .array(
      z
        .object({
          type: z.string(),
          target_type: z.string().default("line_item"),
          value_type: z.string().default("fixed_amount"),
          code: z.string().nullish(),
          title: z.string().nullish(),
        })
        .passthrough(),
    )
    .default([]),
  line_items: z.array(
    z
      .object({
        id,
        variant_id: id.nullish(),
        product_id: id.nullish(),
        quantity: z.number().int().nonnegative(),
        price: money,
        price_set: moneySet,
        discount_allocations: z.array(allocation).default([]),
      })
      .passthrough(),
  ),
  shipping_lines: z
    .array(z.object({ discount_allocations: z.array(allocation).default([]) }).passthrough())
    .default([]),
});

export type OrderPayload = z.infer<typeof orderPayloadSchema>;

function shopAmount(value: number, set: z.infer<typeof moneySet>): number {
  return set?.shop_money?.amount ?? value;
}

/** Shopify's discount kinds (seed-spec section 3) from an application in the payload. */
export function applicationKind(
  application: { type: string; target_type: string; title?: string | null },
  codes: string[],
): string {
  const shipping = application.target_type === "shipping_line";
  switch (application.type) {
    case "discount_code":
      return shipping ? "DiscountCodeFreeShipping" : "DiscountCodeBasic";
    case "automatic":
      return shipping ? "DiscountAutomaticFreeShipping" : "DiscountAutomaticBasic";
    case "manual":
      // a code entered by staff arrives as a manual application titled with the code
      return application.title && codes.includes(application.title) ? "DiscountCodeBasic" : "DiscountManual";
    case "script":
      return "DiscountScript";
    default:
      return application.type;
  }
}

export const gid = (kind: string, value: string | null | undefined) =>
  value ? (value.startsWith("gid://") ? value : `gid://shopify/${kind}/${value}`) : null;

/** The order's discount facts, or the reasons the payload cannot be read. */
export function orderFactsFromPayload(
  input: unknown,
): { ok: true; facts: OrderFacts; customerId: string | null } | { ok: false; error: string } {
  const parsed = orderPayloadSchema.safeParse(input);
  if (!parsed.success) {
    return {
      ok: false,
      error: parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; "),
    };
  }
  const order = parsed.data;
  const codes = order.discount_codes.map((code) => code.code);
  const applied = new Map<number, number>();
  const allocate = (allocations: z.infer<typeof allocation>[]) =>
    allocations.reduce((sum, item) => {
      const cents = shopAmount(item.amount, item.amount_set);
      applied.set(item.discount_application_index, (applied.get(item.discount_application_index) ?? 0) + cents);
      return sum + cents;
    }, 0);

  const lines: OrderLineFacts[] = order.line_items.map((line) => ({
    lineId: line.id,
    variantId: gid("ProductVariant", line.variant_id),
    productId: gid("Product", line.product_id),
    collectionIds: [],
    quantity: line.quantity,
    unitPriceCents: shopAmount(line.price, line.price_set),
    discountCents: allocate(line.discount_allocations),
    unitCostCents: null,
  }));
  const lineDiscountCents = lines.reduce((sum, line) => sum + line.discountCents, 0);
  const shippingDiscountCents = order.shipping_lines.reduce((sum, line) => sum + allocate(line.discount_allocations), 0);
  const allocated = lineDiscountCents + shippingDiscountCents;
  const reported = shopAmount(order.total_discounts ?? 0, order.total_discounts_set);

  const applications: DiscountApplicationFacts[] = order.discount_applications.map((application, index) => ({
    kind: applicationKind(application, codes),
    code: application.code ?? (application.title && codes.includes(application.title) ? application.title : null),
    title: application.title ?? null,
    valueType: application.value_type === "percentage" ? "percentage" : "fixed_amount",
    target: application.target_type === "shipping_line" ? "shipping_line" : "line_item",
    amountCents: applied.get(index) ?? 0,
  }));

  return {
    ok: true,
    customerId: order.customer?.id ? gid("Customer", order.customer.id) : null,
    facts: {
      orderId: order.admin_graphql_api_id ?? `gid://shopify/Order/${order.id}`,
      orderName: order.name,
      currency: order.currency,
      preDiscountSubtotalCents: lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0),
      lineDiscountCents,
      shippingDiscountCents,
      // allocations are exact; an order without any falls back to Shopify's total
      totalDiscountCents: allocated > 0 ? allocated : reported,
      discountCodes: codes,
      applications,
      lines,
    },
  };
}

/**
 * What makes two deliveries of an order the same for the rules: its discounts, lines and
 * amounts. An orders/updated that changes none of them is not evaluated again.
 */
export function factsFingerprint(facts: OrderFacts): string {
  return JSON.stringify([
    facts.totalDiscountCents,
    facts.shippingDiscountCents,
    facts.applications.map((item) => [item.kind, item.code, item.amountCents]),
    facts.lines.map((line) => [line.variantId, line.quantity, line.unitPriceCents, line.discountCents]),
  ]);
}

/** The lower-case text the audit log's search box matches: order name, codes and rule. */
export function auditSearchText(event: { orderName?: string | null; discountCodes?: unknown; ruleName?: string | null }): string {
  const codes = Array.isArray(event.discountCodes) ? event.discountCodes.join(" ") : "";
  return [event.orderName ?? "", codes, event.ruleName ?? ""].join(" ").toLowerCase().trim();
}
