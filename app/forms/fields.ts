import * as z from "zod";

/**
 * The field types every form and JSON API shares (docs/security.md#what-is-verified).
 * Each reads exactly one written form of its value and refuses the rest with a message naming
 * the field: nothing is coerced (no `z.coerce`, no `Number()` or `String()` on what was sent),
 * so "0x10", "1e3", `true` or `[1]` are never a number and an object never becomes
 * "[object Object]". The number fields take `unknown` through `z.custom`, which conform's
 * form parser leaves alone (it would read a `z.number()` with `Number()`).
 */

/** Unicode control characters (category Cc): C0 with NUL, DEL, and C1. */
const CONTROLS = /\p{Cc}/u;
/** The same, except the tab and line breaks a text with several lines has. */
const CONTROLS_BUT_LINES = /(?![\t\n\r])\p{Cc}/u;

/** How a value that is not what a field takes is named in its message. */
function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "an object";
  return `a ${typeof value}`;
}

/** A value echoed in a message: quoted, escaped, and cut short. */
const quoted = (text: string) => JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}...` : text);

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const article = (noun: string) => (/^[aeiou]/i.test(noun) ? `an ${noun}` : `a ${noun}`);

/** Any value but absence (`undefined`), which is refused with `required`. */
const present = (required: string) => z.custom<unknown>((value) => value !== undefined, { error: required });

/** A boolean from JSON (true/false) or a form ("true", "false", "on"). */
export const flag = z.union([z.boolean(), z.enum(["true", "false", "on"]).transform((value) => value !== "false")]);

/**
 * A whole number: a JSON integer, or decimal digits (an optional minus sign; surrounding space
 * trimmed) as a form sends it. Not hex, exponents, decimals ("15.0"), booleans, lists or
 * objects: those are `message`; a number outside min..max is `range` (default `message`).
 */
export function wholeNumber(options: { min: number; max: number; message: string; range?: string; required?: string }) {
  const { min, max, message } = options;
  return present(options.required ?? message).transform((value, context) => {
    const text = typeof value === "string" ? value.trim() : null;
    const number =
      typeof value === "number" ? value : text !== null && /^-?\d+$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isInteger(number)) {
      context.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    if (number < min || number > max) {
      context.addIssue({ code: "custom", message: options.range ?? message });
      return z.NEVER;
    }
    return number + 0; // -0 is 0
  });
}

/** A plain decimal number as people write it: 12, 12.5, 12., .5 (no sign, hex or exponent). */
const DECIMAL = /^(\d+(\.\d*)?|\.\d+)$/;

/**
 * A decimal number (money, percentages): a finite JSON number, or a plain decimal written in
 * a form ("12.50"). Empty or absent is `required`; hex, exponents, Infinity, NaN, signs,
 * booleans, lists and objects are `message`. The caller checks the range.
 */
export function decimalNumber(options: { required: string; message: string }) {
  return present(options.required).transform((value, context) => {
    const text = typeof value === "string" ? value.trim() : null;
    if (text === "") {
      context.addIssue({ code: "custom", message: options.required });
      return z.NEVER;
    }
    const number = typeof value === "number" ? value : text !== null && DECIMAL.test(text) ? Number(text) : Number.NaN;
    if (!Number.isFinite(number)) {
      context.addIssue({ code: "custom", message: options.message });
      return z.NEVER;
    }
    return number;
  });
}

/** The kinds of Shopify object whose ids merchants enter (another kind is one more name here). */
export type IdKind = "Product" | "Collection";

/** Shopify's ids are 64-bit: 20 digits at most. */
const ID_DIGITS = /^\d{1,20}$/;

/**
 * A Shopify id of `kind`, stored as its exact GID string: from its digits ("123"), its GID
 * ("gid://shopify/Product/123") or a JSON integer up to Number.MAX_SAFE_INTEGER. A larger
 * JSON number has lost digits before it is read, so it is refused with a message telling to
 * send the id as a string. Leading zeros are dropped so that the same id always compares equal.
 */
export function idString(kind: IdKind, options: { message?: string; required?: string } = {}) {
  const noun = kind.toLowerCase();
  const gid = new RegExp(`^gid://shopify/${kind}/(\\d{1,20})$`);
  const notAnId = (value: string) =>
    options.message ?? `${quoted(value)} is not ${article(noun)} id (a number, or gid://shopify/${kind}/…)`;
  const required = options.required ?? `${capitalized(article(noun))} id is required`;
  return present(required).transform((value, context) => {
    const refuse = (message: string) => {
      context.addIssue({ code: "custom", message });
      return z.NEVER;
    };
    if (typeof value === "number") {
      if (Number.isInteger(value) && !Number.isSafeInteger(value)) {
        const example = (BigInt(Number.MAX_SAFE_INTEGER) + 2n).toString();
        return refuse(
          `${capitalized(article(noun))} id above ${Number.MAX_SAFE_INTEGER} loses its last digits as a JSON number: ` +
            `send it as a string, such as "${example}" or "gid://shopify/${kind}/${example}"`,
        );
      }
      value = String(value);
    }
    if (typeof value !== "string") {
      return refuse(`${capitalized(article(noun))} id is a string of digits or gid://shopify/${kind}/…`);
    }
    const text = value.trim();
    if (text === "") return refuse(required);
    const digits = ID_DIGITS.test(text) ? text : gid.exec(text)?.[1];
    const id = digits === undefined ? 0n : BigInt(digits);
    if (id === 0n) return refuse(notAnId(text));
    return `gid://shopify/${kind}/${id.toString()}`;
  });
}

