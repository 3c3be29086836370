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
import { formatCount } from "../domain/money";
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
/** The most days the new-account rule counts: ten years. */
export const NEW_ACCOUNT_DAYS_MAX = 3650;
const NEW_ACCOUNT_DAYS = `Must be a whole number of days from 1 to ${formatCount(NEW_ACCOUNT_DAYS_MAX)}, or empty for no new-account rule`;
const NEW_ACCOUNT_PERCENT = "Must be a number from 0 to less than 100, or empty for no new-account rule";
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
    // new accounts and big codes (docs/product.md#new-accounts-and-big-codes): a code worth more
    // than newAccountMaxPercent % only for accounts at least newAccountDays days old; both or neither
    newAccountDays: z
      .preprocess(blankIsNull, wholeNumber({ min: 1, max: NEW_ACCOUNT_DAYS_MAX, message: NEW_ACCOUNT_DAYS }).nullable())
      .default(null),
    newAccountMaxPercent: z
      .preprocess(
        blankIsNull,
        decimalNumber({ required: NEW_ACCOUNT_PERCENT, message: NEW_ACCOUNT_PERCENT })
          .refine((value) => value >= 0 && value < 100, NEW_ACCOUNT_PERCENT)
          .nullable(),
      )
      .default(null),
    // a guest checkout has no account: "new" holds it to the rule, "allow" lets its codes through
    newAccountGuests: z
      .enum(["new", "allow"], {
        error: 'Choose how guest checkouts are treated: "new" or "allow"',
      })
      .default("new"),
  })
  .superRefine((input, context) => {
    if (input.customerTagsMode !== "anyone" && input.customerTags.length === 0) {
      context.addIssue({ code: "custom", path: ["customerTags"], message: "Name at least one customer tag" });
    }
    if (input.newAccountDays !== null && input.newAccountMaxPercent === null) {
      context.addIssue({
        code: "custom",
        path: ["newAccountMaxPercent"],
        message: "Set the share too, or clear the days: the new-account rule needs both",
      });
    }
    if (input.newAccountMaxPercent !== null && input.newAccountDays === null) {
      context.addIssue({
        code: "custom",
        path: ["newAccountDays"],
        message: "Set the days too, or clear the share: the new-account rule needs both",
      });
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
    newAccountDays: input.newAccountDays,
    newAccountMaxPercent: input.newAccountMaxPercent,
    newAccountGuests: input.newAccountGuests,
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
    // the signed-in customer's account age in whole days (with customerTags null: a customer with
    // no tags); null with customerTags null: a guest (docs/product.md#new-accounts-and-big-codes)
    accountAgeDays: z
      .preprocess(
        blankIsNull,
        wholeNumber({
          min: 0,
          max: 36_500,
          message: "An account age is a whole number of days from 0 to 36,500, or empty for a guest",
        }).nullable(),
      )
      .default(null),
  }),
  codes: z.array(code).min(1, "Enter at least one code").max(10, "At most 10 codes"),
});
export type CodeRulesPreviewInput = z.infer<typeof codeRulesPreviewSchema>;
