/**
 * Code rules: which discount codes a cart turns away when they are entered, and why
 * (docs/product.md#code-rules). One pure module, bundled into the Discount Function that
 * rejects the codes at checkout and used by the server's preview on the Rules page, so the two
 * can never disagree. Discount Functions run side by side and cannot see each other's
 * results, so a rule decides from the cart and the entered codes, never from other discounts'
 * amounts. No configuration, or every rule off, rejects nothing.
 */
import { formatCentsWithoutIntl, roundToHundredths } from "../money";

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
  /**
   * the combined cap: the entered codes together take at most this percent of the cart's subtotal
   * (1..100); null: no cap (docs/product.md#code-rules)
   */
  maxDiscountPercent: number | null;
  /** a code the message suggests instead when codes are turned away ("Try BACKUP10 instead."); null: none */
  backupCode: string | null;
  /**
   * New accounts and big codes: a code worth more than `newAccountMaxPercent` % of the subtotal
   * (as the cap counts it) only for an account at least `newAccountDays` days old; both null: off
   * (docs/product.md#new-accounts-and-big-codes)
   */
  newAccountDays: number | null;
  newAccountMaxPercent: number | null;
  /** a guest checkout (no customer account): "new" is held to the rule as a new account, "allow" is not */
  newAccountGuests: NewAccountGuests;
}

/** How the new-account rule treats a guest checkout, which has no account and so no age. */
export type NewAccountGuests = "new" | "allow";

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
  maxDiscountPercent: null,
  backupCode: null,
  newAccountDays: null,
  newAccountMaxPercent: null,
  newAccountGuests: "new",
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
  /** the cart's subtotal before discounts, in cents of `currency`; null or absent: not known */
  subtotalCents?: number | null;
  /** ISO 4217; null or absent: not known */
  currency?: string | null;
  /** how many items (quantities summed); null or absent: not known */
  itemCount?: number | null;
  /** null: no customer is known (a guest before they sign in) */
  customerTags: string[] | null;
  /**
   * when the customer's account was created (ISO 8601, Shopify's `Customer.createdAt`); null or
   * absent: not known (a guest has none: `customerTags` null says the cart has no customer)
   */
  customerCreatedAt?: string | null;
  /**
   * today's date in the shop's time zone (YYYY-MM-DD, Shopify's `shop.localTime.date`): a Function
   * has no clock, so an account's age is counted up to the start of this day; null or absent: not known
   */
  today?: string | null;
}

/** A code entered at checkout; Shopify says whether a Function may reject it. */
export interface EnteredCode {
  code: string;
  rejectable: boolean;
}

/**
 * What the app knows of a code's value (Shopify's discount, read with the Admin API): a
 * percentage off the order, a fixed amount off it in a currency, free shipping, or something
 * else (buy X get Y, items only, an app's discount) whose share of the subtotal it cannot tell.
 */
export type CodeValue =
  | {
      kind: "percentage";
      percent: number;
      minimumCents?: number | null;
      minimumQuantity?: number | null;
      currency?: string | null;
    }
  | {
      kind: "fixed";
      amountCents: number;
      currency: string;
      minimumCents?: number | null;
      minimumQuantity?: number | null;
    }
  | { kind: "free_shipping" }
  | { kind: "other" };

/** Codes' values by code in lower case. */
export type CodeValues = Record<string, CodeValue>;

export interface CodeDecision {
  code: string;
  rejected: boolean;
  /** why, in the merchant's words, for the preview; empty when accepted */
  reasons: string[];
  /** a reason applied, but Shopify does not let this code be rejected */
  notRejectable?: boolean;
  /** the code's value as the cap counts it, percent of the subtotal; absent when not known */
  percentOfSubtotal?: number;
  /** the code's value in words ("30 % off", "$5.00 off"); absent when the app knows none */
  valueText?: string;
}

