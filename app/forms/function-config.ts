import * as z from "zod";
import { decimalNumber } from "./fields";
import { blockingSchema } from "./rules";

/**
 * The checkout Function's configuration and its test (docs/product.md#integration-center),
 * shared by the Integration Center and the JSON API.
 */

export const THRESHOLD_MESSAGE = "Threshold must be a number from 0 to 100";

const thresholdPercent = decimalNumber({ required: "Threshold is required", message: THRESHOLD_MESSAGE }).refine(
  (value) => value >= 0 && value <= 100,
  THRESHOLD_MESSAGE,
);

export const functionConfigSchema = z.object({ thresholdPercent });

export const functionTestSchema = z.object({
  subtotal: decimalNumber({ required: "Subtotal is required", message: "Subtotal must be a number above 0" }).refine(
    (value) => value > 0 && value <= 1e9,
    "Subtotal must be a number above 0",
  ),
  discount: decimalNumber({
    required: "Discount is required",
    message: "Discount must be a number of 0 or more",
  }).refine((value) => value >= 0 && value <= 1e9, "Discount must be a number of 0 or more"),
  thresholdPercent,
});

/**
 * PUT /api/integrations/shopify/features: the Plus features card's switches, which are the
 * Rules page's blocking settings (docs/product.md#integration-center). Any subset of them;
 * what is not sent keeps its saved value.
 */
export const shopifyFeaturesSchema = z
  .object({
    instantBlocking: z.boolean({ error: "instantBlocking must be true or false" }),
    staffOverride: z.boolean({ error: "staffOverride must be true or false" }),
    customerMessage: blockingSchema.shape.customerMessage,
  })
  .partial()
  .strict()
  .refine(
    (value) => Object.keys(value).length > 0,
    "Send at least one of instantBlocking, staffOverride, customerMessage",
  );
