// The running tally of a preflight's carts: how many were read, the worst few and their subtotals.
import { cartSubtotal } from "./combining";
import { worstForCart } from "./search";
import type { CartWorst, PreflightCart, PreflightDiscount } from "./types";

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

/** Adds one cart to the tally; `worstOf` finds its worst stack (one discount's check: including.ts). */
export function tallyCart(
  tally: PreflightTally,
  cart: PreflightCart,
  live: PreflightDiscount[],
  now: Date,
  worstOf: (cart: PreflightCart, live: PreflightDiscount[], now: Date) => CartWorst | null = worstForCart,
) {
  tally.cartsScanned++;
  tally.subtotals.push(cartSubtotal(cart));
  const result = worstOf(cart, live, now);
  if (!result) return;
  tally.cartsWithStack++;
  if (result.searchCut) tally.searchCuts++;
  if (tally.worst.length < WORST_KEPT || worse(result, tally.worst[tally.worst.length - 1]) < 0) {
    tally.worst.push(result);
    tally.worst.sort(worse);
    if (tally.worst.length > WORST_KEPT) tally.worst.pop();
  }
}
