// The search's view of a list of discounts, worked out once per list: flags as bits, moments, indexes.
/**
 * What does not depend on the cart (docs/product.md#what-the-preflight-models): classes and combination
 * flags as bits, moments as numbers, an index from products, variants and collections to the
 * discounts that name them, and which discounts may share a cart line. Kept per array of discounts
 * (see preparedFor); each prepared discount also holds its state on the cart being searched.
 */
import { shareLine, time } from "./combining";
import type { DiscountClass, PreflightDiscount } from "./types";

/** One live discount as the search reads it, and its state on the cart being searched. */
export interface Prepared {
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

export interface PreparedList {
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
export function preparedFor(discounts: PreflightDiscount[], nowMs: number): PreparedList {
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
