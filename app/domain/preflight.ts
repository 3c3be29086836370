/**
 * Promotion preflight (docs/product.md#promotion-preflight, docs/product.md#what-the-preflight-models):
 * the worst discount a customer could reach on the shop's recent carts by stacking the active and
 * scheduled discounts that Shopify would let combine. Pure: the service reads the discounts and carts.
 *
 * The combination model, after Shopify's documented rules (help.shopify.com "Combining discounts",
 * the Admin API's DiscountCombinesWith):
 * - every discount has a class: PRODUCT (some items), ORDER (the cart's subtotal) or SHIPPING;
 * - two discounts apply together only when each one's `combinesWith` names the other's class
 *   (two order discounts: both must combine with order discounts);
 * - at most one shipping discount applies to an order;
 * - product discounts apply first; order discounts then apply to the subtotal after product
 *   discounts, each computed on that same subtotal (not one after another);
 * - at most 5 product or order codes and one shipping discount on an order;
 * - one product discount per cart line, unless both discounts name each other's tags in
 *   `productDiscountsWithTagsOnSameCartLine` (API 2026-04): then both apply, the second on the
 *   already-discounted price.
 * Approximations are named in the decision: lines take the product discounts in order of their
 * standalone value, buy-X-get-Y and app discounts are not valued, a minimum is checked on the
 * entitled items' subtotal before discounts, and free shipping is worth the shipping price the
 * order paid when it is known.
 */
import { formatCents, percentOfCents } from "./money";

export type DiscountClass = "PRODUCT" | "ORDER" | "SHIPPING";

export type PreflightValue =
  | { kind: "percentage"; percent: number }
  /** `eachItem`: the amount comes off every entitled item; otherwise once, spread over the entitled items */
  | { kind: "fixed"; amountCents: number; eachItem: boolean }
  /** free shipping on rates up to `maxShippingCents` (null: any rate) */
  | { kind: "free_shipping"; maxShippingCents: number | null }
  /** buy X get Y, apps' discounts: listed, not valued */
  | { kind: "unmodelled"; reason: string };

export type AppliesTo =
  | { kind: "all" }
  | { kind: "products"; productIds: string[]; variantIds: string[] }
  | { kind: "collections"; collectionIds: string[] };

export interface PreflightDiscount {
  /** gid://shopify/DiscountCodeNode/… or gid://shopify/DiscountAutomaticNode/… */
  id: string;
  title: string;
  /** the first code; null for an automatic discount */
  code: string | null;
  method: "code" | "automatic";
  discountClass: DiscountClass;
  value: PreflightValue;
  appliesTo: AppliesTo;
  minimumCents: number | null;
  minimumQuantity: number | null;
  /** ISO 8601; null: open on that side */
  startsAt: string | null;
  endsAt: string | null;
  /** ACTIVE | SCHEDULED | EXPIRED */
  status: string;
  combinesWith: { product: boolean; order: boolean; shipping: boolean };
  /** the tags of product discounts it may share a cart line with (2026-04) */
  sameLineTags: string[];
  tags: string[];
  usageLimit: number | null;
  appliesOncePerCustomer: boolean;
  /** every buyer may use it (no customer or segment context) */
  allBuyers: boolean;
  /** how many codes the discount has (bulk unique codes: many) */
  codesCount: number;
}

export interface PreflightLine {
  productId: string | null;
  variantId: string | null;
  collectionIds: string[];
  quantity: number;
  unitPriceCents: number;
}

export interface PreflightCart {
  orderId: string;
  orderName: string;
  createdAt: string;
  currency: string;
  lines: PreflightLine[];
  /** what shipping cost, when the order says (0 when unknown or nothing ships) */
  shippingCents: number;
}

export interface StackPart {
  id: string;
  label: string;
  code: string | null;
  method: "code" | "automatic";
  discountClass: DiscountClass;
  amountCents: number;
}

export interface CartWorst {
  orderId: string;
  orderName: string;
  createdAt: string;
  currency: string;
  subtotalCents: number;
  discountCents: number;
  /** discount (products, order and shipping) as a percent of the cart's subtotal before discounts */
  percent: number;
  stack: StackPart[];
  /** the stack is reachable from this moment (its latest start), ISO 8601 */
  reachableFrom: string;
  /** the search was cut at its node limit: the stack is the worst found, not proven the worst */
  searchCut: boolean;
}

/** The days of carts a preflight reads unless asked otherwise (the backtest's window). */
export const PREFLIGHT_DAYS_DEFAULT = 60;

/** Shopify takes at most this many product or order codes on one order (plus one shipping code; automatic discounts aside). */
export const MAX_CODES_PER_ORDER = 5;

export const classLabel: Record<DiscountClass, string> = { PRODUCT: "product", ORDER: "order", SHIPPING: "shipping" };

export function discountLabel(discount: Pick<PreflightDiscount, "code" | "title" | "method">): string {
  return discount.method === "code" && discount.code ? discount.code : `automatic '${discount.title}'`;
}