/**
 * Text people read: a rule's name, a message a buyer sees at checkout, a tag. A string,
 * trimmed, with no control characters (NUL, DEL, escapes; `lines` lets tabs and line breaks
 * through). `required` is the message when it is absent; another type "must be text".
 */
export function plainText(label: string, options: { lines?: boolean; required?: string } = {}) {
  const controls = options.lines ? CONTROLS_BUT_LINES : CONTROLS;
  return z
    .string({
      error: (issue) => (issue.input === undefined && options.required ? options.required : `${label} must be text`),
    })
    .trim()
    .refine((value) => !controls.test(value), `${label} must not contain control characters`);
}

/** A message a buyer reads (the checkout's refusal, a code's rejection): plain text on one line, capped. */
export function buyerText(label: string, max: number, options: { required?: string } = {}) {
  return plainText(label, options).max(max, `${label} must be at most ${max} characters`);
}

/** A tag (a customer's, an order's): text only, trimmed, one line, at most 255 characters. */
export function tagString(noun = "tag") {
  const label = capitalized(article(noun));
  return z
    .string({ error: (issue) => `${label} is text, not ${kindOf(issue.input)}` })
    .trim()
    .min(1, `${label} is empty`)
    .max(255, `${label} is at most 255 characters`)
    .refine((value) => !CONTROLS.test(value), `${label} must not contain control characters`);
}

/**
 * A list sent as a JSON array, or as text split at `separator` (a form's field). Items are
 * trimmed and empty ones dropped; absent or null is empty. Anything else (an object, a number,
 * a boolean) is refused with `label` named: it is never turned into text.
 */
function textList<Item extends z.ZodType>(
  item: Item,
  max: number,
  label: string,
  separator: { pattern: RegExp; words: string },
) {
  return z.preprocess(
    (value) => {
      if (value === undefined || value === null) return [];
      const list = typeof value === "string" ? value.split(separator.pattern) : value;
      if (!Array.isArray(list)) return list;
      return list.map((entry) => (typeof entry === "string" ? entry.trim() : entry)).filter((entry) => entry !== "");
    },
    z
      .array(item, { error: `${capitalized(label)} must be a list: a JSON array, or text ${separator.words}` })
      .max(max, `At most ${max} ${label}`),
  );
}

/** A list entered comma-separated in a form, or sent as an array in JSON. */
export function commaList<Item extends z.ZodType>(item: Item, max: number, label: string) {
  return textList(item, max, label, { pattern: /,/, words: "separated by commas" });
}

/** A list entered one item per line in a form, or sent as an array in JSON. */
export function lineList<Item extends z.ZodType>(item: Item, max: number, label: string) {
  return textList(item, max, label, { pattern: /\r?\n/, words: "with one item per line" });
}
