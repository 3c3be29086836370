import * as z from "zod";
import {
  buyerText,
  commaList,
  decimalNumber,
  flag,
  idString,
  lineList,
  plainText,
  tagString,
  wholeNumber,
} from "./fields";
import type { CodeRules } from "../domain/code-rules/code-rules";

/**
 * The code rules' settings (docs/product.md#code-rules), one schema for the Rules page's form
 * and `PUT /api/config/code-rules`: lists come comma-separated from the form or as arrays in
 * JSON; forbidden pairs one per line ("WELCOME10 + VIP25") or as two-code arrays.
 */

export const CODE_RULES_MESSAGE_MAX = 300;
/**
 * The most pairs, products and collections: half of Shopify's 100 for a Function's list
 * variables, because the metafield holds the collections twice (the rules and the
 * `$collectionIds` variable) and the codes' values for the cap share its 10,000 bytes. The
 * size of the whole is checked when saving (docs/product.md#function-input-limits).
 */
export const CODE_LIST_MAX = 50;
/** The most customer tags (the `$customerTags` variable, held twice as well). */
export const CUSTOMER_TAGS_MAX = 20;
const CODE_MAX = 255;

const code = plainText("A code")
  .min(1, "A code is required")
  .max(CODE_MAX, `A code is at most ${CODE_MAX} characters`)
  .regex(/^[^\s+,]+$/, "A code has no spaces, commas or plus signs");

const pair = z.preprocess(
  (value) => (typeof value === "string" ? value.split("+").map((part) => part.trim()) : value),
  z
    .array(code, { error: "Write a pair as two codes: WELCOME10 + VIP25" })
    .length(2, "Write a pair as two codes: WELCOME10 + VIP25")
    .refine(
      ([a, b]) => typeof a !== "string" || typeof b !== "string" || a.toLowerCase() !== b.toLowerCase(),
      "A pair needs two different codes",
    ),
);

const tag = tagString("customer tag");

const MAX_CODES = "Must be a whole number from 0 to 20, or empty for any number";
const MAX_PERCENT = "Must be a number from 1 to 100, or empty for no cap";
const blankIsNull = (value: unknown) => (typeof value === "string" && value.trim() === "" ? null : value);

export const codeRulesSchema = z
  .object({
    // shown to buyers at checkout
    message: buyerText("Message", CODE_RULES_MESSAGE_MAX).default(""),
    noCodesOnSaleItems: flag.default(false),
    // blank (a form's empty field) or null: any number of codes
    maxCodes: z
      .preprocess(
        (value) => (typeof value === "string" && value.trim() === "" ? null : value),
        wholeNumber({ min: 0, max: 20, message: MAX_CODES }).nullable(),
      )
      .default(null),
    // the combined cap, percent of the cart's subtotal (docs/product.md#code-rules)
    maxDiscountPercent: z
      .preprocess(
        blankIsNull,
        decimalNumber({ required: MAX_PERCENT, message: MAX_PERCENT })
          .refine((value) => value >= 1 && value <= 100, MAX_PERCENT)
          .nullable(),
      )
      .default(null),
    // suggested in the message when codes are turned away; blank or null: none
    backupCode: z.preprocess(blankIsNull, code.nullable()).default(null),
    forbiddenPairs: lineList(pair, CODE_LIST_MAX, "forbidden pairs").default([]),
    protectedProductIds: commaList(idString("Product"), CODE_LIST_MAX, "products").default([]),
    protectedCollectionIds: commaList(idString("Collection"), CODE_LIST_MAX, "collections").default([]),
    customerTagsMode: z.enum(["anyone", "only", "refuse"], { error: "Choose who may use codes" }).default("anyone"),
    customerTags: commaList(tag, CUSTOMER_TAGS_MAX, "customer tags").default([]),
  })
  .superRefine((input, context) => {
    if (input.customerTagsMode !== "anyone" && input.customerTags.length === 0) {
      context.addIssue({ code: "custom", path: ["customerTags"], message: "Name at least one customer tag" });
    }
  });

export type CodeRulesInput = z.infer<typeof codeRulesSchema>;

/** The settings as the deciding module takes them (a blank message: the default one). */
export function codeRulesOf(input: CodeRulesInput, defaultMessage: string): CodeRules {
  return {
    message: input.message || defaultMessage,
    noCodesOnSaleItems: input.noCodesOnSaleItems,
    maxCodes: input.maxCodes,
    maxDiscountPercent: input.maxDiscountPercent,
    backupCode: input.backupCode,
    forbiddenPairs: input.forbiddenPairs.map(([a, b]) => [a!, b!] as [string, string]),
    protectedProductIds: [...new Set(input.protectedProductIds)],
    protectedCollectionIds: [...new Set(input.protectedCollectionIds)],
    customerTags:
      input.customerTagsMode === "anyone" ? null : { mode: input.customerTagsMode, tags: input.customerTags },
  };
}

const money = decimalNumber({ required: "A price is required", message: "A price is a number such as 12.50" })
  .refine((value) => value >= 0, "A price is 0 or more")
  .refine((value) => value <= 1_000_000, "A price is at most 1,000,000");

/** `POST /api/config/code-rules/preview`: a cart, the codes entered, and optionally unsaved settings. */
export const codeRulesPreviewSchema = z.object({
  settings: z.unknown().optional(),
  cart: z.object({
    lines: z
      .array(
        z.object({
          title: plainText("A line's title").min(1, "A line needs a title").max(255),
          productId: z.string().trim().max(100).nullable().default(null),
          price: money,
          quantity: wholeNumber({ min: 1, max: 1000, message: "A quantity is a whole number from 1 to 1,000" }).default(
            1,
          ),
          compareAtPrice: money.nullable().default(null),
          collectionIds: z.array(z.string().trim().max(100)).max(50).default([]),
        }),
      )
      .min(1, "Add at least one item to the cart")
      .max(50, "At most 50 lines"),
    customerTags: z
      .array(tag, { error: "The customer's tags must be a list of text, or null" })
      .max(50)
      .nullable()
      .default(null),
  }),
  codes: z.array(code).min(1, "Enter at least one code").max(10, "At most 10 codes"),
});
export type CodeRulesPreviewInput = z.infer<typeof codeRulesPreviewSchema>;
