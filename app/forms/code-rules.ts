import { z } from "zod";
import { flag, commaList } from "./fields";
import { normalizeCollectionId, normalizeProductId } from "../domain/rules";
import type { CodeRules } from "../domain/code-rules";

/**
 * The code rules' settings (docs/product.md#code-rules), one schema for the Rules page's form
 * and `PUT /api/config/code-rules`: lists come comma-separated from the form or as arrays in
 * JSON; forbidden pairs one per line ("WELCOME10 + VIP25") or as two-code arrays.
 */

export const CODE_RULES_MESSAGE_MAX = 300;
/** What the Function reads must stay small: Shopify caps a Function's input. */
export const CODE_LIST_MAX = 50;
const CODE_MAX = 255;

const code = z
  .string()
  .trim()
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

/** A product or collection id, as its GID (from a GID or a bare number), or a message naming the value. */
const gidField = (normalize: (value: string) => string | null, noun: string, kind: string) =>
  z
    .string()
    .trim()
    .transform((value, context) => {
      const gid = normalize(value);
      if (!gid) {
        context.addIssue({
          code: "custom",
          message: `"${value}" is not a ${noun} id (a number, or gid://shopify/${kind}/…)`,
        });
        return z.NEVER;
      }
      return gid;
    });

const productId = gidField(normalizeProductId, "product", "Product");
const collectionId = gidField(normalizeCollectionId, "collection", "Collection");

const tag = z.string().trim().min(1).max(255, "A tag is at most 255 characters");

export const codeRulesSchema = z
  .object({
    message: z
      .string()
      .trim()
      .max(CODE_RULES_MESSAGE_MAX, `Message must be at most ${CODE_RULES_MESSAGE_MAX} characters`)
      .default(""),
    noCodesOnSaleItems: flag.default(false),
    maxCodes: z
      .union([z.literal(""), z.null(), z.coerce.number({ error: "Must be a whole number from 0 to 20" })])
      .transform((value, context) => {
        if (value === "" || value === null) return null;
        if (!Number.isInteger(value) || value < 0 || value > 20) {
          context.addIssue({ code: "custom", message: "Must be a whole number from 0 to 20, or empty for any number" });
          return z.NEVER;
        }
        return value;
      })
      .default(null),
    forbiddenPairs: z
      .preprocess(
        (value) =>
          typeof value === "string"
            ? value
                .split(/\r?\n/)
                .map((line) => line.trim())
                .filter(Boolean)
            : (value ?? []),
        z.array(pair).max(CODE_LIST_MAX, `At most ${CODE_LIST_MAX} pairs`),
      )
      .default([]),
    protectedProductIds: commaList(productId, CODE_LIST_MAX, "products").default([]),
    protectedCollectionIds: commaList(collectionId, CODE_LIST_MAX, "collections").default([]),
    customerTagsMode: z.enum(["anyone", "only", "refuse"], { error: "Choose who may use codes" }).default("anyone"),
    customerTags: commaList(tag, 20, "tags").default([]),
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
    forbiddenPairs: input.forbiddenPairs.map(([a, b]) => [a!, b!] as [string, string]),
    protectedProductIds: [...new Set(input.protectedProductIds)],
    protectedCollectionIds: [...new Set(input.protectedCollectionIds)],
    customerTags:
      input.customerTagsMode === "anyone" ? null : { mode: input.customerTagsMode, tags: input.customerTags },
  };
}

const money = z.coerce
  .number({ error: "A price is a number" })
  .min(0, "A price is 0 or more")
  .max(1_000_000, "A price is at most 1,000,000");

/** `POST /api/config/code-rules/preview`: a cart, the codes entered, and optionally unsaved settings. */
export const codeRulesPreviewSchema = z.object({
  settings: z.unknown().optional(),
  cart: z.object({
    lines: z
      .array(
        z.object({
          title: z.string().trim().min(1, "A line needs a title").max(255),
          productId: z.string().trim().max(100).nullable().default(null),
          price: money,
          compareAtPrice: money.nullable().default(null),
          collectionIds: z.array(z.string().trim().max(100)).max(50).default([]),
        }),
      )
      .min(1, "Add at least one item to the cart")
      .max(50, "At most 50 lines"),
    customerTags: z.array(tag).max(50).nullable().default(null),
  }),
  codes: z.array(code).min(1, "Enter at least one code").max(10, "At most 10 codes"),
});
export type CodeRulesPreviewInput = z.infer<typeof codeRulesPreviewSchema>;
