// The candidates of one cart: the prepared discounts its lines reach whose conditions it meets, valued alone.
import { percentOfCents } from "../money";
import { orderWant, spread } from "./combining";
import type { Prepared, PreparedList } from "./prepared";
import type { PreflightCart, PreflightLine } from "./types";

/** Scratch reused from cart to cart (the search is synchronous). */
export const scratch = {
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

/** Makes the scratch large enough for a cart of `lines` lines. */
export function growScratch(lines: number) {
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
export function candidatesFor(list: PreparedList, cart: PreflightCart, subtotal: number): Prepared[][] {
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
