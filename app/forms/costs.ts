import * as z from "zod";
import { MAX_GATEWAYS, centsField, percentField } from "../domain/costs/costs";
import { dollarsToCents } from "../domain/money";
import { flag } from "./fields";

/** Dollars as typed, at most 2 decimals, as whole cents within the settings' bounds. */
const dollars = z
  .number({ error: "must be a number" })
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, "must have at most 2 decimals")
  .transform(dollarsToCents)
  .pipe(centsField);

const gatewayRow = z.object({
  gateway: z
    .string({ error: "must not be empty" })
    .trim()
    .min(1, "must not be empty")
    .max(100, "longer than 100 characters"),
  percent: percentField,
  fixed: dollars,
});

/** A row left wholly empty is dropped, not refused (conform leaves its empty fields out). */
const filledRows = (value: unknown) =>
  Array.isArray(value)
    ? value.filter(
        (row) =>
          row &&
          typeof row === "object" &&
          Object.values(row as object).some((cell) => cell !== undefined && String(cell).trim() !== ""),
      )
    : value;

/**
 * The Costs page's form (docs/product.md#costs): the same rules as PUT /api/settings/costs, the
 * amounts typed in dollars. A part switched off keeps what was typed in it: its fields are greyed
 * out and posted all the same.
 */
export const costSettingsFormSchema = z.object({
  costHistoryEnabled: flag.default(false),
  paymentFeesEnabled: flag.default(false),
  paymentFeePercent: percentField,
  paymentFeeFixed: dollars,
  gatewayFees: z
    .preprocess(filledRows, z.array(gatewayRow).max(MAX_GATEWAYS, `more than ${MAX_GATEWAYS} gateways`))
    .refine(
      (list) => new Set(list.map((item) => item.gateway.toLowerCase())).size === list.length,
      "names a gateway twice",
    )
    .optional(),
  shippingCostEnabled: flag.default(false),
  shippingCost: dollars,
});

/** The form's value as PUT /api/settings/costs takes it (amounts in cents). */
export function costSettingsInputOf(value: z.output<typeof costSettingsFormSchema>) {
  return {
    costHistoryEnabled: value.costHistoryEnabled,
    paymentFeesEnabled: value.paymentFeesEnabled,
    paymentFeePercent: value.paymentFeePercent,
    paymentFeeFixedCents: value.paymentFeeFixed,
    // every row is posted: none left means none kept
    gatewayFees: (value.gatewayFees ?? []).map((row) => ({
      gateway: row.gateway,
      percent: row.percent,
      fixedCents: row.fixed,
    })),
    shippingCostEnabled: value.shippingCostEnabled,
    shippingCostCents: value.shippingCost,
  };
}