/** Whether Shopify lets the two discounts apply to one order: each must combine with the other's class. */
export function combinable(a: PreflightDiscount, b: PreflightDiscount): boolean {
  if (a.discountClass === "SHIPPING" && b.discountClass === "SHIPPING") return false;
  const allows = (from: PreflightDiscount, to: PreflightDiscount) =>
    to.discountClass === "PRODUCT"
      ? from.combinesWith.product
      : to.discountClass === "ORDER"
        ? from.combinesWith.order
        : from.combinesWith.shipping;
  return allows(a, b) && allows(b, a);
}

/** Whether two product discounts may both apply to one cart line (each names one of the other's tags). */
export function shareLine(a: PreflightDiscount, b: PreflightDiscount): boolean {
  const names = (from: PreflightDiscount, to: PreflightDiscount) =>
    from.sameLineTags.some((tag) => to.tags.includes(tag));
  return names(a, b) && names(b, a);
}

const time = (iso: string | null, open: number) => (iso ? Date.parse(iso) : open);

/** A discount that can still apply at some moment from `now` on: active or scheduled, not ended. */
export function liveFrom(discount: PreflightDiscount, now: Date): boolean {
  if (discount.status === "EXPIRED") return false;
  return time(discount.endsAt, Infinity) > now.getTime();
}

export const cartSubtotal = (cart: PreflightCart) =>
  cart.lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);

/** The stack's discount on the cart, by part (product discounts first, then order, then shipping). */
export function stackAmounts(stack: { discount: PreflightDiscount; lines: number[] }[], cart: PreflightCart): number[] {
  const remaining = cart.lines.map((line) => line.unitPriceCents * line.quantity);
  const onLine: PreflightDiscount[][] = cart.lines.map(() => []);
  const amounts = stack.map(() => 0);
  const order = stack
    .map((part, index) => ({ part, index }))
    .sort((a, b) => rank(a.part.discount.discountClass) - rank(b.part.discount.discountClass));
  for (const { part, index } of order) {
    const { discount, lines } = part;
    const value = discount.value;
    if (discount.discountClass === "PRODUCT") {
      const open = lines.filter((line) => onLine[line].every((other) => shareLine(discount, other)));
      const taken = takeOnLines(value, open, remaining, cart);
      for (const line of open) onLine[line].push(discount);
      amounts[index] = taken;
    } else if (discount.discountClass === "ORDER") {
      amounts[index] = -1; // computed below, on the subtotal after product discounts
    } else {
      amounts[index] = cart.shippingCents;
    }
  }
  const base = remaining.reduce((sum, cents) => sum + cents, 0);
  let left = base;
  for (const { part, index } of order) {
    if (amounts[index] !== -1) continue;
    amounts[index] = Math.min(left, orderWant(part.discount.value, base));
    left -= amounts[index];
  }
  return amounts;
}

const rank = (discountClass: DiscountClass) => (discountClass === "PRODUCT" ? 0 : discountClass === "ORDER" ? 1 : 2);

/** What an order discount asks of the subtotal after product discounts (before the "never more than it"). */
function orderWant(value: PreflightValue, base: number): number {
  return value.kind === "percentage"
    ? percentOfCents(base, Math.min(100, value.percent))
    : value.kind === "fixed"
      ? value.amountCents
      : 0;
}

/** A fixed amount spread over the lines by what is left of each; never more than what is left. */
function spread(amountCents: number, lines: readonly number[], remaining: number[] | Float64Array): number {
  let total = 0;
  for (const line of lines) total += remaining[line];
  const take = Math.min(amountCents, total);
  if (take <= 0) return 0;
  let given = 0;
  lines.forEach((line, position) => {
    const share = position === lines.length - 1 ? take - given : Math.floor((take * remaining[line]) / total);
    const off = Math.min(share, remaining[line]);
    remaining[line] -= off;
    given += off;
  });
  return given;
}

/*
 * The search below tries the profile stacks worstForCart describes, in the same order, and keeps the
 * same one (the property test in preflight.search.test.ts checks its value against an exhaustive
 * search); it is fast because (docs/product.md#what-the-preflight-models):
 * - what does not depend on the cart is worked out once per list of discounts (`prepare`): classes and
 *   combination flags as bits, moments as numbers, an index from products, variants and collections to
 *   the discounts that name them, and which discounts may share a cart line;
 * - a cart looks only at the discounts its lines reach, plus those on every line, and its candidates
 *   come nearly sorted;
 * - a stack whose upper bound (its discounts' values alone, added up, never above the items and the
 *   shipping) cannot beat the worst found so far is not valued, and a profile's bound costs eight steps;
 * - buffers are reused from cart to cart.
 */

