// The worst reachable stack that includes one discount: an existing one, or a promotion not created yet.
/**
 * One discount's check (docs/product.md#checking-one-discount): the discounts that can share an order
 * with it are those Shopify lets combine with it (combinable, both ways) whose dates overlap its own;
 * each is held to the overlap, so every stack the search finds among them is alive while the discount
 * is, and adding the discount to it is a stack Shopify would apply. The search (search.ts) then
 * finds the worst stack on each cart among them and the discount; a cart whose worst stack leaves
 * the discount out (it takes nothing there, or a code past the five) is valued with the discount
 * alone.
 */
import { combinable, liveFrom, liveDiscounts, time } from "./combining";
import { worstForCart } from "./search";
import type { CartWorst, PreflightCart, PreflightDiscount } from "./types";

/** The discount's list: itself first, then the live discounts it can stack with, held to its dates. */
export function stackableWith(
  target: PreflightDiscount,
  discounts: readonly PreflightDiscount[],
  now: Date,
): PreflightDiscount[] {
  if (!liveFrom(target, now)) return [];
  const from = Math.max(now.getTime(), time(target.startsAt, -Infinity));
  const until = time(target.endsAt, Infinity);
  const others = liveDiscounts(
    discounts.filter((other) => other.id !== target.id && combinable(target, other)),
    now,
  ).flatMap((other) => {
    const start = Math.max(from, time(other.startsAt, -Infinity));
    const end = Math.min(until, time(other.endsAt, Infinity));
    if (!(start < end)) return [];
    return [
      {
        ...other,
        startsAt: start > now.getTime() ? new Date(start).toISOString() : other.startsAt,
        endsAt: Number.isFinite(end) ? new Date(end).toISOString() : null,
      },
    ];
  });
  return [target, ...others];
}

/**
 * What finds a cart's worst stack with the discount in it, for a list made by stackableWith (the
 * same array for every cart: the search prepares it once).
 */
export function worstIncluding(
  target: PreflightDiscount,
): (cart: PreflightCart, list: PreflightDiscount[], now: Date) => CartWorst | null {
  const alone = [target];
  return (cart, list, now) => {
    const worst = worstForCart(cart, list, now);
    if (worst && worst.stack.some((part) => part.id === target.id)) return worst;
    return worstForCart(cart, alone, now);
  };
}