export interface CodeRulesResult {
  decisions: CodeDecision[];
  /** the codes to reject (rejectable ones only), for the Function's output */
  rejected: string[];
  message: string;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const money = (cents: number) => formatCentsWithoutIntl(cents);
const moneyIn = (cents: number, currency: string) => formatCentsWithoutIntl(cents, currency);
const list = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} or ${items[items.length - 1]}`;
/** 12.5 → "12.5", 30 → "30": at most two decimals, no trailing zeros, no Intl (the Function has none) */
const pct = (value: number) => String(roundToHundredths(value));
/** Percent in whole ten-thousandths, so sums and comparisons are exact. */
const units = (percent: number) => Math.round(percent * 10_000);

/** Whether any rule is on: a configuration with none rejects nothing. */
export function hasCodeRules(rules: CodeRules | null | undefined): rules is CodeRules {
  return Boolean(
    rules &&
    (rules.noCodesOnSaleItems ||
      rules.maxCodes !== null ||
      rules.maxDiscountPercent !== null ||
      hasNewAccountRule(rules) ||
      rules.forbiddenPairs.length > 0 ||
      rules.protectedProductIds.length > 0 ||
      rules.protectedCollectionIds.length > 0 ||
      (rules.customerTags !== null && rules.customerTags.tags.length > 0)),
  );
}

/** Whether the new-account rule is on: both its days and its share are set. */
export function hasNewAccountRule(rules: CodeRules): boolean {
  return rules.newAccountDays !== null && rules.newAccountMaxPercent !== null;
}

/** Whether the rules weigh the codes' values (so the metafield carries them): the cap, the count, the new-account rule. */
export function codeRulesWeighValues(rules: CodeRules): boolean {
  return rules.maxDiscountPercent !== null || rules.maxCodes !== null || hasNewAccountRule(rules);
}

const DAY_MS = 86_400_000;

/**
 * The customer's account age in ms, counted from `customerCreatedAt` up to the start (00:00 UTC)
 * of the shop's `today`: Shopify gives a Function the shop's date, not the time
 * (docs/product.md#new-accounts-and-big-codes). null: a guest, or a date not known or not readable.
 */
export function accountAgeMs(cart: CodeCart): number | null {
  if (cart.customerTags === null || !cart.customerCreatedAt || !cart.today) return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(cart.today)) return null;
  const created = Date.parse(cart.customerCreatedAt);
  const startOfToday = Date.parse(`${cart.today}T00:00:00Z`);
  if (!Number.isFinite(created) || !Number.isFinite(startOfToday)) return null;
  return startOfToday - created;
}

/** Whole days for the reason's words: 2.5 days is "2 days", an account made later than the day's start "0 days". */
const daysText = (days: number) => `${days} day${days === 1 ? "" : "s"}`;

/**
 * Why the new-account rule turns this code away, or null: on, the code's share of the subtotal
 * known and more than `newAccountMaxPercent`, and the cart's account younger than
 * `newAccountDays` (exactly that many days old passes), or a guest when guests count as new. A
 * customer whose account date is not known is not judged.
 */
function newAccountReason(rules: CodeRules, cart: CodeCart, percent: number | null): string | null {
  if (!hasNewAccountRule(rules) || percent === null) return null;
  const days = rules.newAccountDays!;
  const max = rules.newAccountMaxPercent!;
  if (units(percent) <= units(max)) return null;
  const rule = `codes worth more than ${pct(max)} % are only for accounts at least ${daysText(days)} old`;
  if (cart.customerTags === null) {
    return rules.newAccountGuests === "new" ? `${rule}, and a guest checkout has no account` : null;
  }
  const age = accountAgeMs(cart);
  if (age === null || age >= days * DAY_MS) return null;
  return `${rule}; this account is ${daysText(Math.max(0, Math.floor(age / DAY_MS)))} old`;
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
 * A code's share of this cart's subtotal, in percent, as Shopify's stacking model adds them up
 * (order percentages are each taken from the same subtotal, fixed amounts come off after), or
 * null when the app cannot tell: no value known, a fixed amount or minimum in another currency
 * than the cart's, no subtotal. A minimum the cart does not reach: the code gives nothing (0).
 */
export function codeShare(
  value: CodeValue | undefined,
  cart: CodeCart,
): { percent: number | null; text: string | null } {
  if (!value || value.kind === "other") return { percent: null, text: null };
  const subtotalCents = cart.subtotalCents ?? null;
  const itemCount = cart.itemCount ?? null;
  if (value.kind === "free_shipping") return { percent: 0, text: "free shipping (nothing off the subtotal)" };
  const text =
    value.kind === "percentage" ? `${pct(value.percent)} % off` : `${moneyIn(value.amountCents, value.currency)} off`;
  const currency = value.kind === "fixed" ? value.currency : (value.currency ?? null);
  if (value.minimumQuantity != null && itemCount !== null && itemCount < value.minimumQuantity) {
    return { percent: 0, text: `${text}, but needs ${value.minimumQuantity} items` };
  }
  if (value.minimumCents != null) {
    if (subtotalCents === null || !currency || currency !== cart.currency) {
      return { percent: null, text: `${text}, minimum in another currency` };
    }
    if (subtotalCents < value.minimumCents) {
      return { percent: 0, text: `${text}, but needs ${moneyIn(value.minimumCents, currency)} or more` };
    }
  }
  if (value.kind === "percentage") return { percent: Math.min(100, Math.max(0, value.percent)), text };
  if (subtotalCents === null || subtotalCents <= 0 || value.currency !== cart.currency) {
    return { percent: null, text: `${text}, not in the cart's currency` };
  }
  return { percent: Math.min(100, (Math.max(0, value.amountCents) / subtotalCents) * 100), text };
}