/** One live discount as the search reads it, and its state on the cart being searched. */
interface Prepared {
  discount: PreflightDiscount;
  /** its place in id order (then in the list): the tie-break between equal values */
  order: number;
  discountClass: DiscountClass;
  /** the classes its `combinesWith` names, as bits */
  combines: number;
  isCode: boolean;
  /** alive on [start, end): from the later of now and its start; `moment`: the start's index in the list's moments */
  start: number;
  end: number;
  moment: number;
  /** entitled on every line: applies to all items, or a shipping discount */
  everyLine: boolean;
  /**
   * its run: product 0, order percentages on every line 1, other orders 2, shipping 3. Within a run the
   * every-line discounts are prepared in nearly the order their values take on any cart (percent or
   * amount, largest first), so sorting a cart's candidates is mostly done already.
   */
  run: number;
  /** its row in the same-line matrix, -1 when it shares a line with nothing */
  shareRow: number;
  /** its conditions as numbers: minimums (-Infinity: none), free shipping and its rate limit (Infinity: any) */
  minimumCents: number;
  minimumQuantity: number;
  freeShipping: boolean;
  maxShippingCents: number;
  // the cart being searched (reset for each cart)
  cartStamp: number;
  lineStamp: number;
  lines: number[];
  cents: number;
  quantity: number;
  /** its value alone on the cart: what the profiles are ranked by */
  alone: number;
  /** at least what it can add to any stack on the cart (its value alone, or a spread amount's whole take) */
  upper: number;
}

interface PreparedList {
  length: number;
  nowMs: number;
  everyLine: Prepared[];
  /** the distinct starts, in time order, their ISO 8601 text once needed, and the cart that last used each */
  moments: number[];
  momentIso: (string | undefined)[];
  momentStamp: Float64Array;
  /** every fixed amount is in whole cents (with whole-cent carts, the search's bounds add up exactly) */
  wholeCents: boolean;
  byProduct: Map<string, Prepared[]>;
  byVariant: Map<string, Prepared[]>;
  byCollection: Map<string, Prepared[]>;
  shareRows: number;
  /** shares[a * shareRows + b]: discounts a and b may share a line (shareLine) */
  shares: Uint8Array;
}

const preparedLists = new WeakMap<PreflightDiscount[], PreparedList>();

/**
 * The list prepared for the search, kept per array of discounts and moment (a tally replays every cart
 * against one array; the array and its discounts are read once and must not change in between, a new
 * array is prepared anew).
 */
function preparedFor(discounts: PreflightDiscount[], nowMs: number): PreparedList {
  const kept = preparedLists.get(discounts);
  if (kept && kept.nowMs === nowMs && kept.length === discounts.length) return kept;
  const list = prepare(discounts, nowMs);
  preparedLists.set(discounts, list);
  return list;
}

function prepare(discounts: PreflightDiscount[], nowMs: number): PreparedList {
  // the order equal values are tried in: by id, then as listed (a stable sort)
  const orders = new Array<number>(discounts.length);
  discounts
    .map((discount, position) => ({ id: discount.id, position }))
    .sort((a, b) => a.id.localeCompare(b.id))
    .forEach((entry, order) => {
      orders[entry.position] = order;
    });
  const starts = discounts.map((discount) => Math.max(nowMs, time(discount.startsAt, -Infinity)));
  const moments = [...new Set(starts.filter((start) => !Number.isNaN(start)))].sort((a, b) => a - b);
  const list: PreparedList = {
    length: discounts.length,
    nowMs,
    everyLine: [],
    moments,
    momentIso: moments.map(() => undefined),
    momentStamp: new Float64Array(moments.length),
    wholeCents: discounts.every(
      (discount) => discount.value.kind !== "fixed" || Number.isInteger(discount.value.amountCents),
    ),
    byProduct: new Map(),
    byVariant: new Map(),
    byCollection: new Map(),
    shareRows: 0,
    shares: new Uint8Array(0),
  };
  const add = (map: Map<string, Prepared[]>, key: string, prepared: Prepared) => {
    const found = map.get(key);
    if (found) found.push(prepared);
    else map.set(key, [prepared]);
  };
  const sharing: Prepared[] = [];
  discounts.forEach((discount, position) => {
    if (discount.value.kind === "unmodelled") return; // listed as a risk, never valued
    const flags = discount.combinesWith;
    const to = discount.appliesTo;
    const prepared: Prepared = {
      discount,
      order: orders[position],
      discountClass: discount.discountClass,
      combines: (flags.product ? 1 : 0) | (flags.order ? 2 : 0) | (flags.shipping ? 4 : 0),
      isCode: discount.method === "code",
      start: starts[position],
      end: time(discount.endsAt, Infinity),
      moment: moments.indexOf(starts[position]),
      everyLine: discount.discountClass === "SHIPPING" || to.kind === "all",
      run:
        discount.discountClass === "PRODUCT"
          ? 0
          : discount.discountClass === "SHIPPING"
            ? 3
            : discount.value.kind === "percentage" && to.kind === "all"
              ? 1
              : 2,
      shareRow: -1,
      minimumCents: discount.minimumCents ?? -Infinity,
      minimumQuantity: discount.minimumQuantity ?? -Infinity,
      freeShipping: discount.value.kind === "free_shipping",
      maxShippingCents:
        discount.value.kind === "free_shipping" ? (discount.value.maxShippingCents ?? Infinity) : Infinity,
      cartStamp: 0,
      lineStamp: 0,
      lines: [],
      cents: 0,
      quantity: 0,
      alone: 0,
      upper: 0,
    };
    if (prepared.everyLine) {
      list.everyLine.push(prepared);
    } else if (to.kind === "products") {
      for (const id of to.productIds) add(list.byProduct, id, prepared);
      for (const id of to.variantIds) add(list.byVariant, id, prepared);
    } else if (to.kind === "collections") {
      for (const id of to.collectionIds) add(list.byCollection, id, prepared);
    }
    if (discount.discountClass === "PRODUCT" && discount.sameLineTags.length > 0 && discount.tags.length > 0) {
      prepared.shareRow = sharing.length;
      sharing.push(prepared);
    }
  });
  // runs in order; in a run, what the value would be on a large cart, then `order` (see Prepared.run)
  const staticValue = (prepared: Prepared) => {
    const value = prepared.discount.value;
    return value.kind === "percentage" ? value.percent : value.kind === "fixed" ? value.amountCents : 0;
  };
  list.everyLine.sort((a, b) => a.run - b.run || staticValue(b) - staticValue(a) || a.order - b.order);
  list.shareRows = sharing.length;
  list.shares = new Uint8Array(sharing.length * sharing.length);
  sharing.forEach((a, row) =>
    sharing.forEach((b, column) => {
      list.shares[row * sharing.length + column] = shareLine(a.discount, b.discount) ? 1 : 0;
    }),
  );
  return list;
}

