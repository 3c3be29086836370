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
