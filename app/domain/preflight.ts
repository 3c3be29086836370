/**
 * Promotion preflight (docs/product.md#promotion-preflight, docs/decisions/0065-promotion-preflight.md):
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
import { formatCents } from "./money";

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

function entitled(discount: PreflightDiscount, line: PreflightLine): boolean {
  const to = discount.appliesTo;
  if (to.kind === "all") return true;
  if (to.kind === "products") {
    return (
      (line.productId !== null && to.productIds.includes(line.productId)) ||
      (line.variantId !== null && to.variantIds.includes(line.variantId))
    );
  }
  return line.collectionIds.some((id) => to.collectionIds.includes(id));
}

export const cartSubtotal = (cart: PreflightCart) =>
  cart.lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);

/** A discount's conditions on a cart: something entitled, minimums met, a value the model knows. */
function eligibleLines(discount: PreflightDiscount, cart: PreflightCart): number[] | null {
  if (discount.value.kind === "unmodelled") return null;
  if (discount.value.kind === "free_shipping") {
    if (cart.shippingCents <= 0) return null;
    const max = discount.value.maxShippingCents;
    if (max !== null && cart.shippingCents > max) return null;
  }
  const indexes: number[] = [];
  let cents = 0;
  let quantity = 0;
  cart.lines.forEach((line, index) => {
    if (discount.discountClass === "SHIPPING" || entitled(discount, line)) {
      indexes.push(index);
      cents += line.unitPriceCents * line.quantity;
      quantity += line.quantity;
    }
  });
  if (indexes.length === 0) return null;
  if (discount.minimumCents !== null && cents < discount.minimumCents) return null;
  if (discount.minimumQuantity !== null && quantity < discount.minimumQuantity) return null;
  return indexes;
}

interface Candidate {
  discount: PreflightDiscount;
  lines: number[];
  /** its value alone on the cart: an upper bound of what it adds to any stack */
  alone: number;
  start: number;
  end: number;
}

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
      let taken = 0;
      if (value.kind === "percentage") {
        for (const line of open) {
          const off = Math.round((remaining[line] * Math.min(100, value.percent)) / 100);
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
    const value = part.discount.value;
    const want =
      value.kind === "percentage"
        ? Math.round((base * Math.min(100, value.percent)) / 100)
        : value.kind === "fixed"
          ? value.amountCents
          : 0;
    amounts[index] = Math.min(left, want);
    left -= amounts[index];
  }
  return amounts;
}

const rank = (discountClass: DiscountClass) => (discountClass === "PRODUCT" ? 0 : discountClass === "ORDER" ? 1 : 2);

