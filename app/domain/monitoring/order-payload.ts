/**
 * Discount facts from Shopify's orders/create and orders/updated payloads (REST webhook
 * shape). Pure. Amounts are read in shop money (`*_set.shop_money`) when present, so an
 * order paid in another presentment currency is measured in the shop's currency.
 */
import * as z from "zod";
import { OVERRIDE_TAG } from "../checkout/checkout-blocking";
import { leakInputsOf } from "../leaks/code-leaks";
import { orderCostInputs } from "../costs/costs";
import type { DiscountApplicationFacts, OrderFacts, OrderLineFacts } from "./order-facts";

/**
 * Bounds of what Shopify can send (docs/security.md#what-is-verified). A signed payload
 * outside them is refused, never stored: amounts are stored in integer cents in 32-bit
 * columns, so no amount, and no order's subtotal, may pass MAX_ORDER_CENTS.
 */
export const PAYLOAD_LIMITS = {
  /** the largest amount of any money field or order subtotal, in cents (fits a 32-bit column) */
  maxOrderCents: 2_147_483_647,
  maxLineItems: 1000,
  maxQuantity: 100_000,
  maxDiscountCodes: 100,
  maxDiscountApplications: 100,
  maxAllocationsPerLine: 100,
  maxShippingLines: 100,
  maxTextLength: 255,
  /** Shopify keeps at most 250 tags of 40 characters; a note has at most 5,000 characters */
  maxTagsLength: 20_000,
  maxNoteLength: 5_000,
} as const;

export const text = z
  .string()
  .max(PAYLOAD_LIMITS.maxTextLength, `longer than ${PAYLOAD_LIMITS.maxTextLength} characters`);

/** A non-negative amount in shop money (a decimal string or a number), as integer cents. */
export const money = z.union([z.string().max(32), z.number()]).transform((value, context) => {
  const number = typeof value === "number" ? value : Number(value);
  if (!Number.isFinite(number) || number < 0) {
    context.addIssue({ code: "custom", message: "not an amount of 0 or more" });
    return z.NEVER;
  }
  const cents = Math.round(number * 100);
  if (cents > PAYLOAD_LIMITS.maxOrderCents) {
    context.addIssue({ code: "custom", message: "an impossible amount" });
    return z.NEVER;
  }
  return cents;
});

/** Shopify's comma-separated tags ("vip, margin-guardrail-override") as a list. */
export const tagList = z
  .string()
  .max(PAYLOAD_LIMITS.maxTagsLength)
  .nullish()
  .transform((value) =>
    (value ?? "")
      .split(",")
      .map((tag) => tag.trim())
      .filter(Boolean),
  );

const moneySet = z
  .object({ shop_money: z.object({ amount: money, currency_code: z.string().max(8).optional() }) })
  .partial()
  .nullish();

const allocation = z.object({
  amount: money,
  amount_set: moneySet,
  discount_application_index: z
    .number()
    .int()
    .nonnegative()
    .max(PAYLOAD_LIMITS.maxDiscountApplications - 1),
});

export const id = z.union([z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER), text.min(1)]).transform(String);

export const list = <Item extends z.ZodType>(item: Item, max: number) =>
  z.array(item).max(max, `more than ${max} entries`);

