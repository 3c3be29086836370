import { z } from "zod";
import { flag } from "./fields";
import {
  AMOUNT_MAX,
  COLLECTION_RULE_TYPES,
  DISCOUNT_METHOD_KINDS,
  PERCENT_MAX,
  PERCENT_RULE_IN_AMOUNT,
  RULE_TYPES,
  THRESHOLD_UNITS,
  normalizeCollectionId,
} from "../domain/rules";

/** Rule, collection-rule and settings schemas, shared by the Rules page and the JSON API. */

const NAME_MAX = 100;
const DESCRIPTION_MAX = 500;
const MESSAGE_MAX = 300;

/** A plain decimal number as people write it: 12, 12.5, .5 (no hex, exponents or signs). */
const DECIMAL = /^(\d+(\.\d*)?|\.\d+)$/;

/**
 * "It must parse as a number of 0 or more, else 'Must be a valid positive number'." Only
 * decimal numbers count: "0x10" or "1e5" are not what a merchant typed.
 */
const threshold = z
  .union([z.string(), z.number()], { error: "Threshold is required" })
  .transform((value, context) => {
    const text = typeof value === "string" ? value.trim() : null;
    if (text === "") {
      context.addIssue({ code: "custom", message: "Threshold is required" });
      return z.NEVER;
    }
    const number = text === null ? value : DECIMAL.test(text) ? Number(text) : Number.NaN;
    if (typeof number !== "number" || !Number.isFinite(number) || number < 0) {
      context.addIssue({ code: "custom", message: "Must be a valid positive number" });
      return z.NEVER;
    }
    return number;
  })
  .refine((value) => value <= AMOUNT_MAX, `Must be ${AMOUNT_MAX.toLocaleString("en-US")} or less`);

/** Priorities a rule may have. */
const PRIORITY_LIMIT = 1000;

/** A whole number: from JSON a number, from a form its decimal digits. Nothing else is read as one. */
const priority = z
  .union([z.number(), z.string()], { error: "Priority must be a whole number" })
  .transform((value, context) => {
    const number =
      typeof value === "number" ? value : /^-?\d{1,4}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
    if (!Number.isInteger(number) || Math.abs(number) > PRIORITY_LIMIT) {
      context.addIssue({
        code: "custom",
        message: `Priority must be a whole number from -${PRIORITY_LIMIT} to ${PRIORITY_LIMIT}`,
      });
      return z.NEVER;
    }
    return number;
  });

const PERCENT_TOO_HIGH = `Must be ${PERCENT_MAX} or less for a percentage`;

