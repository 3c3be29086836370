// How Shopify combines discounts, and the plain evaluator of one stack on one cart.
/**
 * The combination model, after Shopify's documented rules (help.shopify.com "Combining discounts",
 * the Admin API's DiscountCombinesWith; docs/product.md#promotion-preflight):
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
 * Approximations (docs/product.md#what-the-preflight-models): lines take the product discounts in order of
 * their standalone value, buy-X-get-Y and app discounts are not valued, a minimum is checked on the
 * entitled items' subtotal before discounts, and free shipping is worth the shipping price the
 * order paid when it is known.
 */
import { percentOfCents } from "../money";
import type { DiscountClass, PreflightCart, PreflightDiscount, PreflightValue } from "./types";

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

/** An ISO 8601 moment as milliseconds; `open` when there is none. */
export const time = (iso: string | null, open: number) => (iso ? Date.parse(iso) : open);

/** A discount that can still apply at some moment from `now` on: active or scheduled, not ended. */
export function liveFrom(discount: PreflightDiscount, now: Date): boolean {
  if (discount.status === "EXPIRED") return false;
  return time(discount.endsAt, Infinity) > now.getTime();
}

/** The live discounts, product discounts first (the order the search tries classes in does not matter). */
export function liveDiscounts(discounts: PreflightDiscount[], now: Date): PreflightDiscount[] {
  return discounts
    .filter((discount) => liveFrom(discount, now))
    .sort((a, b) => rank(a.discountClass) - rank(b.discountClass) || a.id.localeCompare(b.id));
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

/** The order the classes apply in: product, order, shipping. */
export const rank = (discountClass: DiscountClass) =>
  discountClass === "PRODUCT" ? 0 : discountClass === "ORDER" ? 1 : 2;

/** What an order discount asks of the subtotal after product discounts (before the "never more than it"). */
export function orderWant(value: PreflightValue, base: number): number {
  return value.kind === "percentage"
    ? percentOfCents(base, Math.min(100, value.percent))
    : value.kind === "fixed"
      ? value.amountCents
      : 0;
}

/** A fixed amount spread over the lines by what is left of each; never more than what is left. */
export function spread(amountCents: number, lines: readonly number[], remaining: number[] | Float64Array): number {
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

/** A product discount's value taken off the open lines' remaining amounts (changed in place); what it took. */
export function takeOnLines(
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
