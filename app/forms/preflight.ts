import * as z from "zod";
import { HYGIENE_LIMITS } from "../domain/preflight/hygiene";
import type { PlannedPromotion } from "../domain/preflight/planned";
import { PREFLIGHT_DAYS_MAX } from "../domain/preflight/types";
import { decimalNumber, flag, plainText, wholeNumber } from "./fields";

/** What POST /api/preflight says about a bad number of days, naming its field. */
export const PREFLIGHT_DAYS_MESSAGE = "days must be a whole number from 1 to 365";

/** The Preflight page's form: how many days of recent carts to run on (docs/product.md#promotion-preflight). */
export const preflightFormSchema = z.object({
  days: wholeNumber({ min: 1, max: PREFLIGHT_DAYS_MAX, message: "Days must be a whole number from 1 to 365" }),
});

const CLASSES = ["PRODUCT", "ORDER", "SHIPPING"] as const;
const MONEY_MAX = 10_000_000;
/** A Shopify discount id: a code or automatic discount's node (gid://shopify/DiscountCodeNode/…). */
const DISCOUNT_GID = /^gid:\/\/shopify\/Discount(Code|Automatic)?Node\/\d{1,20}$/;

const PERCENTAGE_MESSAGE =
  "planned.customerGets.value.percentage is Shopify's fraction: above 0, at most 1 (0.25 for 25%)";
const QUANTITY_MESSAGE =
  "planned.minimumRequirement.quantity.greaterThanOrEqualToQuantity is a whole number from 1 to 1000000";
const boolean = (field: string) => z.boolean({ error: `${field} must be true or false` });
const amount = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .positive({ error: `${field} must be above 0` })
    .max(MONEY_MAX, { error: `${field} must be at most ${MONEY_MAX}` })
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
      error: `${field} must be in cents at most (2 decimals)`,
    });
const moment = (field: string) =>
  z.iso.datetime({ offset: true, error: `${field} must be an ISO 8601 date and time, such as 2026-12-01T00:00:00Z` });
const gidList = (kind: string, field: string) =>
  z
    .array(
      z.string().regex(new RegExp(`^gid://shopify/${kind}/\\d{1,20}$`), `${field} holds gid://shopify/${kind}/… ids`),
      {
        error: `${field} must be a list of gid://shopify/${kind}/… ids`,
      },
    )
    .max(250, `${field} holds at most 250 ids`);

/**
 * A promotion that does not exist yet, as Shopify would hold it (DiscountCodeBasic and its kin,
 * Admin API 2026-10): `code` for a code discount (absent or null: automatic), `discountClasses`
 * (one), `customerGets.value` (a percentage as Shopify's fraction, 0.25 for 25 %; or an amount in
 * the shop's currency, `appliesOnEachItem`; or free shipping for the SHIPPING class, up to
 * `maximumShippingPrice`), `customerGets.items` (all, or products and variants, or collections),
 * `combinesWith`, `startsAt`/`endsAt`, `minimumRequirement` (subtotal or quantity), `usageLimit`,
 * `appliesOncePerCustomer`. Unknown keys are refused, named.
 */