/**
 * Which of the candidates (indices into `shares`) to reject so that at most `maxCodes` are kept
 * and the kept codes' known shares add up to at most `capUnits`: the fewest codes, then the
 * lowest total value, then the latest entered. Codes whose value is not known count 0 toward
 * the cap, so the cap alone never rejects them. When the codes Shopify does not let us reject
 * already break a limit, the rejectable ones that add to it are all rejected. Entered codes are
 * few (Shopify takes a handful), so every subset is weighed.
 */
function selectRejections(
  candidates: { index: number; rejectable: boolean; share: number }[],
  maxCodes: number | null,
  capUnits: number | null,
): Set<number> {
  const pool = candidates.filter((c) => c.rejectable);
  const fixed = candidates.filter((c) => !c.rejectable);
  const fixedSum = fixed.reduce((sum, c) => sum + c.share, 0);
  if (pool.length > 16) return new Set(); // never reached: the preview takes 10 codes, Shopify fewer
  let best: { mask: number; score: number[] } | null = null;
  for (let mask = 0; mask < 1 << pool.length; mask++) {
    let count = 0;
    let rejectedSum = 0;
    let keptSum = fixedSum;
    let order = 0;
    for (let i = 0; i < pool.length; i++) {
      if (mask & (1 << i)) {
        count++;
        rejectedSum += pool[i]!.share;
        order += 2 ** i;
      } else {
        keptSum += pool[i]!.share;
      }
    }
    const kept = candidates.length - count;
    const countExcess = maxCodes === null ? 0 : Math.max(0, kept - maxCodes);
    const capExcess = capUnits === null ? 0 : Math.max(0, keptSum - capUnits);
    // lower is better, in this order; the last prefers rejecting the later entered codes
    const score = [countExcess, capExcess, count, rejectedSum, -order];
    if (!best || less(score, best.score)) best = { mask, score };
  }
  const rejected = new Set<number>();
  for (let i = 0; i < pool.length; i++) if (best!.mask & (1 << i)) rejected.add(pool[i]!.index);
  return rejected;
}

function less(a: number[], b: number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
}

