/**
 * Code rules: which discount codes a cart turns away when they are entered, and why
 * (docs/product.md#code-rules). One pure module, bundled into the Discount Function that
 * rejects the codes at checkout and used by the server's preview on the Rules page, so the two
 * can never disagree. Discount Functions run side by side and cannot see each other's
 * results, so a rule decides from the cart and the entered codes, never from other discounts'
 * amounts. No configuration, or every rule off, rejects nothing.
 */

/** The merchant's code rules, as saved in the discount's `$app` metafield. */
export interface CodeRules {
  /** shown to the customer for every rejected code */
  message: string;
  /** no code while the cart holds an item already on sale (compare-at price above price) */
  noCodesOnSaleItems: boolean;
  /** at most this many codes together; null: any number */
  maxCodes: number | null;
  /** codes that may not be used together (compared without regard to case) */
  forbiddenPairs: [string, string][];
  /** no code while the cart holds one of these products (gid://shopify/Product/…) */
  protectedProductIds: string[];
  /** no code while the cart holds a product of one of these collections (gid://shopify/Collection/…) */
  protectedCollectionIds: string[];
  /** codes only for customers with one of the tags ("only"), or never for them ("refuse"); null: anyone */
  customerTags: { mode: "only" | "refuse"; tags: string[] } | null;
}

export const DEFAULT_CODE_REJECTION_MESSAGE = "This discount code can't be used with the items in your cart.";

/** Code rules that reject nothing: what a shop has until it saves its own. */
export const NO_CODE_RULES: CodeRules = {
  message: DEFAULT_CODE_REJECTION_MESSAGE,
  noCodesOnSaleItems: false,
  maxCodes: null,
  forbiddenPairs: [],
  protectedProductIds: [],
  protectedCollectionIds: [],
  customerTags: null,
};

/** A cart line as the rules see it. */
export interface CodeCartLine {
  title: string;
  productId: string | null;
  /** the line's unit price and the variant's compare-at price, in cents */
  priceCents: number;
  compareAtPriceCents: number | null;
  /** the product belongs to one of the protected collections (the Function asks Shopify; the preview knows it) */
  inProtectedCollection: boolean;
}

export interface CodeCart {
  lines: CodeCartLine[];
  /** null: no customer is known (a guest before they sign in) */
  customerTags: string[] | null;
}

/** A code entered at checkout; Shopify says whether a Function may reject it. */
export interface EnteredCode {
  code: string;
  rejectable: boolean;
}

export interface CodeDecision {
  code: string;
  rejected: boolean;
  /** why, in the merchant's words, for the preview; empty when accepted */
  reasons: string[];
  /** a reason applied, but Shopify does not let this code be rejected */
  notRejectable?: boolean;
}

export interface CodeRulesResult {
  decisions: CodeDecision[];
  /** the codes to reject (rejectable ones only), for the Function's output */
  rejected: string[];
  message: string;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const list = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} or ${items[items.length - 1]}`;

/** Whether any rule is on: a configuration with none rejects nothing. */
export function hasCodeRules(rules: CodeRules | null | undefined): rules is CodeRules {
  return Boolean(
    rules &&
    (rules.noCodesOnSaleItems ||
      rules.maxCodes !== null ||
      rules.forbiddenPairs.length > 0 ||
      rules.protectedProductIds.length > 0 ||
      rules.protectedCollectionIds.length > 0 ||
      (rules.customerTags !== null && rules.customerTags.tags.length > 0)),
  );
}

/** Reasons that turn away every code in this cart. */
function cartReasons(rules: CodeRules, cart: CodeCart): string[] {
  const reasons: string[] = [];
  if (rules.noCodesOnSaleItems) {
    for (const line of cart.lines) {
      if (line.compareAtPriceCents !== null && line.compareAtPriceCents > line.priceCents) {
        reasons.push(
          `${line.title} is already on sale (${money(line.priceCents)}, was ${money(line.compareAtPriceCents)})`,
        );
      }
    }
  }
  for (const line of cart.lines) {
    if (line.productId && rules.protectedProductIds.includes(line.productId)) {
      reasons.push(`${line.title} is a protected product`);
    } else if (rules.protectedCollectionIds.length > 0 && line.inProtectedCollection) {
      reasons.push(`${line.title} is in a protected collection`);
    }
  }
  const tags = rules.customerTags;
  if (tags && tags.tags.length > 0) {
    const has = (cart.customerTags ?? []).some((tag) => tags.tags.some((wanted) => same(tag, wanted)));
    if (tags.mode === "only" && !has) {
      reasons.push(`codes are only for customers tagged ${list(tags.tags)}`);
    }
    if (tags.mode === "refuse" && has) {
      reasons.push(`codes are not for customers tagged ${list(tags.tags)}`);
    }
  }
  return reasons;
}

/**
 * Decides each entered code, in the order entered: the cart's own reasons reject every code;
 * a code past the limit, or the second of a forbidden pair, is rejected on its own. Codes
 * Shopify marks not rejectable are decided too (for the preview) but never put in `rejected`.
 */
export function decideCodes(
  rules: CodeRules | null | undefined,
  cart: CodeCart,
  entered: EnteredCode[],
): CodeRulesResult {
  const message = rules?.message.trim() || DEFAULT_CODE_REJECTION_MESSAGE;
  if (!hasCodeRules(rules)) {
    return { decisions: entered.map(({ code }) => ({ code, rejected: false, reasons: [] })), rejected: [], message };
  }
  const shared = cartReasons(rules, cart);
  const kept: string[] = [];
  const decisions = entered.map(({ code, rejectable }): CodeDecision => {
    const reasons = [...shared];
    if (rules.maxCodes !== null && kept.length >= rules.maxCodes) {
      reasons.push(`only ${rules.maxCodes} code${rules.maxCodes === 1 ? "" : "s"} can be used together`);
    }
    for (const [a, b] of rules.forbiddenPairs) {
      const partner = same(code, a) ? b : same(code, b) ? a : null;
      const earlier = partner ? kept.find((other) => same(other, partner)) : undefined;
      if (earlier) reasons.push(`${code} can't be combined with ${earlier}`);
    }
    if (reasons.length === 0 || !rejectable) kept.push(code);
    return reasons.length === 0
      ? { code, rejected: false, reasons }
      : { code, rejected: rejectable, reasons, ...(rejectable ? {} : { notRejectable: true }) };
  });
  return {
    decisions,
    rejected: decisions.filter((decision) => decision.rejected).map((decision) => decision.code),
    message,
  };
}

