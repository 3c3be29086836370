/**
 * What the app writes for its two Shopify Functions, held to the limits Shopify puts on a
 * Function's input (docs/product.md#function-input-limits). Past them the Function does not
 * decide: a list variable of more than 100 elements fails the run (Shopify's
 * InputListSizeLimitExceededError), and a metafield over 10,000 bytes is not returned to it, so
 * the code rules Function sees no rules. Both Functions then fail open: every code passes, and
 * the checkout validation (made with blockOnFailure false) lets every checkout through. So the
 * app checks what it would write before it saves or writes it, and says which field to shorten.
 *
 * Pure: the config API, the Rules page and the protection status all call it.
 */
import { codeRulesMetafield, type CodeRules } from "../code-rules/code-rules";
import { formatCount } from "../money";

/** Field arguments and input query variables of list type: at most this many elements. */
export const FUNCTION_LIST_MAX = 100;
/** A metafield the input query reads is returned only up to this many bytes. */
export const FUNCTION_METAFIELD_MAX_BYTES = 10_000;
/**
 * A Function's whole input (Shopify counts 1 kB as 1,000 bytes): 64,000 bytes when Shopify
 * raised the metafield limit, 128 kB up to 200 cart lines in its current limits table; the
 * tests hold both Functions' inputs at 200 lines to the smaller figure.
 */
export const FUNCTION_INPUT_MAX_BYTES = 64_000;

/** One limit passed, said on the field to change. */
export interface LimitProblem {
  field: string;
  message: string;
}

export interface InputLimitsCheck {
  withinLimits: boolean;
  /** the size of the metafield's JSON as it would be written, in UTF-8 bytes */
  bytes: number;
  problems: LimitProblem[];
}

/** The UTF-8 size of a text: what Shopify counts. */
export function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).length;
}

interface ListOf {
  field: string;
  label: string;
  noun: string;
  items: readonly unknown[];
  /** how many times the metafield holds the list: the variables repeat what the rules hold */
  copies: number;
}

/** The lists of the code rules' metafield, with the fields the merchant fills them from. */
function codeRulesLists(rules: CodeRules): ListOf[] {
  const tags = rules.customerTags?.tags ?? [];
  return [
    {
      field: "forbiddenPairs",
      label: "Codes that can't be combined",
      noun: "pairs",
      items: rules.forbiddenPairs,
      copies: 1,
    },
    {
      field: "protectedProductIds",
      label: "Protected products",
      noun: "products",
      items: rules.protectedProductIds,
      copies: 1,
    },
    // the $collectionIds variable of inAnyCollection(ids:) and the rules' own copy
    {
      field: "protectedCollectionIds",
      label: "Protected collections",
      noun: "collections",
      items: rules.protectedCollectionIds,
      copies: 2,
    },
    // the $customerTags variable of hasTags(tags:) and the rules' own copy
    { field: "customerTags", label: "Customer tags", noun: "tags", items: tags, copies: 2 },
  ];
}

/** "Protected collections: up to 100 collections (there are 101)." */
export function listLimitMessage(label: string, noun: string, count: number, max = FUNCTION_LIST_MAX): string {
  return `${label}: up to ${formatCount(max)} ${noun} (there are ${formatCount(count)}).`;
}

function sizeMessage(bytes: number, what: string, largest: ListOf | null, largestBytes: number): string {
  const over = `${what} would take ${formatCount(bytes)} bytes; Shopify gives a Function at most ${formatCount(FUNCTION_METAFIELD_MAX_BYTES)} bytes of them.`;
  return largest ? `${over} ${largest.label} take the most (${formatCount(largestBytes)} bytes): remove some.` : over;
}

/**
 * The code rules' metafield as the app would write it, without the codes' values (they are added
 * only within the room left, docs/product.md#code-rules): every list at most 100 elements and
 * the JSON at most 10,000 bytes. Over the size, the problem is on the list that takes the most.
 */
export function codeRulesInputLimits(rules: CodeRules): InputLimitsCheck {
  const { left: _left, ...written } = codeRulesMetafield(rules);
  const bytes = utf8Bytes(JSON.stringify(written));
  const lists = codeRulesLists(rules);
  const problems: LimitProblem[] = lists
    .filter((list) => list.items.length > FUNCTION_LIST_MAX)
    .map((list) => ({ field: list.field, message: listLimitMessage(list.label, list.noun, list.items.length) }));
  if (bytes > FUNCTION_METAFIELD_MAX_BYTES) {
    const sized = lists.map((list) => ({ list, bytes: utf8Bytes(JSON.stringify(list.items)) * list.copies }));
    const largest = sized.reduce((a, b) => (b.bytes > a.bytes ? b : a));
    const messageBytes = utf8Bytes(JSON.stringify(rules.message));
    problems.push(
      messageBytes > largest.bytes
        ? { field: "message", message: sizeMessage(bytes, "These code rules", null, 0) }
        : {
            field: largest.list.field,
            message: sizeMessage(bytes, "These code rules", largest.list, largest.bytes),
          },
    );
  }
  return { withinLimits: problems.length === 0, bytes, problems };
}

/**
 * The checkout validation's metafield (the serialized configuration): no list, at most 10,000
 * bytes. Its longest part is the buyer's message (255 characters), so it stays far within.
 */
export function checkoutConfigInputLimits(serialized: string): InputLimitsCheck {
  const bytes = utf8Bytes(serialized);
  const problems =
    bytes > FUNCTION_METAFIELD_MAX_BYTES
      ? [{ field: "customerMessage", message: sizeMessage(bytes, "The checkout configuration", null, 0) }]
      : [];
  return { withinLimits: problems.length === 0, bytes, problems };
}

/** Problems as a route's field errors. */
export function limitFieldErrors(problems: LimitProblem[]): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const { field, message } of problems) (fields[field] ??= []).push(message);
  return fields;
}
