/**
 * The cost model (docs/product.md#costs). Pure: what an
 * order cost the merchant beyond the discount, in integer cents of the shop's currency:
 * - the unit cost in effect at the order's created_at (a variant's cost history),
 * - the payment fee (percent + fixed, per gateway, merchant-set; an estimate),
 * - the shipping cost (merchant-set per order that ships; what the customer paid for
 *   shipping is not what the label cost, so it is never used as the cost).
 * Each part can be off; every margin says which parts were known.
 */
import * as z from "zod";
import { basisPointsToPercent } from "../money";

/** Shopify Payments' online card rate on the Basic plan (shopify.com/pricing): 2.9 % + 30¢, USD. */
export const DEFAULT_FEE_BASIS_POINTS = 290;
export const DEFAULT_FEE_FIXED_CENTS = 30;
/** bounds of what a merchant may enter */
export const MAX_FEE_BASIS_POINTS = 2_000; // 20 %
export const MAX_FIXED_CENTS = 100_000; // 1,000.00 per order
export const MAX_GATEWAYS = 20;

export interface GatewayFee {
  /** as Shopify names it in the order's payment_gateway_names, e.g. "shopify_payments", "paypal" */
  gateway: string;
  basisPoints: number;
  fixedCents: number;
}

export interface CostSettingsValues {
  costHistoryEnabled: boolean;
  paymentFeesEnabled: boolean;
  paymentFeeBasisPoints: number;
  paymentFeeFixedCents: number;
  gatewayFees: GatewayFee[];
  shippingCostEnabled: boolean;
  shippingCostCents: number;
}

/** A shop without saved settings: history on, fees and shipping off (existing margins unchanged). */
export const DEFAULT_COST_SETTINGS: CostSettingsValues = {
  costHistoryEnabled: true,
  paymentFeesEnabled: false,
  paymentFeeBasisPoints: DEFAULT_FEE_BASIS_POINTS,
  paymentFeeFixedCents: DEFAULT_FEE_FIXED_CENTS,
  gatewayFees: [],
  shippingCostEnabled: false,
  shippingCostCents: 0,
};

// ---------------------------------------------------------------- unit cost at a date

export interface CostChange {
  effectiveAt: Date;
  /** null: Shopify had no cost from then on */
  unitCostCents: number | null;
}

/**
 * at_date: the latest change at or before the date; earliest_known: the date is before every
 * change, so the earliest known cost stands in (and the margin says so); none: no history.
 */
export type CostBasis = "at_date" | "earliest_known" | "none";

/** The unit cost in effect at `at`: the latest change with effectiveAt ≤ at. */
export function costAt(history: CostChange[], at: Date): { unitCostCents: number | null; basis: CostBasis } {
  if (history.length === 0) return { unitCostCents: null, basis: "none" };
  const sorted = [...history].sort((a, b) => a.effectiveAt.getTime() - b.effectiveAt.getTime());
  let found: CostChange | null = null;
  for (const change of sorted) {
    if (change.effectiveAt.getTime() <= at.getTime()) found = change;
    else break;
  }
  if (found) return { unitCostCents: found.unitCostCents, basis: "at_date" };
  return { unitCostCents: sorted[0].unitCostCents, basis: "earliest_known" };
}

/** Whether a newly seen cost is a change worth a history row (the latest row says otherwise, or there is none). */
export function isCostChange(latest: { unitCostCents: number | null } | null, unitCostCents: number | null): boolean {
  return !latest || latest.unitCostCents !== unitCostCents;
}

// ---------------------------------------------------------------- fees and shipping

/** percent of cents in basis points, rounded half away from zero to a whole cent: integers only. */
export function basisPointsOf(cents: number, basisPoints: number): number {
  return Math.floor((cents * basisPoints + 5_000) / 10_000);
}

/** The fee settings for the order's gateway: the first of its gateways the merchant set, else the default. */
export function feeFor(settings: CostSettingsValues, gateways: string[]): GatewayFee & { matched: boolean } {
  const names = gateways.map((name) => name.trim().toLowerCase());
  for (const name of names) {
    const set = settings.gatewayFees.find((fee) => fee.gateway.trim().toLowerCase() === name);
    if (set) return { ...set, matched: true };
  }
  return {
    gateway: names[0] ?? "",
    basisPoints: settings.paymentFeeBasisPoints,
    fixedCents: settings.paymentFeeFixedCents,
    matched: false,
  };
}

/** What an order tells the cost model beyond its lines (read from the order payload). */
export interface OrderCostInputs {
  /** the order's created_at (ISO 8601), when the payload had it */
  createdAt: string | null;
  /** payment_gateway_names */
  gateways: string[];
  /** what the customer paid in shop money (total_price_set.shop_money), when the payload had it */
  totalPriceCents: number | null;
  /** how many shipping lines the order has (0: nothing ships) */
  shippingLines: number;
}

