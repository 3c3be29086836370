import * as z from "zod";

/** What a bad audience size is told, in the API and in the Edit dialog. */
export const AUDIENCE_MESSAGE = "a whole number from 1 to 10,000,000, or null";

const audienceSize = z
  .number({ message: AUDIENCE_MESSAGE })
  .int(AUDIENCE_MESSAGE)
  .min(1, AUDIENCE_MESSAGE)
  .max(10_000_000, AUDIENCE_MESSAGE);

const customerTag = z
  .string({ message: "customer tags are text" })
  .trim()
  .min(1, "a tag cannot be empty")
  .max(40, "a tag has at most 40 characters")
  .regex(/^[^,]+$/, "a tag cannot contain a comma");

const segmentTags = z.array(customerTag, { message: "a list of customer tags, or null" }).max(20, "at most 20 tags");

/**
 * PUT /api/codes/:code's body (docs/product.md#leaked-codes): the audience size and the
 * segment's customer tags, null clearing either.
 */
export const codeSettingsInput = z
  .object({
    audienceSize: audienceSize.nullable().optional(),
    segmentTags: segmentTags.nullable().optional(),
  })
  .strict();

/**
 * The Codes page's Edit dialog: the same settings as typed, an empty field clearing its setting;
 * the tags comma-separated.
 */
export const codeSettingsFormSchema = z.object({
  code: z.string({ message: "Choose a code" }).trim().min(1, "Choose a code"),
  // conform reads a number's digits, and leaves an emptied field out: absent clears the setting
  audienceSize: audienceSize.optional().transform((value) => value ?? null),
  segmentTags: z
    .preprocess((value) => {
      if (typeof value !== "string") return value;
      const tags = value
        .split(",")
        .map((tag) => tag.trim())
        .filter(Boolean);
      return tags.length > 0 ? tags : undefined;
    }, segmentTags.optional())
    .optional()
    .transform((value) => value ?? null),
});

/** The Codes page's buttons: deactivate a code in Shopify, or reactivate it. */
export const codeSwitchSchema = z.object({ code: codeSettingsFormSchema.shape.code });