/**
 * Decides each entered code: the cart's own reasons reject every code; the second of a forbidden
 * pair (in entry order) is rejected on its own; then, of the rest, the fewest, lowest-value codes
 * are rejected so that at most `maxCodes` stay and together they take at most
 * `maxDiscountPercent` of the subtotal (docs/product.md#code-rules). Codes
 * Shopify marks not rejectable are decided too (for the preview) but never put in `rejected`,
 * and they count toward both limits. The message names the backup code when one is set, no
 * cart-wide reason applies (the backup would be turned away too) and it was not entered.
 */
export function decideCodes(
  rules: CodeRules | null | undefined,
  cart: CodeCart,
  entered: EnteredCode[],
  values: CodeValues = {},
): CodeRulesResult {
  const base = rules?.message.trim() || DEFAULT_CODE_REJECTION_MESSAGE;
  const shares = entered.map(({ code }) => codeShare(values[code.trim().toLowerCase()], cart));
  const accepted = (index: number): CodeDecision => {
    const { percent, text } = shares[index]!;
    return {
      code: entered[index]!.code,
      rejected: false,
      reasons: [],
      ...(percent === null ? {} : { percentOfSubtotal: percent }),
      ...(text === null ? {} : { valueText: text }),
    };
  };
  if (!hasCodeRules(rules)) {
    return { decisions: entered.map((_, index) => accepted(index)), rejected: [], message: base };
  }
  const shared = cartReasons(rules, cart);
  // the new-account rule weighs each code on its own (docs/product.md#new-accounts-and-big-codes)
  const reasons: string[][] = entered.map((_, index) => {
    const young = newAccountReason(rules, cart, shares[index]!.percent);
    return young ? [...shared, young] : [...shared];
  });
  // forbidden pairs, in entry order: the second of a pair goes
  const kept: string[] = [];
  entered.forEach(({ code, rejectable }, index) => {
    for (const [a, b] of rules.forbiddenPairs) {
      const partner = same(code, a) ? b : same(code, b) ? a : null;
      const earlier = partner ? kept.find((other) => same(other, partner)) : undefined;
      if (earlier) reasons[index]!.push(`${code} can't be combined with ${earlier}`);
    }
    if (reasons[index]!.length === 0 || !rejectable) kept.push(code);
  });
  // the count and the cap, over the codes still standing
  const standing = entered
    .map(({ rejectable }, index) => ({ index, rejectable, share: units(shares[index]!.percent ?? 0) }))
    .filter(({ index, rejectable }) => reasons[index]!.length === 0 || !rejectable);
  const capUnits = rules.maxDiscountPercent === null ? null : units(rules.maxDiscountPercent);
  const total = standing.reduce((sum, c) => sum + c.share, 0);
  const overCount = rules.maxCodes !== null && standing.length > rules.maxCodes;
  const overCap = capUnits !== null && total > capUnits;
  if (overCount || overCap) {
    const limits: string[] = [];
    if (overCount) {
      limits.push(`only ${rules.maxCodes} code${rules.maxCodes === 1 ? "" : "s"} can be used together`);
    }
    if (overCap) {
      const of =
        cart.subtotalCents != null && cart.currency
          ? ` of the ${moneyIn(cart.subtotalCents, cart.currency)} subtotal`
          : "";
      limits.push(
        `together the codes would take ${pct(total / 10_000)} %${of} off, more than the ${pct(rules.maxDiscountPercent!)} % cap`,
      );
    }
    const chosen = selectRejections(standing, rules.maxCodes, capUnits);
    const keptAfter = standing.filter((c) => !chosen.has(c.index));
    const stillOverCount = rules.maxCodes !== null && keptAfter.length > rules.maxCodes;
    const stillOverCap = capUnits !== null && keptAfter.reduce((sum, c) => sum + c.share, 0) > capUnits;
    for (const { index, rejectable, share } of standing) {
      // a code Shopify will not let go is shown with the limit it still breaks
      const flagged = rejectable ? chosen.has(index) : stillOverCount || (stillOverCap && share > 0);
      if (flagged) reasons[index]!.push(...limits);
    }
  }
  const decisions = entered.map(({ rejectable }, index): CodeDecision => {
    const decision = accepted(index);
    const why = reasons[index]!;
    if (why.length === 0) return decision;
    return { ...decision, rejected: rejectable, reasons: why, ...(rejectable ? {} : { notRejectable: true }) };
  });
  const rejected = decisions.filter((decision) => decision.rejected).map((decision) => decision.code);
  const backup = rules.backupCode?.trim();
  // a backup the new-account rule would turn away too is not suggested
  const backupTooBig =
    backup !== undefined &&
    newAccountReason(rules, cart, codeShare(values[backup.toLowerCase()], cart).percent) !== null;
  const suggest =
    backup &&
    rejected.length > 0 &&
    shared.length === 0 &&
    !backupTooBig &&
    !entered.some(({ code }) => same(code, backup));
  return { decisions, rejected, message: suggest ? `${base} Try ${backup} instead.` : base };
}