/** Scratch reused from cart to cart (the search is synchronous). */
const scratch = {
  cartStamp: 0,
  lineStamp: 0,
  lineTotals: new Float64Array(16),
  remaining: new Float64Array(16),
  onLine: [] as Prepared[][],
  onLineCount: new Int32Array(16),
  open: [] as number[],
  touched: [] as Prepared[],
  /** the cart's candidates by run (Prepared.run) */
  runs: [[], [], [], []] as Prepared[][],
  /** [0, 1, … n − 1] by n (the line counts seen): the `lines` of the every-line discounts */
  allLines: new Map<number, number[]>(),
  amounts: new Float64Array(16),
};

function growScratch(lines: number) {
  if (scratch.lineTotals.length < lines) {
    const size = Math.max(lines, scratch.lineTotals.length * 2);
    scratch.lineTotals = new Float64Array(size);
    scratch.remaining = new Float64Array(size);
    scratch.onLineCount = new Int32Array(size);
  }
  while (scratch.onLine.length < lines) scratch.onLine.push([]);
  if (!scratch.allLines.has(lines))
    scratch.allLines.set(
      lines,
      Array.from({ length: lines }, (_, index) => index),
    );
}

const byCandidateOrder = (a: Prepared, b: Prepared) => b.alone - a.alone || a.order - b.order;

/**
 * A run sorted worst alone first, equal values in `order`: an insertion sort, as the run comes nearly
 * sorted; one that would move items too often is sorted by the comparator instead.
 */
function sortRun(run: Prepared[]): Prepared[] {
  let moves = 0;
  for (let index = 1; index < run.length; index++) {
    const item = run[index];
    let at = index - 1;
    while (at >= 0 && byCandidateOrder(run[at], item) > 0) {
      run[at + 1] = run[at];
      at--;
      if (++moves > 8 * run.length) {
        run[at + 1] = item;
        return run.sort(byCandidateOrder);
      }
    }
    run[at + 1] = item;
  }
  return run;
}

/** Two sorted runs as one. */
function mergeRuns(a: Prepared[], b: Prepared[]): Prepared[] {
  if (b.length === 0) return a;
  if (a.length === 0) return b;
  const merged: Prepared[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    merged.push(j >= b.length || (i < a.length && byCandidateOrder(a[i], b[j]) <= 0) ? a[i++] : b[j++]);
  }
  return merged;
}

/**
 * The discounts whose conditions the cart meets and that take something on it alone (the cart's line
 * totals are in scratch.lineTotals), by class (product, order, shipping), each worst alone first and
 * equal values in `order`, as the profiles expect.
 */