const amountCents = (value: unknown): number | null => {
  const number = typeof value === "number" ? value : typeof value === "string" ? Number(value) : NaN;
  return Number.isFinite(number) && number >= 0 ? Math.round(number * 100) : null;
};

/** The cost inputs of an order payload (REST shape); lenient: a missing or odd field is unknown. */
export function orderCostInputs(order: Record<string, unknown>): OrderCostInputs {
  const set = order.total_price_set as { shop_money?: { amount?: unknown } } | null | undefined;
  const gateways = Array.isArray(order.payment_gateway_names)
    ? order.payment_gateway_names.filter((name): name is string => typeof name === "string").slice(0, 20)
    : [];
  return {
    createdAt: typeof order.created_at === "string" ? order.created_at : null,
    gateways,
    totalPriceCents: amountCents(set?.shop_money?.amount) ?? amountCents(order.total_price),
    shippingLines: Array.isArray(order.shipping_lines) ? order.shipping_lines.length : 0,
  };
}

/** Which parts of an order's cost were known. */
export interface CostParts {
  /** today: the cached cost (history off or none kept) */
  unitCosts: CostBasis | "today";
  fees: "estimated" | "off";
  shipping: "merchant_set" | "no_shipping" | "unknown" | "off";
}

/** The cost beyond the lines' unit costs, and which parts were known. */
export interface OrderCostExtras {
  feeCents: number;
  shippingCents: number;
  parts: CostParts;
  /** the parts in words, for the margin floor's message, the backtest and the audit log */
  note: string;
}

/**
 * Fee and shipping of one order. The fee is taken on what the customer paid (the order's total
 * in shop money; without it, the discounted revenue of the lines) and is always an estimate:
 * Shopify's actual fee depends on the card, the country and the plan.
 */
export function orderCostExtras(
  settings: CostSettingsValues,
  inputs: OrderCostInputs | undefined,
  revenueCents: number,
  unitCosts: CostParts["unitCosts"],
): OrderCostExtras {
  let feeCents = 0;
  let fees: CostParts["fees"] = "off";
  if (settings.paymentFeesEnabled) {
    const fee = feeFor(settings, inputs?.gateways ?? []);
    const base = inputs?.totalPriceCents ?? Math.max(0, revenueCents);
    feeCents = base > 0 ? basisPointsOf(base, fee.basisPoints) + fee.fixedCents : 0;
    fees = "estimated";
  }
  let shippingCents = 0;
  let shipping: CostParts["shipping"] = "off";
  if (settings.shippingCostEnabled) {
    if (!inputs) shipping = "unknown";
    else if (inputs.shippingLines === 0) shipping = "no_shipping";
    else {
      shippingCents = settings.shippingCostCents;
      shipping = "merchant_set";
    }
  }
  const parts: CostParts = { unitCosts, fees, shipping };
  return { feeCents, shippingCents, parts, note: costPartsNote(parts) };
}

/** "unit costs at the order's date, fees estimated, shipping unknown" */
export function costPartsNote(parts: CostParts): string {
  const unit = {
    at_date: "unit costs at the order's date",
    earliest_known: "unit costs before any known change (the earliest known cost)",
    none: "unit costs as today",
    today: "unit costs as today",
  }[parts.unitCosts];
  const fees = parts.fees === "estimated" ? "fees estimated" : "fees not counted";
  const shipping = {
    merchant_set: "shipping at your cost per order",
    no_shipping: "nothing shipped",
    unknown: "shipping unknown",
    off: "shipping not counted",
  }[parts.shipping];
  return `${unit}, ${fees}, ${shipping}`;
}

/**
 * Which parts the settings count, in words, for figures over many orders (the backtest's
 * results, the ROI's margin floor savings): "unit costs at the order's date, fees estimated,
 * shipping not counted". Shipping counted reads as the merchant's cost per order.
 */
export function settingsCostNote(settings: CostSettingsValues): string {
  return costPartsNote({
    unitCosts: settings.costHistoryEnabled ? "at_date" : "today",
    fees: settings.paymentFeesEnabled ? "estimated" : "off",
    shipping: settings.shippingCostEnabled ? "merchant_set" : "off",
  });
}

/** Whether the settings count anything beyond unit costs (then every margin carries its note). */
export const countsExtras = (settings: CostSettingsValues) =>
  settings.paymentFeesEnabled || settings.shippingCostEnabled;

// ---------------------------------------------------------------- the API's input

