import * as z from "zod";
import { smtpSettingsSchema } from "../../forms/alerts";
import { functionConfigSchema } from "../../forms/function-config";
import { flag } from "../../forms/fields";
import { blockingSchema } from "../../forms/rules";

/**
 * The Integration Center's settings, saved together by the page's one save bar
 * (docs/product.md#save-bar): the SMTP server, the checkout Function's
 * threshold, the Plus features' blocking switches and the switch of the markers on Shopify's charts
 * (docs/product.md#markers-on-shopifys-charts; absent: left as it is), each field with the same
 * schema and messages as before (docs/product.md#integration-center).
 */
export const integrationSettingsSchema = z.object({
  ...smtpSettingsSchema.shape,
  ...functionConfigSchema.shape,
  ...blockingSchema.shape,
  chartMarkers: flag.optional(),
});

export type IntegrationSettingsInput = z.infer<typeof integrationSettingsSchema>;

/** The form's fields, by name. */
export const SETTINGS_FIELDS = [
  "smtpHost",
  "smtpPort",
  "smtpUsername",
  "smtpPassword",
  "thresholdPercent",
  "instantBlocking",
  "staffOverride",
  "customerMessage",
  "chartMarkers",
] as const satisfies readonly (keyof IntegrationSettingsInput)[];

export type SettingsField = (typeof SETTINGS_FIELDS)[number];
