// The search for the worst reachable stack on one cart, and the sentence that names it.
/*
 * The search tries the profile stacks worstForCart describes, in the same order, and keeps the same
 * one (search-exhaustive.test.ts checks its value against an exhaustive search); it is fast because
 * (docs/product.md#what-the-preflight-models):
 * - what does not depend on the cart is worked out once per list of discounts (prepared.ts);
 * - a cart looks only at the discounts its lines reach, plus those on every line, and its candidates
 *   come nearly sorted (candidates.ts);
 * - a stack whose upper bound (its discounts' values alone, added up, never above the items and the
 *   shipping) cannot beat the worst found so far is not valued, and a profile's bound costs eight steps;
 * - buffers are reused from cart to cart.
 */
import { formatCents, formatPercent } from "../money";
import { cartSubtotal, discountLabel, rank, stackAmounts } from "./combining";
import { candidatesFor, growScratch, scratch } from "./candidates";
import { preparedFor, type Prepared, type PreparedList } from "./prepared";
import { stackTotal } from "./stack-total";
import { MAX_CODES_PER_ORDER, type CartWorst, type PreflightCart, type PreflightDiscount } from "./types";

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
    // every discount (shipping too) over the items before discounts: the percent a rule measures
    percent: subtotal > 0 ? round1((total / subtotal) * 100) : 0,
    stack,
    reachableFrom: (list.momentIso[found.moment] ??= new Date(list.moments[found.moment]).toISOString()),
    searchCut: false,
  };
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** "worst reachable 47 % on cart #1043 with SUMMER20 + automatic 'Buy 2 get 10 %' + FREESHIP" */
export function worstSentence(worst: CartWorst): string {
  return `Worst reachable ${formatPercent(worst.percent)} (${formatCents(worst.discountCents, worst.currency)}) on cart ${worst.orderName} with ${worst.stack.map((part) => part.label).join(" + ")}`;
}