/**
 * One line of the preview: "SAVE20 (20 % off): rejected, because …", "SAVE20: accepted" (no
 * value known).
 */
export function decisionText(decision: CodeDecision): string {
  const name = decision.valueText ? `${decision.code} (${decision.valueText})` : decision.code;
  if (decision.reasons.length === 0) return `${name}: accepted`;
  const because = decision.reasons.join("; ");
  return decision.notRejectable
    ? `${name}: would be rejected, because ${because}, but Shopify does not let apps reject this code`
    : `${name}: rejected, because ${because}`;
}

/** Where the app writes the rules, on the app discount that runs the Function. */
export const CODE_RULES_METAFIELD = { namespace: "$app", key: "code-rules" } as const;

/**
 * Shopify gives a Function a metafield's value only up to 10,000 bytes (its Functions input
 * limits); the app keeps the metafield's JSON within this, leaving room to spare.
 */
export const CODE_RULES_METAFIELD_MAX_BYTES = 10_000;

/**
 * The metafield's JSON: the rules, the Function input query's variables (the collections to
 * ask about, the customer tags to ask about), which Shopify reads from the same metafield, and
 * the codes' values in a compact form: code in lower case → [kind, value, currency, minimum
 * cents, minimum items] with kind "p" (percent), "f" (fixed cents), "s" (free shipping).
 */
export interface CodeRulesMetafield {
  rules: CodeRules;
  collectionIds: string[];
  customerTags: string[];
  values?: Record<string, CompactValue>;
}

type CompactValue = [
  kind: "p" | "f" | "s",
  value?: number,
  currency?: string | null,
  minimumCents?: number | null,
  minimumQuantity?: number | null,
];

function compact(value: CodeValue): CompactValue | null {
  if (value.kind === "free_shipping") return ["s"];
  if (value.kind === "other") return null;
  const entry: (string | number | null)[] = [
    value.kind === "percentage" ? "p" : "f",
    value.kind === "percentage" ? value.percent : value.amountCents,
    value.currency ?? null,
    value.minimumCents ?? null,
    value.minimumQuantity ?? null,
  ];
  while (entry.length > 2 && entry[entry.length - 1] === null) entry.pop();
  return entry as unknown as CompactValue;
}

function expand(entry: unknown): CodeValue | null {
  if (!Array.isArray(entry)) return null;
  const [kind, amount, currency, minimumCents, minimumQuantity] = entry as unknown[];
  const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : null);
  const minimums = { minimumCents: num(minimumCents), minimumQuantity: num(minimumQuantity) };
  if (kind === "s") return { kind: "free_shipping" };
  if (kind === "p" && num(amount) !== null) {
    return {
      kind: "percentage",
      percent: num(amount)!,
      currency: typeof currency === "string" ? currency : null,
      ...minimums,
    };
  }
  if (kind === "f" && num(amount) !== null && typeof currency === "string") {
    return { kind: "fixed", amountCents: num(amount)!, currency, ...minimums };
  }
  return null;
}

/**
 * A value that matters more is kept first when the codes do not all fit: the codes of the
 * largest share first (percentages by percent, fixed amounts by amount against
 * `typicalSubtotalCents`), then free shipping; unknown ones are left out (they are unknown to the
 * Function either way).
 */