export const plannedSchema = z
  .object({
    title: plainText("planned.title", { required: "planned.title is required" })
      .min(1, "planned.title is required")
      .max(255, "planned.title must be at most 255 characters"),
    code: plainText("planned.code")
      .min(1, "planned.code must not be empty (leave it out for an automatic discount)")
      .max(255, "planned.code must be at most 255 characters")
      .refine((value) => !/\s/.test(value), "planned.code must not contain spaces")
      .nullable()
      .optional(),
    discountClasses: z
      .array(z.enum(CLASSES, { error: "planned.discountClasses holds PRODUCT, ORDER or SHIPPING" }), {
        error: "planned.discountClasses must be a list of one class: PRODUCT, ORDER or SHIPPING",
      })
      .length(1, "planned.discountClasses must be a list of one class: PRODUCT, ORDER or SHIPPING"),
    customerGets: z
      .object(
        {
          value: z.union(
            [
              z
                .object({
                  percentage: z
                    .number({ error: PERCENTAGE_MESSAGE })
                    .gt(0, { error: PERCENTAGE_MESSAGE })
                    .max(1, { error: PERCENTAGE_MESSAGE }),
                })
                .strict(),
              z
                .object({
                  amount: amount("planned.customerGets.value.amount"),
                  appliesOnEachItem: z.boolean().optional(),
                })
                .strict(),
              z
                .object({
                  freeShipping: z.literal(true),
                  maximumShippingPrice: amount("planned.customerGets.value.maximumShippingPrice").nullable().optional(),
                })
                .strict(),
            ],
            {
              error:
                "planned.customerGets.value is { percentage } (above 0, at most 1: 0.25 for 25%), { amount, appliesOnEachItem } or { freeShipping: true, maximumShippingPrice }",
            },
          ),
          items: z
            .union(
              [
                z.object({ all: z.literal(true) }).strict(),
                z
                  .object({
                    products: gidList("Product", "planned.customerGets.items.products").optional(),
                    productVariants: gidList("ProductVariant", "planned.customerGets.items.productVariants").optional(),
                  })
                  .strict()
                  .refine(
                    (items) => (items.products?.length ?? 0) + (items.productVariants?.length ?? 0) > 0,
                    "names no product",
                  ),
                z
                  .object({ collections: gidList("Collection", "planned.customerGets.items.collections").min(1) })
                  .strict(),
              ],
              {
                error:
                  "planned.customerGets.items is { all: true }, { products, productVariants } or { collections } (lists of gid://shopify/… ids)",
              },
            )
            .optional(),
        },
        { error: "planned.customerGets is required: { value, items }" },
      )
      .strict(),
    combinesWith: z
      .object({
        productDiscounts: boolean("planned.combinesWith.productDiscounts").optional(),
        orderDiscounts: boolean("planned.combinesWith.orderDiscounts").optional(),
        shippingDiscounts: boolean("planned.combinesWith.shippingDiscounts").optional(),
      })
      .strict()
      .optional(),
    startsAt: moment("planned.startsAt").optional(),
    endsAt: moment("planned.endsAt").nullable().optional(),
    minimumRequirement: z
      .union(
        [
          z
            .object({
              subtotal: z
                .object({ greaterThanOrEqualToSubtotal: amount("planned.minimumRequirement.subtotal") })
                .strict(),
            })
            .strict(),
          z
            .object({
              quantity: z
                .object({
                  greaterThanOrEqualToQuantity: z
                    .number({ error: QUANTITY_MESSAGE })
                    .int({ error: QUANTITY_MESSAGE })
                    .min(1, { error: QUANTITY_MESSAGE })
                    .max(1_000_000, { error: QUANTITY_MESSAGE }),
                })
                .strict(),
            })
            .strict(),
        ],
        {
          error:
            "planned.minimumRequirement is { subtotal: { greaterThanOrEqualToSubtotal } } or { quantity: { greaterThanOrEqualToQuantity } } (a whole number from 1)",
        },
      )
      .nullable()
      .optional(),
    usageLimit: z
      .number({ error: "planned.usageLimit must be a whole number from 1" })
      .int({ error: "planned.usageLimit must be a whole number from 1" })
      .min(1, { error: "planned.usageLimit must be a whole number from 1" })
      .nullable()
      .optional(),
    appliesOncePerCustomer: boolean("planned.appliesOncePerCustomer").optional(),
  })
  .strict()
  .superRefine((planned, context) => {
    const shipping = planned.discountClasses[0] === "SHIPPING";
    const freeShipping = "freeShipping" in planned.customerGets.value;
    if (shipping !== freeShipping) {
      context.addIssue({
        code: "custom",
        path: ["customerGets", "value"],
        message:
          'planned.customerGets.value is { freeShipping: true } exactly when planned.discountClasses is ["SHIPPING"]',
      });
    }
    if (planned.startsAt && planned.endsAt && Date.parse(planned.endsAt) <= Date.parse(planned.startsAt)) {
      context.addIssue({ code: "custom", path: ["endsAt"], message: "planned.endsAt must be after planned.startsAt" });
    } else if (planned.endsAt && Date.parse(planned.endsAt) <= Date.now()) {
      context.addIssue({ code: "custom", path: ["endsAt"], message: "planned.endsAt must be in the future" });
    }
    const automatic = planned.code === undefined || planned.code === null;
    if (automatic && (planned.usageLimit != null || planned.appliesOncePerCustomer)) {
      context.addIssue({
        code: "custom",
        path: ["usageLimit"],
        message: "planned.usageLimit and planned.appliesOncePerCustomer are a code's (give planned.code)",
      });
    }
  });