const orderShape = z.object({
  id,
  admin_graphql_api_id: text.optional(),
  name: text,
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, "not a currency code")
    .default("USD"),
  created_at: text.optional(),
  updated_at: text.optional(),
  cancelled_at: text.nullish(),
  total_discounts: money.optional(),
  total_discounts_set: moneySet,
  customer: z.object({ id: id.optional(), tags: tagList }).passthrough().nullish(),
  // staff who placed the order (a draft order or the POS), and the order's tags and note:
  // where an admin override says who and why (docs/product.md#checkout-blocking)
  user_id: id.nullish(),
  // where the order was placed (docs/product.md#protection-gaps), read leniently: an odd value is unknown
  source_name: z.unknown().optional(),
  app_id: z.unknown().optional(),
  tags: tagList,
  note: z.string().max(PAYLOAD_LIMITS.maxNoteLength).nullish(),
  discount_codes: list(
    z.object({ code: text, amount: money.optional(), type: text.optional() }).passthrough(),
    PAYLOAD_LIMITS.maxDiscountCodes,
  ).default([]),
  discount_applications: list(
    z
      .object({
        type: text,
        target_type: text.default("line_item"),
        value_type: text.default("fixed_amount"),
        code: text.nullish(),
        title: text.nullish(),
      })
      .passthrough(),
    PAYLOAD_LIMITS.maxDiscountApplications,
  ).default([]),
  line_items: list(
    z
      .object({
        id,
        variant_id: id.nullish(),
        product_id: id.nullish(),
        quantity: z.number().int().nonnegative().max(PAYLOAD_LIMITS.maxQuantity),
        price: money,
        price_set: moneySet,
        discount_allocations: list(allocation, PAYLOAD_LIMITS.maxAllocationsPerLine).default([]),
        // read leniently (a code rule's reason names it): an odd value is left out, never refused
        title: z.unknown().optional(),
      })
      .passthrough(),
    PAYLOAD_LIMITS.maxLineItems,
  ),
  shipping_lines: list(
    z
      .object({ discount_allocations: list(allocation, PAYLOAD_LIMITS.maxAllocationsPerLine).default([]) })
      .passthrough(),
    PAYLOAD_LIMITS.maxShippingLines,
  ).default([]),
  // read leniently by the cost model (app/domain/costs/costs.ts: orderCostInputs): an odd value is unknown, never refused
  payment_gateway_names: z.unknown().optional(),
  total_price: z.unknown().optional(),
  total_price_set: z.unknown().optional(),
  // read leniently by the leaked-code detector (app/domain/leaks/code-leaks.ts: leakInputsOf)
  shipping_address: z.unknown().optional(),
});

/** Shopify's order payload with its bounds: allocations name an application of the order, totals fit. */
export const orderPayloadSchema = orderShape.superRefine((order, context) => {
  const applications = order.discount_applications.length;
  const allocations = [...order.line_items, ...order.shipping_lines].flatMap((line) => line.discount_allocations);
  if (allocations.some((item) => item.discount_application_index >= applications)) {
    context.addIssue({
      code: "custom",
      path: ["discount_applications"],
      message: "an allocation names a discount application the order does not have",
    });
  }
  const subtotal = order.line_items.reduce(
    (sum, line) => sum + shopAmount(line.price, line.price_set) * line.quantity,
    0,
  );
  const discounts = allocations.reduce((sum, item) => sum + shopAmount(item.amount, item.amount_set), 0);
  if (subtotal > PAYLOAD_LIMITS.maxOrderCents || discounts > PAYLOAD_LIMITS.maxOrderCents) {
    context.addIssue({ code: "custom", path: ["line_items"], message: "an impossible order total" });
  }
});

export type OrderPayload = z.infer<typeof orderPayloadSchema>;

function shopAmount(value: number, set: { shop_money?: { amount: number } } | null | undefined): number {
  return set?.shop_money?.amount ?? value;
}

/** Shopify's discount kinds (docs/product.md#entities) from an application in the payload. */
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
  return { ok: true, ...orderFactsFromOrder(parsed.data) };
}

/**
 * What the order's shipping lines cost before discounts, in cents of shop money (`price_set.shop_money`,
 * else `price`). Read leniently, as the cost model reads its fields: a line whose price is missing or
 * not an amount counts 0 and never refuses the order.
 */
export function shippingCentsOf(order: OrderPayload): number {
  let cents = 0;
  for (const line of order.shipping_lines as { price?: unknown; price_set?: unknown }[]) {
    const set = line.price_set as { shop_money?: { amount?: unknown } } | null | undefined;
    const value = set?.shop_money?.amount ?? line.price;
    const number = typeof value === "number" || typeof value === "string" ? Number(value) : NaN;
    if (Number.isFinite(number) && number > 0) cents += Math.round(number * 100);
  }
  return Math.min(cents, PAYLOAD_LIMITS.maxOrderCents);
}