function importance(value: CodeValue, typicalSubtotalCents: number): number {
  if (value.kind === "percentage") return value.percent;
  if (value.kind === "fixed") return (value.amountCents / typicalSubtotalCents) * 100;
  return -1;
}

export function codeRulesMetafield(
  rules: CodeRules,
  values: CodeValues = {},
  { maxBytes = CODE_RULES_METAFIELD_MAX_BYTES, typicalSubtotalCents = 10_000 } = {},
): CodeRulesMetafield & { left: string[] } {
  const base: CodeRulesMetafield = {
    rules,
    collectionIds: rules.protectedCollectionIds,
    customerTags: rules.customerTags?.tags ?? [],
  };
  // values matter only to the cap, the count and the new-account rule; without them the metafield carries none
  if (!codeRulesWeighValues(rules)) return { ...base, left: [] };
  const ranked = Object.entries(values)
    .map(([code, value]) => ({ code: code.toLowerCase(), value, entry: compact(value) }))
    .filter((item): item is { code: string; value: CodeValue; entry: CompactValue } => item.entry !== null)
    .sort(
      (a, b) =>
        importance(b.value, typicalSubtotalCents) - importance(a.value, typicalSubtotalCents) ||
        (a.code < b.code ? -1 : a.code > b.code ? 1 : 0),
    );
  const out: Record<string, CompactValue> = {};
  let bytes = utf8Length(JSON.stringify({ ...base, values: {} }));
  const left: string[] = [];
  for (const { code, entry } of ranked) {
    // "code":[...], with its comma
    const size = utf8Length(JSON.stringify(code)) + 2 + utf8Length(JSON.stringify(entry));
    if (bytes + size > maxBytes) {
      left.push(code);
      continue;
    }
    out[code] = entry;
    bytes += size;
  }
  return { ...base, values: out, left };
}

function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c < 0xdc00 ? (i++, 4) : 3;
  }
  return bytes;
}

/** The codes' values in a metafield's JSON: entries not in the app's shape are left out (unknown). */
export function parseCodeValues(value: unknown): CodeValues {
  const raw = value && typeof value === "object" ? (value as { values?: unknown }).values : null;
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return {};
  const out: CodeValues = {};
  for (const [code, entry] of Object.entries(raw as Record<string, unknown>)) {
    const parsed = expand(entry);
    if (parsed) out[code.toLowerCase()] = parsed;
  }
  return out;
}

const strings = (value: unknown): string[] | null =>
  Array.isArray(value) && value.every((entry) => typeof entry === "string") ? value : null;

/**
 * The rules in a metafield's JSON, or null when there is none or it is not the app's shape: the
 * Function then rejects nothing rather than guess. A metafield written before the cap existed
 * reads with no cap and no backup code; one written before the new-account rule, with that rule off.
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
  const cap = r.maxDiscountPercent ?? null;
  const backup = r.backupCode ?? null;
  const newDays = r.newAccountDays ?? null;
  const newMax = r.newAccountMaxPercent ?? null;
  const guests = r.newAccountGuests ?? "new";
  if (
    typeof r.message !== "string" ||
    typeof r.noCodesOnSaleItems !== "boolean" ||
    !(r.maxCodes === null || (typeof r.maxCodes === "number" && Number.isInteger(r.maxCodes) && r.maxCodes >= 0)) ||
    !(cap === null || (typeof cap === "number" && cap > 0 && cap <= 100)) ||
    !(backup === null || typeof backup === "string") ||
    !(newDays === null || (typeof newDays === "number" && Number.isInteger(newDays) && newDays > 0)) ||
    !(newMax === null || (typeof newMax === "number" && newMax >= 0 && newMax < 100)) ||
    !(guests === "new" || guests === "allow") ||
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
    maxDiscountPercent: cap as number | null,
    backupCode: backup as string | null,
    newAccountDays: newDays as number | null,
    newAccountMaxPercent: newMax as number | null,
    newAccountGuests: guests,
  };
}
