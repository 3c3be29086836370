/**
 * The paths Shopify's Discounts page opens in the app for the code rules' Discount Function
 * (docs/product.md#shopifys-discounts-page): the Function's shopify.extension.toml declares
 * them under `[extensions.ui.paths]`, with Shopify's placeholders `:functionId` (the Function's
 * id) and `:id` (the discount's number, the last part of its DiscountAutomaticNode id).
 */

export const DISCOUNT_UI_PATHS = {
  create: "/discounts/:functionId/new",
  details: "/discounts/:functionId/:id",
} as const;

const DISCOUNT_NODE = "gid://shopify/DiscountAutomaticNode/";
/** A Function's id: Shopify's are UUIDs; letters, digits, "-" and "_", at most 100 */
const FUNCTION_ID = /^[A-Za-z0-9_-]{1,100}$/;
const NUMBER = /^[1-9]\d{0,19}$/;

/** The Function id of a path, or null when it cannot be one (then the page is not found). */
export function parseFunctionId(raw: string | undefined): string | null {
  return raw !== undefined && FUNCTION_ID.test(raw) ? raw : null;
}

/**
 * The discount a details path names, as its Admin API id: Shopify puts the number in `:id`; a
 * whole DiscountAutomaticNode id (URL-encoded or not) is read too. Anything else is null.
 */
export function parseDiscountId(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  let value = raw;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (value.startsWith(DISCOUNT_NODE)) value = value.slice(DISCOUNT_NODE.length);
  return NUMBER.test(value) ? `${DISCOUNT_NODE}${value}` : null;
}

/** The number at the end of a DiscountAutomaticNode id, or null for any other id. */
export function discountNumberOf(discountId: string): string | null {
  if (!discountId.startsWith(DISCOUNT_NODE)) return null;
  const number = discountId.slice(DISCOUNT_NODE.length);
  return NUMBER.test(number) ? number : null;
}

/** The app's details page of a discount, as Shopify's Discounts page links to it. */
export function discountDetailsPath(functionId: string, discountId: string): string | null {
  const number = discountNumberOf(discountId);
  return number && parseFunctionId(functionId) ? `/discounts/${functionId}/${number}` : null;
}

/** The app's create page for a Function, as Shopify's "Create discount" opens it. */
export function discountCreatePath(functionId: string): string | null {
  return parseFunctionId(functionId) ? `/discounts/${functionId}/new` : null;
}

/**
 * The `create` and `details` of a shopify.extension.toml's `[extensions.ui.paths]` table (only
 * what this app writes there: `key = "value"` lines), or null without the table.
 */
export function uiPathsOf(toml: string): { create?: string; details?: string } | null {
  const lines = toml.split(/\r?\n/).map((line) => line.trim());
  const start = lines.indexOf("[extensions.ui.paths]");
  if (start < 0) return null;
  const paths: { create?: string; details?: string } = {};
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith("[")) break;
    const match = /^(create|details)\s*=\s*"([^"]*)"\s*(?:#.*)?$/.exec(line);
    if (match) paths[match[1] as "create" | "details"] = match[2];
  }
  return paths;
}
