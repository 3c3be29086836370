/**
 * The shapes of the webhook payloads the app reads, with bounds (docs/security.md#what-is-verified).
 * Pure zod schemas; app/http/webhooks.server.ts refuses a signed payload that does not fit.
 * Orders: app/domain/monitoring/order-payload.ts.
 */
import * as z from "zod";

/** Every topic's payload is a JSON object; the app needs nothing else of app/uninstalled. */
export const anyObjectPayload = z.object({}).passthrough();

/** Shopify's REST ids: numbers, or their decimal strings. */
const restId = z.union([
  z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  z.string().regex(/^\d{1,20}$/, "not an id"),
]);

/** Large enough for any real request; 10,000 order ids are tested. */
export const MAX_COMPLIANCE_ORDER_IDS = 50_000;
const orderIds = z.array(restId).max(MAX_COMPLIANCE_ORDER_IDS, `more than ${MAX_COMPLIANCE_ORDER_IDS} order ids`);

export const shopRedactPayload = z
  .object({ shop_id: restId.optional(), shop_domain: z.string().max(255).optional() })
  .passthrough();

export const customersRedactPayload = z
  .object({
    customer: z.object({ id: restId.nullish() }).passthrough().nullish(),
    orders_to_redact: orderIds.default([]),
  })
  .passthrough();

export const customersDataRequestPayload = z
  .object({
    customer: z.object({ id: restId.nullish() }).passthrough().nullish(),
    orders_requested: orderIds.default([]),
    data_request: z.object({ id: restId }).passthrough().nullish(),
  })
  .passthrough();

/** An access scope as Shopify names it: read_orders, write_validations, unauthenticated_read_x. */
const scope = z.string().regex(/^[a-z][a-z_]{0,99}$/, "not an access scope");

export const scopesUpdatePayload = z
  .object({ current: z.array(scope, { error: "current must be the list of granted scopes" }).max(200) })
  .passthrough();

/** The largest unit cost accepted, in the shop's currency (its cents fit a 32-bit column). */
export const MAX_UNIT_COST = 21_474_836;

/** inventory_items/update: the cost is a decimal string (or number), or null when cleared. */
export const inventoryItemPayload = z
  .object({
    id: restId.optional(),
    admin_graphql_api_id: z
      .string()
      .regex(/^gid:\/\/shopify\/InventoryItem\/\d{1,20}$/, "not an inventory item id")
      .optional(),
    cost: z
      .union([z.string().regex(/^\d{1,9}(\.\d{1,4})?$/, "not a decimal amount"), z.number().nonnegative(), z.null()])
      .optional()
      .refine((value) => value === undefined || value === null || Number(value) <= MAX_UNIT_COST, "an impossible cost"),
    // when the change was made: the cost history's date (docs/product.md#costs)
    updated_at: z.string().max(64).nullish(),
  })
  .passthrough()
  .refine((item) => item.id !== undefined || item.admin_graphql_api_id !== undefined, "the item has no id");

/** app_subscriptions/update: the subscription whose status changed (docs/product.md#plans). */
export const appSubscriptionPayload = z
  .object({
    app_subscription: z
      .object({
        admin_graphql_api_id: z
          .string()
          .regex(/^gid:\/\/shopify\/AppSubscription\/\d{1,20}$/, "not an AppSubscription id"),
        name: z.string().min(1).max(255),
        status: z.enum(["ACTIVE", "CANCELLED", "DECLINED", "EXPIRED", "FROZEN", "PENDING", "ACCEPTED"], {
          error: "not a subscription status",
        }),
        updated_at: z.string().max(64).nullish(),
      })
      .passthrough(),
  })
  .passthrough();

/**
 * orders/edited: what an order edit changed, not the order (docs/product.md#protection-gaps). The
 * app reads the edited order itself; it needs the order's id only.
 */
export const orderEditPayload = z
  .object({
    order_edit: z
      .object({
        id: restId.optional(),
        order_id: restId,
        app_id: restId.nullish(),
        user_id: restId.nullish(),
      })
      .passthrough(),
  })
  .passthrough();

export type OrderEditPayload = z.infer<typeof orderEditPayload>;