/** A fixed amount spread over the lines by what is left of each; never more than what is left. */
function spread(amountCents: number, lines: number[], remaining: number[]): number {
  const total = lines.reduce((sum, line) => sum + remaining[line], 0);
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

function aloneValue(discount: PreflightDiscount, lines: number[], cart: PreflightCart): number {
  return stackAmounts([{ discount, lines }], cart)[0];
}

/**
 * The worst reachable stack on one cart: the combinable set of discounts whose conditions the cart
 * meets, alive at a common moment from `now` on, with the largest discount. Combining depends only
 * on each discount's class and `combinesWith` flags, so for each moment (now, and each start of a
 * scheduled discount) and each choice of classes present, the candidates are: every discount of a
 * class that allows the others present, either all those that combine with their own class or the
 * best one alone; at most one shipping discount. More discounts never take less, so the worst of
 * these few stacks is the worst. Past five product or order codes, the smallest are left out.
 */
export function worstForCart(cart: PreflightCart, discounts: PreflightDiscount[], now: Date): CartWorst | null {
  const subtotal = cartSubtotal(cart);
  if (subtotal <= 0) return null;
  const nowMs = now.getTime();
  const candidates: Candidate[] = [];
  for (const discount of discounts) {
    const lines = eligibleLines(discount, cart);
    if (!lines) continue;
    const alone = aloneValue(discount, lines, cart);
    if (alone <= 0) continue;
    candidates.push({
      discount,
      lines,
      alone,
      start: Math.max(nowMs, time(discount.startsAt, -Infinity)),
      end: time(discount.endsAt, Infinity),
    });
  }
  if (candidates.length === 0) return null;
  candidates.sort((a, b) => b.alone - a.alone || a.discount.id.localeCompare(b.discount.id));
  const moments = [...new Set(candidates.map((candidate) => candidate.start))].sort((a, b) => a - b);
  let best: { total: number; parts: Candidate[]; amounts: number[]; start: number } | null = null;
  const allows = (candidate: Candidate, hasProduct: boolean, hasOrder: boolean, hasShipping: boolean) => {
    const flags = candidate.discount.combinesWith;
    return (!hasProduct || flags.product) && (!hasOrder || flags.order) && (!hasShipping || flags.shipping);
  };
  const ceiling = subtotal + cart.shippingCents;
  for (const moment of moments) {
    // nothing takes more than the whole cart and its shipping
    if (best && best.total >= ceiling) break;
    const alive = candidates.filter((candidate) => candidate.start <= moment && candidate.end > moment);
    // what the moment's discounts could take at most: each alone, added up
    let bound = 0;
    for (const candidate of alive) bound += candidate.alone;
    if (best && Math.min(bound, ceiling) <= best.total) continue;
    const byClass = (discountClass: DiscountClass) =>
      alive.filter((candidate) => candidate.discount.discountClass === discountClass);
    const classes = { PRODUCT: byClass("PRODUCT"), ORDER: byClass("ORDER"), SHIPPING: byClass("SHIPPING") };
    for (const hasProduct of [false, true]) {
      for (const hasOrder of [false, true]) {
        for (const hasShipping of [false, true]) {
          if (!hasProduct && !hasOrder && !hasShipping) continue;
          // each class's discounts that combine with the other classes present
          const fit = (discountClass: DiscountClass) =>
            classes[discountClass].filter((candidate) =>
              allows(
                candidate,
                hasProduct && discountClass !== "PRODUCT",
                hasOrder && discountClass !== "ORDER",
                hasShipping && discountClass !== "SHIPPING",
              ),
            );
          const options = (discountClass: DiscountClass, present: boolean): Candidate[][] => {
            if (!present) return [[]];
            const fitting = fit(discountClass);
            if (fitting.length === 0) return [];
            if (discountClass === "SHIPPING") return [[fitting[0]]];
            const own = discountClass === "PRODUCT" ? "product" : "order";
            const together = fitting.filter((candidate) => candidate.discount.combinesWith[own]);
            return together.length > 1 ? [together, [fitting[0]]] : [[fitting[0]]];
          };
          for (const products of options("PRODUCT", hasProduct)) {
            for (const orders of options("ORDER", hasOrder)) {
              for (const shipping of options("SHIPPING", hasShipping)) {
                let codes = 0;
                const parts = [...products, ...orders]
                  .sort((a, b) => b.alone - a.alone)
                  .filter((candidate) => candidate.discount.method !== "code" || ++codes <= MAX_CODES_PER_ORDER);
                parts.push(...shipping);
                const amounts = stackAmounts(parts, cart);
                const total = amounts.reduce((sum, cents) => sum + cents, 0);
                if (!best || total > best.total) best = { total, parts, amounts, start: moment };
              }
            }
          }
        }
      }
    }
  }
  if (!best || best.total <= 0) return null;
  const chosen = best;
  const stack = chosen.parts
    .map((part, index) => ({
      id: part.discount.id,
      label: discountLabel(part.discount),
      code: part.discount.code,
      method: part.discount.method,
      discountClass: part.discount.discountClass,
      amountCents: chosen.amounts[index],
    }))
    .filter((part) => part.amountCents > 0)
    .sort((a, b) => rank(a.discountClass) - rank(b.discountClass) || b.amountCents - a.amountCents);
  return {
    orderId: cart.orderId,
    orderName: cart.orderName,
    createdAt: cart.createdAt,
    currency: cart.currency,
    subtotalCents: subtotal,
    discountCents: chosen.total,
    // of what the discounted parts cost before discounts: the items, and the shipping when it is discounted
    percent: round1(
      (chosen.total / (subtotal + (stack.some((part) => part.discountClass === "SHIPPING") ? cart.shippingCents : 0))) *
        100,
    ),
    stack,
    reachableFrom: new Date(chosen.start).toISOString(),
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
