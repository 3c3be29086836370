import * as z from "zod";
import { buyerText, decimalNumber, flag, idString, plainText, wholeNumber } from "./fields";
import {
  AMOUNT_MAX,
  COLLECTION_RULE_TYPES,
  DISCOUNT_METHOD_KINDS,
  PERCENT_MAX,
  PERCENT_RULE_IN_AMOUNT,
  RULE_TYPES,
  THRESHOLD_UNITS,
  collectionRuleUnit,
} from "../domain/rules/rules";
import { formatCount } from "../domain/money";
import { RULE_STATUSES, parseScheduleInstant } from "../domain/rules/rule-schedule";

/** Rule, collection-rule and settings schemas, shared by the Rules page and the JSON API. */

const NAME_MAX = 100;
const DESCRIPTION_MAX = 500;
const MESSAGE_MAX = 300;

const POSITIVE = "Must be a valid positive number";

/**
 * "It must parse as a number of 0 or more, else 'Must be a valid positive number'." Only
 * decimal numbers count: "0x10" or "1e5" are not what a merchant typed.
 */
const threshold = decimalNumber({ required: "Threshold is required", message: POSITIVE })
  .refine((value) => value >= 0, POSITIVE)
  .refine((value) => value <= AMOUNT_MAX, `Must be ${formatCount(AMOUNT_MAX)} or less`);

/** Priorities a rule may have. */
const PRIORITY_LIMIT = 1000;

const priority = wholeNumber({
  min: -PRIORITY_LIMIT,
  max: PRIORITY_LIMIT,
  message: `Priority must be a whole number from -${PRIORITY_LIMIT} to ${PRIORITY_LIMIT}`,
});

const PERCENT_TOO_HIGH = `Must be ${PERCENT_MAX} or less for a percentage`;

/**
 * A rule's status (docs/product.md#status-and-schedule): active, testing (breaches
 * recorded as would-have events only) or inactive. Left out: the rule keeps its own.
 */
const status = z.enum(RULE_STATUSES, { error: "Status must be active, testing or inactive" });

/**
 * A schedule's start or end: ISO 8601 with an offset, or a date and time without one (the
 * dialog's field) read in the shop's time zone; null or empty: none.
 */
function scheduleInstant(label: string) {
  const message = `${label} must be a date and time such as 2026-11-27T00:00:00-05:00`;
  return z
    .union([z.string({ error: message }), z.null()], { error: message })
    .transform((value, context) => {
      const text = value?.trim() ?? "";
      if (text === "") return null;
      if (!parseScheduleInstant(text, "UTC")) {
        context.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return text;
    })
    .optional();
}

export const END_AFTER_START = "End must be after the start";

const HAS_OFFSET = /(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * The end after the start, as far as it can be told without the shop's zone: both written with
 * an offset, or both without (then in the same zone). The service checks every pair in the
 * shop's zone (app/services/rules/rule-saves.server.ts).
 */
function endAfterStart(data: { startsAt?: string | null; endsAt?: string | null }) {
  if (!data.startsAt || !data.endsAt) return true;
  if (HAS_OFFSET.test(data.startsAt) !== HAS_OFFSET.test(data.endsAt)) return true;
  return parseScheduleInstant(data.endsAt, "UTC")!.getTime() > parseScheduleInstant(data.startsAt, "UTC")!.getTime();
}

/** status and isActive, both sent, say the same thing. */
function statusAgrees(data: { status?: string; isActive?: boolean }) {
  return data.status === undefined || data.isActive === undefined || (data.status !== "inactive") === data.isActive;
}
const STATUS_DISAGREES = "Status and isActive disagree: send one of them";

const ruleFields = {
  name: plainText("Name", { required: "Name is required" })
    .min(1, "Name is required")
    .max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`),
  description: plainText("Description", { lines: true })
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
  status: status.optional(),
  startsAt: scheduleInstant("Start"),
  endsAt: scheduleInstant("End"),
  priority: priority.optional(),
  currency: z
    .string({ error: "Currency must be a three-letter code such as USD" })
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
  })
  .refine(statusAgrees, { message: STATUS_DISAGREES, path: ["status"] })
  .refine(endAfterStart, { message: END_AFTER_START, path: ["endsAt"] });
export type RuleInput = z.infer<typeof ruleSchema>;

/** Turning a rule on or off from the list. */
export const ruleActiveSchema = z.object({ isActive: flag });

export const collectionRuleSchema = z
  .object({
    collectionId: idString("Collection", {
      required: "Collection is required",
      message: "Enter a collection id such as 123456789 or gid://shopify/Collection/123456789",
    }),
    collectionTitle: plainText("Collection title")
      .max(NAME_MAX, `Collection title must be at most ${NAME_MAX} characters`)
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
    status: ruleFields.status,
    startsAt: ruleFields.startsAt,
    endsAt: ruleFields.endsAt,
  })
  // Margin Floor and Maximum Discount (%) are percentages (docs/product.md#rules)
  .refine((data) => collectionRuleUnit(data.ruleType) !== "PERCENT" || data.threshold <= PERCENT_MAX, {
    message: PERCENT_TOO_HIGH,
    path: ["threshold"],
  })
  .refine(endAfterStart, { message: END_AFTER_START, path: ["endsAt"] });
export type CollectionRuleInput = z.infer<typeof collectionRuleSchema>;

const KINDS = DISCOUNT_METHOD_KINDS.map((method) => method.kind) as [string, ...string[]];
const combination = z
  .array(z.enum(KINDS, { error: `Discount kinds are ${KINDS.join(", ")}` }), {
    error: "Write a combination as two or more discount kinds: KindA+KindB",
  })
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
      const list = Array.isArray(value) ? value : typeof value === "string" ? [value] : null;
      // anything else is refused below, never read as text
      if (!list) return value;
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
  // shown to buyers when checkout is blocked
  customerMessage: buyerText("Customer message", MESSAGE_MAX, { required: "Customer message is required" }).min(
    1,
    "Customer message is required",
  ),
});
export type BlockingInput = z.infer<typeof blockingSchema>;

/**
 * The Stacking & blocking page's one form (docs/product.md#rules): both settings in one post,
 * checked together, so a refused field saves neither.
 */
export const rulesSettingsSchema = stackingFields.extend(blockingSchema.shape);