/** One line of the preview: "SAVE20: rejected, because …" or "SAVE20: accepted". */
export function decisionText(decision: CodeDecision): string {
  if (decision.reasons.length === 0) return `${decision.code}: accepted`;
  const because = decision.reasons.join("; ");
  return decision.notRejectable
    ? `${decision.code}: would be rejected, because ${because}, but Shopify does not let apps reject this code`
    : `${decision.code}: rejected, because ${because}`;
}

/** Where the app writes the rules, on the app discount that runs the Function. */
export const CODE_RULES_METAFIELD = { namespace: "$app", key: "code-rules" } as const;

/**
 * The metafield's JSON: the rules, and the Function input query's variables (the collections to
 * ask about, the customer tags to ask about), which Shopify reads from the same metafield.
 */
export interface CodeRulesMetafield {
  rules: CodeRules;
  collectionIds: string[];
  customerTags: string[];
}

export function codeRulesMetafield(rules: CodeRules): CodeRulesMetafield {
  return { rules, collectionIds: rules.protectedCollectionIds, customerTags: rules.customerTags?.tags ?? [] };
}

const strings = (value: unknown): string[] | null =>
  Array.isArray(value) && value.every((entry) => typeof entry === "string") ? value : null;

/**
 * The rules in a metafield's JSON, or null when there is none or it is not the app's shape: the
 * Function then rejects nothing rather than guess.
 */
export function parseCodeRulesMetafield(value: unknown): CodeRules | null {
  if (!value || typeof value !== "object") return null;
  const rules = (value as { rules?: unknown }).rules;
  if (!rules || typeof rules !== "object") return null;
  const r = rules as Record<string, unknown>;
  const pairs = Array.isArray(r.forbiddenPairs) ? r.forbiddenPairs : null;
  const products = strings(r.protectedProductIds);
  const collections = strings(r.protectedCollectionIds);
  const tags = r.customerTags as { mode?: unknown; tags?: unknown } | null | undefined;
  const tagList = tags ? strings(tags.tags) : [];
  if (
    typeof r.message !== "string" ||
    typeof r.noCodesOnSaleItems !== "boolean" ||
    !(r.maxCodes === null || (typeof r.maxCodes === "number" && Number.isInteger(r.maxCodes) && r.maxCodes >= 0)) ||
    !pairs ||
    !pairs.every((pair) => strings(pair)?.length === 2) ||
    !products ||
    !collections ||
    (tags !== null && tags !== undefined && (!(tags.mode === "only" || tags.mode === "refuse") || !tagList))
  ) {
    return null;
  }
  return {
    message: r.message,
    noCodesOnSaleItems: r.noCodesOnSaleItems,
    maxCodes: r.maxCodes as number | null,
    forbiddenPairs: pairs as [string, string][],
    protectedProductIds: products,
    protectedCollectionIds: collections,
    customerTags: tags ? { mode: tags.mode as "only" | "refuse", tags: tagList! } : null,
  };
}