function candidatesFor(list: PreparedList, cart: PreflightCart, subtotal: number): Prepared[][] {
  const cartStamp = ++scratch.cartStamp;
  scratch.touched = [];
  scratch.runs = [[], [], [], []];
  let quantity = 0;
  for (let index = 0; index < cart.lines.length; index++) {
    const line = cart.lines[index];
    quantity += line.quantity;
    const lineStamp = ++scratch.lineStamp;
    if (line.productId !== null) reach(list.byProduct.get(line.productId), index, line, cartStamp, lineStamp);
    if (line.variantId !== null) reach(list.byVariant.get(line.variantId), index, line, cartStamp, lineStamp);
    for (const id of line.collectionIds) reach(list.byCollection.get(id), index, line, cartStamp, lineStamp);
  }
  const allLines = scratch.allLines.get(cart.lines.length)!;
  for (const prepared of list.everyLine) {
    prepared.lines = allLines;
    prepared.cents = subtotal;
    prepared.quantity = quantity;
    consider(prepared, cart, subtotal);
  }
  for (const prepared of scratch.touched) consider(prepared, cart, subtotal);
  const runs = scratch.runs;
  return [sortRun(runs[0]), mergeRuns(sortRun(runs[1]), sortRun(runs[2])), sortRun(runs[3])];
}

/** Adds cart line `index` to the discounts that name its product, variant or one of its collections. */
function reach(
  reached: Prepared[] | undefined,
  index: number,
  line: PreflightLine,
  cartStamp: number,
  lineStamp: number,
) {
  if (!reached) return;
  for (const prepared of reached) {
    if (prepared.lineStamp === lineStamp) continue; // named twice by one line
    prepared.lineStamp = lineStamp;
    if (prepared.cartStamp !== cartStamp) {
      prepared.cartStamp = cartStamp;
      prepared.lines = [];
      prepared.cents = 0;
      prepared.quantity = 0;
      scratch.touched.push(prepared);
    }
    prepared.lines.push(index);
    prepared.cents += line.unitPriceCents * line.quantity;
    prepared.quantity += line.quantity;
  }
}

/** A candidate when the cart meets its conditions and it takes something alone. */
function consider(prepared: Prepared, cart: PreflightCart, subtotal: number) {
  if (prepared.freeShipping && (cart.shippingCents <= 0 || cart.shippingCents > prepared.maxShippingCents)) return;
  if (prepared.cents < prepared.minimumCents || prepared.quantity < prepared.minimumQuantity) return;
  valueAlone(prepared, cart, subtotal);
  if (prepared.alone <= 0) return;
  scratch.runs[prepared.run].push(prepared);
}

/** Sets `alone` (as `stackAmounts` of the discount alone gives) and `upper`. */
function valueAlone(prepared: Prepared, cart: PreflightCart, subtotal: number) {
  const value = prepared.discount.value;
  const totals = scratch.lineTotals;
  let alone = 0;
  let upper = -1;
  if (prepared.discountClass === "PRODUCT") {
    if (value.kind === "percentage") {
      for (const line of prepared.lines) alone += percentOfCents(totals[line], Math.min(100, value.percent));
    } else if (value.kind === "fixed" && value.eachItem) {
      for (const line of prepared.lines) alone += Math.min(totals[line], value.amountCents * cart.lines[line].quantity);
    } else if (value.kind === "fixed") {
      const remaining = scratch.remaining;
      let total = 0;
      for (const line of prepared.lines) {
        remaining[line] = totals[line];
        total += totals[line];
      }
      alone = spread(value.amountCents, prepared.lines, remaining);
      // the spread can leave a cent of its take on a small last line alone, and not in a stack
      upper = Math.max(alone, Math.min(value.amountCents, total));
    }
  } else if (prepared.discountClass === "ORDER") {
    alone = Math.min(subtotal, orderWant(value, subtotal));
  } else {
    alone = cart.shippingCents;
  }
  prepared.alone = alone;
  prepared.upper = upper === -1 ? alone : upper;
}

/** The stack's total as `stackAmounts` gives it, `parts` in their stack order (products and orders, then shipping). */
function stackTotal(parts: Prepared[], cart: PreflightCart, list: PreparedList): number {
  const count = parts.length;
  const lineCount = cart.lines.length;
  const amounts = scratch.amounts.length >= count ? scratch.amounts : (scratch.amounts = new Float64Array(count * 2));
  let base = 0;
  let hasProduct = false;
  for (let index = 0; index < count; index++) {
    if (parts[index].discountClass === "PRODUCT") hasProduct = true;
  }
  if (hasProduct) {
    const remaining = scratch.remaining;
    remaining.set(scratch.lineTotals.subarray(0, lineCount));
    scratch.onLineCount.fill(0, 0, lineCount);
    for (let index = 0; index < count; index++) {
      const part = parts[index];
      if (part.discountClass === "PRODUCT") amounts[index] = productTake(part, cart, list);
    }
    for (let line = 0; line < lineCount; line++) base += remaining[line];
  } else {
    for (let line = 0; line < lineCount; line++) base += scratch.lineTotals[line];
  }
  let left = base;
  for (let index = 0; index < count; index++) {
    const part = parts[index];
    if (part.discountClass === "ORDER") {
      amounts[index] = Math.min(left, orderWant(part.discount.value, base));
      left -= amounts[index];
    } else if (part.discountClass === "SHIPPING") {
      amounts[index] = cart.shippingCents;
    }
  }
  let total = 0;
  for (let index = 0; index < count; index++) total += amounts[index];
  return total;
}