export const percentField = z
  .number({ error: "must be a number" })
  .min(0, "must be 0 or more")
  .max(basisPointsToPercent(MAX_FEE_BASIS_POINTS), `must be at most ${basisPointsToPercent(MAX_FEE_BASIS_POINTS)}`)
  .refine(
    (value) => Number.isInteger(Math.round(value * 100)) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
    {
      message: "must have at most 2 decimals",
    },
  );
export const centsField = z
  .number({ error: "must be a number" })
  .int("must be whole cents")
  .min(0, "must be 0 or more")
  .max(MAX_FIXED_CENTS, `must be at most ${MAX_FIXED_CENTS}`);

/** PUT /api/settings/costs: every field optional (unsent fields keep their value); unknown fields refused. */
export const costSettingsInput = z
  .object({
    costHistoryEnabled: z.boolean({ error: "must be true or false" }),
    paymentFeesEnabled: z.boolean({ error: "must be true or false" }),
    paymentFeePercent: percentField,
    paymentFeeFixedCents: centsField,
    gatewayFees: z
      .array(
        z.strictObject({
          gateway: z.string().trim().min(1, "must not be empty").max(100, "longer than 100 characters"),
          percent: percentField,
          fixedCents: centsField,
        }),
        { error: "must be a list" },
      )
      .max(MAX_GATEWAYS, `more than ${MAX_GATEWAYS} gateways`)
      .refine(
        (list) => new Set(list.map((item) => item.gateway.toLowerCase())).size === list.length,
        "names a gateway twice",
      ),
    shippingCostEnabled: z.boolean({ error: "must be true or false" }),
    shippingCostCents: centsField,
  })
  .partial()
  .strict();

export type CostSettingsInput = z.infer<typeof costSettingsInput>;

/** The input, or the first bad field's name and why. */
export function parseCostSettings(
  input: unknown,
): { ok: true; value: CostSettingsInput } | { ok: false; field: string; message: string } {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return { ok: false, field: "body", message: "must be a JSON object" };
  }
  const parsed = costSettingsInput.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  const field = issue.code === "unrecognized_keys" ? issue.keys[0] : issue.path.map(String).join(".") || "body";
  const message = issue.code === "unrecognized_keys" ? "is not a cost setting" : issue.message;
  return { ok: false, field, message };
}

/** The input applied to saved values (percent → basis points, exact). */
export function mergeCostSettings(current: CostSettingsValues, input: CostSettingsInput): CostSettingsValues {
  const bp = (percent: number) => Math.round(percent * 100);
  return {
    costHistoryEnabled: input.costHistoryEnabled ?? current.costHistoryEnabled,
    paymentFeesEnabled: input.paymentFeesEnabled ?? current.paymentFeesEnabled,
    paymentFeeBasisPoints:
      input.paymentFeePercent === undefined ? current.paymentFeeBasisPoints : bp(input.paymentFeePercent),
    paymentFeeFixedCents: input.paymentFeeFixedCents ?? current.paymentFeeFixedCents,
    gatewayFees:
      input.gatewayFees === undefined
        ? current.gatewayFees
        : input.gatewayFees.map((fee) => ({
            gateway: fee.gateway,
            basisPoints: bp(fee.percent),
            fixedCents: fee.fixedCents,
          })),
    shippingCostEnabled: input.shippingCostEnabled ?? current.shippingCostEnabled,
    shippingCostCents: input.shippingCostCents ?? current.shippingCostCents,
  };
}

/** The settings as the API shows them (percents, not basis points). */
export function costSettingsView(values: CostSettingsValues) {
  return {
    costHistoryEnabled: values.costHistoryEnabled,
    paymentFeesEnabled: values.paymentFeesEnabled,
    paymentFeePercent: basisPointsToPercent(values.paymentFeeBasisPoints),
    paymentFeeFixedCents: values.paymentFeeFixedCents,
    gatewayFees: values.gatewayFees.map((fee) => ({
      gateway: fee.gateway,
      percent: basisPointsToPercent(fee.basisPoints),
      fixedCents: fee.fixedCents,
    })),
    shippingCostEnabled: values.shippingCostEnabled,
    shippingCostCents: values.shippingCostCents,
  };
}

/** Saved gatewayFees JSON, read defensively. */
export function gatewayFeesOf(json: unknown): GatewayFee[] {
  if (!Array.isArray(json)) return [];
  return json.flatMap((item) => {
    const fee = item as Partial<GatewayFee>;
    return typeof fee?.gateway === "string" && Number.isInteger(fee.basisPoints) && Number.isInteger(fee.fixedCents)
      ? [{ gateway: fee.gateway, basisPoints: fee.basisPoints!, fixedCents: fee.fixedCents! }]
      : [];
  });
}
