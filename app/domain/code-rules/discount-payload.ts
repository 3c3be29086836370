import * as z from "zod";

/**
 * The discounts/create, discounts/update and discounts/delete webhooks' payload
 * (docs/product.md#code-rules): the discount's id, its title, status and dates;
 * not its value, which the app reads again with the Admin API. Other fields pass through.
 */
export const discountPayload = z
  .object({
    admin_graphql_api_id: z
      .string()
      .regex(/^gid:\/\/shopify\/Discount[A-Za-z]*\/\d{1,20}$/, "not a discount id")
      .optional(),
  })
  .passthrough();

/**
 * The discounts/redeemcode_added and discounts/redeemcode_removed webhooks' payload
 * (docs/product.md#what-the-app-reads-of-discounts): the code discount's id and the redeem code
 * added or removed (its id and code). Other fields pass through.
 */
export const redeemCodePayload = z
  .object({
    admin_graphql_api_id: z
      .string()
      .regex(/^gid:\/\/shopify\/Discount[A-Za-z]*\/\d{1,20}$/, "not a discount id")
      .optional(),
    redeem_code: z
      .object({
        id: z.string().optional(),
        code: z.string().trim().min(1, "an empty code").max(255, "a code of at most 255 characters").optional(),
      })
      .passthrough()
      .optional(),
  })
  .passthrough();