/** What a product discount takes on the lines still open to it, as `stackAmounts` does. */
function productTake(part: Prepared, cart: PreflightCart, list: PreparedList): number {
  const { remaining, onLine, onLineCount, open } = scratch;
  open.length = 0;
  for (const line of part.lines) {
    let fits = true;
    for (let other = 0; other < onLineCount[line] && fits; other++) {
      const row = onLine[line][other].shareRow;
      fits = part.shareRow !== -1 && row !== -1 && list.shares[part.shareRow * list.shareRows + row] === 1;
    }
    if (fits) open.push(line);
  }
  const taken = takeOnLines(part.discount.value, open, remaining, cart);
  for (const line of open) onLine[line][onLineCount[line]++] = part;
  return taken;
}

/** A product discount's value taken off the open lines' remaining amounts (changed in place); what it took. */
function takeOnLines(
  value: PreflightDiscount["value"],
  open: readonly number[],
  remaining: number[] | Float64Array,
  cart: PreflightCart,
): number {
  let taken = 0;
  if (value.kind === "percentage") {
    for (const line of open) {
      const off = percentOfCents(remaining[line], Math.min(100, value.percent));
      remaining[line] -= off;
      taken += off;
    }
  } else if (value.kind === "fixed") {
    if (value.eachItem) {
      for (const line of open) {
        const off = Math.min(remaining[line], value.amountCents * cart.lines[line].quantity);
        remaining[line] -= off;
        taken += off;
      }
    } else {
      taken = spread(value.amountCents, open, remaining);
    }
  }
  return taken;
}

/** The worst stack's parts, total and moment (an index in the list's moments). */
interface Worst {
  total: number;
  parts: Prepared[];
  moment: number;
}

/**
 * The profiles' search (see worstForCart): for each moment, each choice of classes present, each
 * class's discounts together or its best alone; the first stack with the largest total wins.
 */
function searchWorst(byClass: Prepared[][], cart: PreflightCart, subtotal: number, list: PreparedList): Worst | null {
  const ceiling = subtotal + cart.shippingCents;
  // the bounds below hold for amounts in whole cents (added up exactly) that are not below zero
  let bounded = list.wholeCents && Number.isInteger(cart.shippingCents) && cart.shippingCents >= 0;
  for (let line = 0; line < cart.lines.length; line++) {
    const total = scratch.lineTotals[line];
    if (!(Number.isInteger(total) && total >= 0)) bounded = false;
  }
  const cartStamp = scratch.cartStamp;
  for (const candidates of byClass) {
    for (const candidate of candidates) {
      if (candidate.moment !== -1) list.momentStamp[candidate.moment] = cartStamp;
    }
  }
  let best: Worst | null = null;
  for (let momentIndex = 0; momentIndex < list.moments.length; momentIndex++) {
    if (list.momentStamp[momentIndex] !== cartStamp) continue; // no candidate starts then
    const moment = list.moments[momentIndex];
    // nothing takes more than the whole cart and its shipping
    if (best && best.total >= ceiling) break;
    // what the moment's discounts could take at most: each alone, added up
    let bound = 0;
    const alive = byClass.map((candidates, classIndex) => {
      const now = aliveByClass[classIndex].reset();
      for (const candidate of candidates) {
        if (candidate.start <= moment && candidate.end > moment) {
          bound += candidate.alone;
          now.add(candidate);
        }
      }
      return now;
    });
    if (best && Math.min(bound, ceiling) <= best.total) continue;
    for (let present = 1; present < 8; present++) {
      // present's bits in the order the profiles are tried: shipping 1, order 2, product 4
      const hasProduct = (present & 4) !== 0;
      const hasOrder = (present & 2) !== 0;
      const hasShipping = (present & 1) !== 0;
      const needs = (hasProduct ? 1 : 0) | (hasOrder ? 2 : 0) | (hasShipping ? 4 : 0);
      // each class's discounts that combine with the other classes present (`needs` less its own bit)
      const productBest = hasProduct ? alive[0].best(needs & ~1) : null;
      const orderBest = hasOrder ? alive[1].best(needs & ~2) : null;
      const shipping = hasShipping ? alive[2].best(needs & ~4) : null;
      if ((hasProduct && !productBest) || (hasOrder && !orderBest) || (hasShipping && !shipping)) continue;
      const shippingCents = shipping ? shipping.alone : 0;
      // each class present: all that also combine with their own class together (when more than one
      // does), then its best one alone
      const productChoices = productBest ? alive[0].choices(needs | 1, productBest) : noChoice;
      const orderChoices = orderBest ? alive[1].choices(needs | 2, orderBest) : noChoice;
      for (const productChoice of productChoices) {
        for (const orderChoice of orderChoices) {
          // products and orders never take more than the items, nor the shipping discount more than the shipping
          const upper = Math.min(subtotal, productChoice.upper + orderChoice.upper) + shippingCents;
          if (bounded && best && upper <= best.total) continue;
          const parts = stackParts(productChoice.list(), orderChoice.list());
          if (shipping) parts.push(shipping);
          const total = stackTotal(parts, cart, list);
          if (!best || total > best.total) best = { total, parts, moment: momentIndex };
        }
      }
    }
  }
  return best;
}