/**
 * What POST /api/preflight takes (docs/api.md#the-promotion-preflight): `days` (1–365), and at most one of
 * `discountId` (a discount of the shop) or `planned` (a promotion not created yet).
 */
export const preflightRequestSchema = z
  .object({
    days: z
      .number({ error: PREFLIGHT_DAYS_MESSAGE })
      .int({ error: PREFLIGHT_DAYS_MESSAGE })
      .min(1, { error: PREFLIGHT_DAYS_MESSAGE })
      .max(PREFLIGHT_DAYS_MAX, { error: PREFLIGHT_DAYS_MESSAGE })
      .optional(),
    discountId: z
      .string({
        error: "discountId must be a discount's id: gid://shopify/DiscountCodeNode/… or DiscountAutomaticNode/…",
      })
      .regex(
        DISCOUNT_GID,
        "discountId must be a discount's id: gid://shopify/DiscountCodeNode/… or DiscountAutomaticNode/…",
      )
      .optional(),
    planned: plannedSchema.optional(),
  })
  .superRefine((body, context) => {
    if (body.discountId !== undefined && body.planned !== undefined) {
      context.addIssue({ code: "custom", path: ["planned"], message: "Send discountId or planned, not both" });
    }
  });

export type PreflightRequest = z.infer<typeof preflightRequestSchema>;

/** The issue's field as the API names it: its path, dotted ("planned.customerGets.value"). */
export function preflightFieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const keys = issue.code === "unrecognized_keys" ? issue.keys.map((key) => [...issue.path, key]) : [issue.path];
    for (const path of keys) {
      const name = path.map(String).join(".") || "form";
      const message = issue.code === "unrecognized_keys" ? `${name} is not a field this takes` : issue.message;
      (errors[name] ??= []).push(message);
    }
  }
  return errors;
}

/** The Preflight page's "Check a discount" form: one of the shop's live or scheduled discounts. */
export const checkFormSchema = z.object({
  discountId: z
    .string({ error: "Choose a discount to check" })
    .regex(DISCOUNT_GID, "Choose one of your live or scheduled discounts"),
});