const ruleFields = {
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`),
  description: z
    .string()
    .trim()
    .max(DESCRIPTION_MAX, `Description must be at most ${DESCRIPTION_MAX} characters`)
    .optional()
    .transform((value) => value || null),
  ruleType: z.enum(RULE_TYPES, {
    error: (issue) =>
      issue.input === undefined || issue.input === ""
        ? "Rule type is required"
        : `Rule type must be one of ${RULE_TYPES.join(", ")}`,
  }),
  threshold,
  thresholdUnit: z.enum(THRESHOLD_UNITS, { error: "Unit must be AMOUNT or PERCENT" }).optional(),
  action: z
    .enum(["alert", "block"], { error: "Action is required" })
    .refine((value) => value === "alert", "Block Checkout is coming soon with the Plus plan"),
  isActive: flag.optional(),
  priority: priority.optional(),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, "Currency must be a three-letter code such as USD")
    .optional(),
  conditions: z.record(z.string(), z.unknown(), { error: "Conditions must be an object" }).optional(),
  /** docs/product.md#order-actions: what a breach does to the order besides alerting */
  orderActions: z
    .object(
      { tag: flag.optional(), hold: flag.optional(), flow: flag.optional() },
      { error: "Order actions must be an object with tag, hold and flow" },
    )
    .optional(),
};

function percentCapped(data: { ruleType: string; thresholdUnit?: string; threshold: number }) {
  const percent =
    data.ruleType === "margin_floor" ||
    data.ruleType === "max_discount" ||
    (data.ruleType !== "max_discount_amount" && data.thresholdUnit === "PERCENT");
  return !percent || data.threshold <= PERCENT_MAX;
}

export const ruleSchema = z
  .object(ruleFields)
  .refine(percentCapped, { message: PERCENT_TOO_HIGH, path: ["threshold"] })
  .refine((data) => !(data.ruleType === "max_discount" && data.thresholdUnit === "AMOUNT"), {
    message: PERCENT_RULE_IN_AMOUNT,
    path: ["thresholdUnit"],
  });
export type RuleInput = z.infer<typeof ruleSchema>;

/** Turning a rule on or off from the list. */
export const ruleActiveSchema = z.object({ isActive: flag });

export const collectionRuleSchema = z
  .object({
    collectionId: z
      .string({ error: "Collection is required" })
      .trim()
      .min(1, { error: "Collection is required", abort: true })
      .transform((value, context) => {
        const normalized = normalizeCollectionId(value);
        if (!normalized) {
          context.addIssue({
            code: "custom",
            message: "Enter a collection id such as 123456789 or gid://shopify/Collection/123456789",
          });
          return z.NEVER;
        }
        return normalized;
      }),
    collectionTitle: z
      .string()
      .trim()
      .max(NAME_MAX)
      .optional()
      .transform((value) => value || null),
    ruleType: z.enum(COLLECTION_RULE_TYPES, {
      error: (issue) =>
        issue.input === undefined || issue.input === ""
          ? "Rule type is required"
          : `Rule type must be one of ${COLLECTION_RULE_TYPES.join(", ")}`,
    }),
    threshold,
    action: ruleFields.action.optional().default("alert"),
    orderActions: ruleFields.orderActions,
  })
  .refine((data) => data.ruleType !== "margin_floor" || data.threshold <= PERCENT_MAX, {
    message: PERCENT_TOO_HIGH,
    path: ["threshold"],
  });
export type CollectionRuleInput = z.infer<typeof collectionRuleSchema>;

const KINDS = DISCOUNT_METHOD_KINDS.map((method) => method.kind) as [string, ...string[]];
const combination = z
  .array(z.enum(KINDS, { error: `Discount kinds are ${KINDS.join(", ")}` }))
  .refine(
    (kinds) => new Set(kinds).size >= 2 && new Set(kinds).size === kinds.length,
    "A combination names two or more different discount kinds",
  );

/** The product's other name for the list of blocked combinations (docs/product.md#entities). */
function withPreventedCategories(value: unknown): unknown {
  if (!value || typeof value !== "object" || Array.isArray(value)) return value;
  const { preventedCategories, ...rest } = value as Record<string, unknown>;
  return preventedCategories !== undefined && rest.blockedStacking === undefined
    ? { ...rest, blockedStacking: preventedCategories }
    : rest;
}

const stackingFields = z.object({
  enabled: flag.default(false),
  // JSON sends [["KindA","KindB"], ...]; forms send each combination as "KindA+KindB".
  blockedStacking: z.preprocess(
    (value) => {
      if (value === undefined || value === null || value === "") return [];
      const list = Array.isArray(value) ? value : [value];
      return list.map((item) => (typeof item === "string" ? item.split("+") : item));
    },
    z.array(combination, { error: "Blocked combinations must be a list" }),
  ),
});
/** Stacking settings: `blockedStacking`, or `preventedCategories` when that is what is sent. */
export const stackingSchema = z.preprocess(withPreventedCategories, stackingFields);
export type StackingInput = z.infer<typeof stackingFields>;

export const blockingSchema = z.object({
  instantBlocking: flag.default(false),
  staffOverride: flag.default(true),
  customerMessage: z
    .string({ error: "Customer message is required" })
    .trim()
    .min(1, "Customer message is required")
    .max(MESSAGE_MAX, `Customer message must be at most ${MESSAGE_MAX} characters`),
});
export type BlockingInput = z.infer<typeof blockingSchema>;