/** One class's choice in a stack: its discounts (listed only when the stack is valued) and their bound. */
interface Choice {
  upper: number;
  list: () => Prepared[];
}

const noChoice: Choice[] = [{ upper: 0, list: () => [] }];

/**
 * A class's discounts alive at a moment, also added up by their combination flags (eight kinds), so that
 * a profile's best discount and bound take eight steps and its list is made only when it is valued.
 */
class AliveClass {
  list: Prepared[] = [];
  readonly count = new Int32Array(8);
  readonly upper = new Float64Array(8);
  readonly first = new Int32Array(8);

  reset(): this {
    this.list = [];
    this.count.fill(0);
    this.upper.fill(0);
    return this;
  }

  add(candidate: Prepared) {
    const flags = candidate.combines;
    if (this.count[flags]++ === 0) this.first[flags] = this.list.length;
    this.upper[flags] += candidate.upper;
    this.list.push(candidate);
  }

  /** the first (worst alone) of those whose flags include `needs` */
  best(needs: number): Prepared | null {
    let at = -1;
    for (let flags = 0; flags < 8; flags++) {
      if ((flags & needs) === needs && this.count[flags] > 0 && (at === -1 || this.first[flags] < at)) {
        at = this.first[flags];
      }
    }
    return at === -1 ? null : this.list[at];
  }

  /** all those whose flags include `needs` together when more than one does, then `best` alone */
  choices(needs: number, best: Prepared): Choice[] {
    let count = 0;
    let upper = 0;
    for (let flags = 0; flags < 8; flags++) {
      if ((flags & needs) !== needs) continue;
      count += this.count[flags];
      upper += this.upper[flags];
    }
    const alone: Choice = { upper: best.upper, list: () => [best] };
    if (count < 2) return [alone];
    const all = this.list;
    return [{ upper, list: () => all.filter((candidate) => (candidate.combines & needs) === needs) }, alone];
  }
}

const aliveByClass = [new AliveClass(), new AliveClass(), new AliveClass()];

/**
 * The stack's product and order discounts, worst alone first (products first on equal values), the
 * codes past the five Shopify takes left out; into `parts`.
 */
function stackParts(products: Prepared[], orders: Prepared[]): Prepared[] {
  const parts: Prepared[] = [];
  let codes = 0;
  let product = 0;
  let order = 0;
  while (product < products.length || order < orders.length) {
    const next =
      order >= orders.length || (product < products.length && products[product].alone >= orders[order].alone)
        ? products[product++]
        : orders[order++];
    if (!next.isCode || ++codes <= MAX_CODES_PER_ORDER) parts.push(next);
  }
  return parts;
}

/**
 * The worst reachable stack on one cart: the combinable set of discounts whose conditions the cart
 * meets, alive at a common moment from `now` on, with the largest discount. Combining depends only
 * on each discount's class and `combinesWith` flags, so for each moment (now, and each start of a
 * scheduled discount) and each choice of classes present, the candidates are: every discount of a
 * class that allows the others present, either all those that combine with their own class or the
 * best one alone; at most one shipping discount. More discounts never take less, so the worst of
 * these few stacks is the worst. Past five product or order codes, the smallest are left out.
 * `discounts` is prepared once per array (see preparedFor): pass the same array for every cart.
 */