/** The Preflight page's "Plan a promotion" form: the fields a merchant fills in, as text. */
export const planFormSchema = z
  .object({
    title: plainText("Title", { required: "Title is required" })
      .min(1, "Title is required")
      .max(255, "Title must be at most 255 characters"),
    code: plainText("Code")
      .max(255, "Code must be at most 255 characters")
      .refine((v) => !/\s/.test(v), "Code must not contain spaces")
      .optional(),
    discountClass: z.enum(CLASSES, { error: "Choose what it discounts" }),
    valueType: z.enum(["percentage", "amount"], { error: "Choose a percentage or an amount" }),
    value: decimalNumber({ required: "Value is required", message: "Value must be a number above 0" }).optional(),
    combinesProduct: flag.optional(),
    combinesOrder: flag.optional(),
    combinesShipping: flag.optional(),
    startsOn: z.iso.date({ error: "Start date must be a date" }).optional(),
    endsOn: z.iso.date({ error: "End date must be a date" }).optional(),
    minimumSubtotal: decimalNumber({
      required: "Minimum subtotal is required",
      message: "Minimum subtotal must be an amount above 0",
    }).optional(),
    minimumQuantity: wholeNumber({
      min: 1,
      max: 1_000_000,
      message: "Minimum quantity must be a whole number from 1",
    }).optional(),
  })
  .superRefine((form, context) => {
    const issue = (path: string, message: string) => context.addIssue({ code: "custom", path: [path], message });
    if (form.discountClass !== "SHIPPING") {
      if (form.value === undefined) issue("value", "Value is required");
      else if (form.valueType === "percentage" && !(form.value > 0 && form.value <= 100)) {
        issue("value", "A percentage is above 0 and at most 100");
      } else if (form.valueType === "amount" && !(form.value > 0 && form.value <= MONEY_MAX)) {
        issue("value", `An amount is above 0 and at most ${MONEY_MAX}`);
      }
    }
    if (form.startsOn && form.endsOn && form.endsOn <= form.startsOn)
      issue("endsOn", "End date must be after the start date");
    else if (form.endsOn && form.endsOn <= new Date().toISOString().slice(0, 10))
      issue("endsOn", "End date must be after today");
    if (form.minimumSubtotal !== undefined && form.minimumQuantity !== undefined) {
      issue("minimumQuantity", "Give a minimum subtotal or a minimum quantity, not both");
    }
    if (form.minimumSubtotal !== undefined && !(form.minimumSubtotal > 0 && form.minimumSubtotal <= MONEY_MAX)) {
      issue("minimumSubtotal", `Minimum subtotal is above 0 and at most ${MONEY_MAX}`);
    }
  });

/** The form's promotion as the API's `planned` (dates at midnight UTC). */
export function plannedFromForm(form: z.infer<typeof planFormSchema>): PlannedPromotion {
  const percent = (value: number) => Math.round(value * 1000) / 100_000;
  return {
    title: form.title,
    code: form.code ? form.code : null,
    discountClasses: [form.discountClass],
    customerGets: {
      value:
        form.discountClass === "SHIPPING"
          ? { freeShipping: true }
          : form.valueType === "percentage"
            ? { percentage: percent(form.value ?? 0) }
            : { amount: form.value ?? 0 },
      items: { all: true },
    },
    combinesWith: {
      productDiscounts: form.combinesProduct ?? false,
      orderDiscounts: form.combinesOrder ?? false,
      shippingDiscounts: form.combinesShipping ?? false,
    },
    ...(form.startsOn ? { startsAt: `${form.startsOn}T00:00:00Z` } : {}),
    endsAt: form.endsOn ? `${form.endsOn}T00:00:00Z` : null,
    minimumRequirement:
      form.minimumSubtotal !== undefined
        ? { subtotal: { greaterThanOrEqualToSubtotal: form.minimumSubtotal } }
        : form.minimumQuantity !== undefined
          ? { quantity: { greaterThanOrEqualToQuantity: form.minimumQuantity } }
          : null,
  };
}

/** The audit's thresholds as the page's form sends them (docs/product.md#discount-hygiene). */
export const hygieneSettingsSchema = z.object({
  activeDays: wholeNumber({
    ...HYGIENE_LIMITS.activeDays,
    message: `Active days must be a whole number from ${HYGIENE_LIMITS.activeDays.min} to ${HYGIENE_LIMITS.activeDays.max}`,
  }),
  fullPercent: wholeNumber({
    ...HYGIENE_LIMITS.fullPercent,
    message: `The percentage must be a whole number from ${HYGIENE_LIMITS.fullPercent.min} to ${HYGIENE_LIMITS.fullPercent.max}`,
  }),
});
