// A stack's total on the cart being searched, as the plain evaluator (stackAmounts) would give it.
import { orderWant, takeOnLines } from "./combining";
import { scratch } from "./candidates";
import type { Prepared, PreparedList } from "./prepared";
import type { PreflightCart } from "./types";

/** The stack's total as `stackAmounts` gives it, `parts` in their stack order (products and orders, then shipping). */
export function stackTotal(parts: Prepared[], cart: PreflightCart, list: PreparedList): number {
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