export function worstForCart(cart: PreflightCart, discounts: PreflightDiscount[], now: Date): CartWorst | null {
  const subtotal = cartSubtotal(cart);
  if (subtotal <= 0) return null;
  const list = preparedFor(discounts, now.getTime());
  growScratch(cart.lines.length);
  cart.lines.forEach((line, index) => {
    scratch.lineTotals[index] = line.unitPriceCents * line.quantity;
  });
  const candidates = candidatesFor(list, cart, subtotal);
  if (candidates.every((run) => run.length === 0)) return null;
  const found = searchWorst(candidates, cart, subtotal, list);
  if (!found || found.total <= 0) return null;
  // the chosen stack valued once more by the plain evaluator, for its parts' amounts
  const amounts = stackAmounts(
    found.parts.map((part) => ({ discount: part.discount, lines: [...part.lines] })),
    cart,
  );
  const total = amounts.reduce((sum, cents) => sum + cents, 0);
  const stack = found.parts
    .map((part, index) => ({
      id: part.discount.id,
      label: discountLabel(part.discount),
      code: part.discount.code,
      method: part.discount.method,
      discountClass: part.discount.discountClass,
      amountCents: amounts[index],
    }))
    .filter((part) => part.amountCents > 0)
    .sort((a, b) => rank(a.discountClass) - rank(b.discountClass) || b.amountCents - a.amountCents);
  return {
    orderId: cart.orderId,
    orderName: cart.orderName,
    createdAt: cart.createdAt,
    currency: cart.currency,
    subtotalCents: subtotal,
    discountCents: total,
    // of what the discounted parts cost before discounts: the items, and the shipping when it is discounted
    percent: round1(
      (total / (subtotal + (stack.some((part) => part.discountClass === "SHIPPING") ? cart.shippingCents : 0))) * 100,
    ),
    stack,
    reachableFrom: (list.momentIso[found.moment] ??= new Date(list.moments[found.moment]).toISOString()),
    searchCut: false,
  };
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** "worst reachable 47 % on cart #1043 with SUMMER20 + automatic 'Buy 2 get 10 %' + FREESHIP" */
export function worstSentence(worst: CartWorst): string {
  return `Worst reachable ${worst.percent}% (${formatCents(worst.discountCents, worst.currency)}) on cart ${worst.orderName} with ${worst.stack.map((part) => part.label).join(" + ")}`;
}

export type RiskKind = "typo_value" | "no_usage_limit" | "no_end_date" | "combines_with_everything" | "not_modelled";

export interface Risk {
  kind: RiskKind;
  discountId: string;
  label: string;
  message: string;
}

/** The median of the carts' subtotals (0 without carts): what "a typical cart" means here. */
export function typicalCartCents(subtotals: number[]): number {
  if (subtotals.length === 0) return 0;
  const sorted = [...subtotals].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Percentages at or above this look like a typo (90 for 9, 100 for 10). */
export const TYPO_PERCENT = 90;

/** Configuration risks of the live discounts, in the order of the list. */
export function configurationRisks(discounts: PreflightDiscount[], typicalCents: number, currency: string): Risk[] {
  const risks: Risk[] = [];
  for (const discount of discounts) {
    const label = discountLabel(discount);
    const add = (kind: RiskKind, message: string) => risks.push({ kind, discountId: discount.id, label, message });
    const value = discount.value;
    if (value.kind === "unmodelled") {
      add("not_modelled", `${label}: ${value.reason}; the preflight does not value it`);
      continue;
    }
    if (value.kind === "percentage" && value.percent >= TYPO_PERCENT) {
      add("typo_value", `${label} takes ${value.percent}% off: a typo for ${Math.round(value.percent) / 10}%?`);
    }
    if (value.kind === "fixed" && typicalCents > 0 && value.amountCents > typicalCents) {
      add(
        "typo_value",
        `${label} takes ${formatCents(value.amountCents, currency)} off${value.eachItem ? " each item" : ""}, more than the typical cart (${formatCents(typicalCents, currency)})`,
      );
    }
    if (discount.method === "code" && discount.usageLimit === null && discount.allBuyers && discount.codesCount <= 1) {
      add(
        "no_usage_limit",
        `${label} is open to every customer and has no usage limit: once shared, anyone can use it`,
      );
    }
    if (discount.endsAt === null && value.kind !== "free_shipping") {
      add("no_end_date", `${label} has no end date`);
    }
    const withAll = discount.combinesWith;
    if (withAll.product && withAll.order && withAll.shipping) {
      add("combines_with_everything", `${label} combines with product, order and shipping discounts`);
    }
  }
  return risks;
}

/** Running totals over the carts, kept small: the worst few carts and a count by discount. */
export interface PreflightTally {
  cartsScanned: number;
  cartsWithStack: number;
  worst: CartWorst[];
  subtotals: number[];
  searchCuts: number;
}

export const WORST_KEPT = 10;

export function newPreflightTally(): PreflightTally {
  return { cartsScanned: 0, cartsWithStack: 0, worst: [], subtotals: [], searchCuts: 0 };
}

const worse = (a: CartWorst, b: CartWorst) => b.percent - a.percent || b.discountCents - a.discountCents;

/** Adds one cart to the tally. */
export function tallyCart(tally: PreflightTally, cart: PreflightCart, live: PreflightDiscount[], now: Date) {
  tally.cartsScanned++;
  tally.subtotals.push(cartSubtotal(cart));
  const result = worstForCart(cart, live, now);
  if (!result) return;
  tally.cartsWithStack++;
  if (result.searchCut) tally.searchCuts++;
  if (tally.worst.length < WORST_KEPT || worse(result, tally.worst[tally.worst.length - 1]) < 0) {
    tally.worst.push(result);
    tally.worst.sort(worse);
    if (tally.worst.length > WORST_KEPT) tally.worst.pop();
  }
}

/** The live discounts, product discounts first (the order the search tries classes in does not matter). */
export function liveDiscounts(discounts: PreflightDiscount[], now: Date): PreflightDiscount[] {
  return discounts
    .filter((discount) => liveFrom(discount, now))
    .sort((a, b) => rank(a.discountClass) - rank(b.discountClass) || a.id.localeCompare(b.id));
}