/** The discount facts of an order payload that passed orderPayloadSchema. */
export function orderFactsFromOrder(order: OrderPayload): { facts: OrderFacts; customerId: string | null } {
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
    ...(typeof line.title === "string" && line.title.trim() !== ""
      ? { title: line.title.trim().slice(0, PAYLOAD_LIMITS.maxTextLength) }
      : {}),
  }));
  const lineDiscountCents = lines.reduce((sum, line) => sum + line.discountCents, 0);
  const shippingDiscountCents = order.shipping_lines.reduce(
    (sum, line) => sum + allocate(line.discount_allocations),
    0,
  );
  const allocated = lineDiscountCents + shippingDiscountCents;
  const shippingCents = shippingCentsOf(order);
  const reported = shopAmount(order.total_discounts ?? 0, order.total_discounts_set);

  const applications: DiscountApplicationFacts[] = order.discount_applications.map((application, index) => ({
    kind: applicationKind(application, codes),
    code: application.code ?? (application.title && codes.includes(application.title) ? application.title : null),
    title: application.title ?? null,
    valueType: application.value_type === "percentage" ? "percentage" : "fixed_amount",
    target: application.target_type === "shipping_line" ? "shipping_line" : "line_item",
    amountCents: applied.get(index) ?? 0,
  }));

  const tagged = [...order.tags, ...(order.customer?.tags ?? [])].some((tag) => tag.toLowerCase() === OVERRIDE_TAG);
  return {
    customerId: order.customer?.id ? gid("Customer", order.customer.id) : null,
    facts: {
      orderId: order.admin_graphql_api_id ?? `gid://shopify/Order/${order.id}`,
      orderName: order.name,
      currency: order.currency,
      preDiscountSubtotalCents: lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0),
      costInputs: orderCostInputs(order),
      ...(codes.length > 0 && { leak: leakInputsOf(order) }),
      lineDiscountCents,
      shippingDiscountCents,
      ...(shippingCents > 0 && { shippingCents }),
      // allocations are exact; an order without any falls back to Shopify's total
      totalDiscountCents: allocated > 0 ? allocated : reported,
      discountCodes: codes,
      applications,
      lines,
      ...(tagged && {
        override: {
          by: order.user_id ? gid("StaffMember", order.user_id) : null,
          reason: order.note?.trim() ? order.note.trim().slice(0, PAYLOAD_LIMITS.maxTextLength) : null,
        },
      }),
      ...(order.cancelled_at ? { cancelled: true as const } : {}),
      origin: { sourceName: shortText(order.source_name), appId: shortText(order.app_id) },
      customerTags: order.customer ? order.customer.tags : null,
    },
  };
}

/** A short string or number of the payload as text (an id, a source name); anything else is unknown. */
function shortText(value: unknown): string | null {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value !== "string" || value.trim() === "") return null;
  return value.trim().slice(0, PAYLOAD_LIMITS.maxTextLength);
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
    // only a tagged order has this entry, so untagged orders keep the fingerprints they had
    ...(facts.override ? [["override", facts.override.by, facts.override.reason]] : []),
    // likewise a cancelled order (its money changes: docs/product.md#what-the-figures-count)
    ...(facts.cancelled ? [["cancelled"]] : []),
  ]);
}

/** The lower-case text the audit log's search box matches: order name, codes and rule. */
export function auditSearchText(event: {
  orderName?: string | null;
  discountCodes?: unknown;
  ruleName?: string | null;
}): string {
  const codes = Array.isArray(event.discountCodes) ? event.discountCodes.join(" ") : "";
  return [event.orderName ?? "", codes, event.ruleName ?? ""].join(" ").toLowerCase().trim();
}
