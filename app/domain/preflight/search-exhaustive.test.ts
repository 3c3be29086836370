// The fast search against an exhaustive one: the same worst stack value on random small carts.
/**
 * Property test of the preflight's fast search (search.ts, docs/product.md#what-the-preflight-models):
 * on random small carts and discounts, `worstForCart` finds the same worst stack value as a plain
 * exhaustive search over every subset of the live discounts that Shopify would let apply together.
 *
 * The cases stay where the model is exact: at most five product or order codes (the cut past five
 * is an approximation), and product discounts either all allowed on one line (same-line tags) or on
 * lines of their own (which discount a line takes first is an approximation).
 */
import { describe, expect, it } from "vitest";
import { seededRandom } from "../seeded-random";
import { cartSubtotal, combinable, liveDiscounts, stackAmounts } from "./combining";
import { worstForCart } from "./search";
import {
  MAX_CODES_PER_ORDER,
  type DiscountClass,
  type PreflightCart,
  type PreflightDiscount,
  type PreflightLine,
} from "./types";

const NOW = new Date("2026-11-26T12:00:00Z");
const DAY = 86_400_000;
const time = (iso: string | null, open: number) => (iso ? Date.parse(iso) : open);

function entitledLines(discount: PreflightDiscount, cart: PreflightCart): number[] {
  const to = discount.appliesTo;
  return cart.lines.flatMap((line, index) => {
    const entitled =
      discount.discountClass === "SHIPPING" ||
      to.kind === "all" ||
      (to.kind === "products" &&
        ((line.productId !== null && to.productIds.includes(line.productId)) ||
          (line.variantId !== null && to.variantIds.includes(line.variantId)))) ||
      (to.kind === "collections" && line.collectionIds.some((id) => to.collectionIds.includes(id)));
    return entitled ? [index] : [];
  });
}

/** The discount's entitled lines when the cart meets its conditions, else null (written plainly, apart from the model). */
function meets(discount: PreflightDiscount, cart: PreflightCart): number[] | null {
  const value = discount.value;
  if (value.kind === "unmodelled") return null;
  if (value.kind === "free_shipping") {
    if (cart.shippingCents <= 0) return null;
    if (value.maxShippingCents !== null && cart.shippingCents > value.maxShippingCents) return null;
  }
  const lines = entitledLines(discount, cart);
  if (lines.length === 0) return null;
  const cents = lines.reduce((sum, index) => sum + cart.lines[index].unitPriceCents * cart.lines[index].quantity, 0);
  const quantity = lines.reduce((sum, index) => sum + cart.lines[index].quantity, 0);
  if (discount.minimumCents !== null && cents < discount.minimumCents) return null;
  if (discount.minimumQuantity !== null && quantity < discount.minimumQuantity) return null;
  return lines;
}

/** Every subset of the live discounts: combinable two by two, alive at one moment, at most five codes; its value. */
function exhaustiveWorst(cart: PreflightCart, live: PreflightDiscount[]): number {
  const eligible = live.flatMap((discount) => {
    const lines = meets(discount, cart);
    if (!lines) return [];
    const alone = stackAmounts([{ discount, lines }], cart)[0];
    const start = Math.max(NOW.getTime(), time(discount.startsAt, -Infinity));
    return [{ discount, lines, alone, start, end: time(discount.endsAt, Infinity) }];
  });
  let worst = 0;
  for (let mask = 1; mask < 1 << eligible.length; mask++) {
    const subset = eligible.filter((_, index) => mask & (1 << index));
    const together = subset.every((a, i) => subset.every((b, j) => i === j || combinable(a.discount, b.discount)));
    if (!together) continue;
    if (Math.max(...subset.map((part) => part.start)) >= Math.min(...subset.map((part) => part.end))) continue;
    const codes = subset.filter(
      (part) => part.discount.method === "code" && part.discount.discountClass !== "SHIPPING",
    );
    if (codes.length > MAX_CODES_PER_ORDER) continue;
    // the model's order on a line: worst alone first, then by id
    subset.sort((a, b) => b.alone - a.alone || a.discount.id.localeCompare(b.discount.id));
    const total = stackAmounts(subset, cart).reduce((sum, cents) => sum + cents, 0);
    worst = Math.max(worst, total);
  }
  return worst;
}

function randomCase(seed: number) {
  const rand = seededRandom(seed);
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)]!;
  const products = ["A", "B", "C", "D"];
  const line = (product: string): PreflightLine => ({
    productId: `gid://shopify/Product/${product}`,
    variantId: `gid://shopify/ProductVariant/${product}1`,
    collectionIds: product < "C" ? ["gid://shopify/Collection/low"] : ["gid://shopify/Collection/high"],
    quantity: 1 + Math.floor(rand() * 3),
    unitPriceCents: pick([500, 1200, 2500, 4000, 9900]),
  });
  const lineCount = 1 + Math.floor(rand() * 3);
  const cart: PreflightCart = {
    orderId: `gid://shopify/Order/${seed}`,
    orderName: `#${seed}`,
    createdAt: "2026-11-20T10:00:00Z",
    currency: "EUR",
    lines: products.slice(0, lineCount).map(line),
    shippingCents: pick([0, 500, 1200]),
  };
  // product discounts all allowed on one line, or each on a product of its own
  const shareLines = rand() < 0.5;
  let codes = 0;
  let productIndex = 0;
  const discounts = Array.from({ length: 1 + Math.floor(rand() * 6) }, (_, index): PreflightDiscount => {
    const discountClass: DiscountClass = pick(["PRODUCT", "PRODUCT", "ORDER", "ORDER", "SHIPPING"]);
    const code = discountClass === "SHIPPING" || (rand() < 0.7 && codes++ < MAX_CODES_PER_ORDER);
    const starts = NOW.getTime() + pick([-10, -1, 0, 0, 3, 7]) * DAY;
    const ends = pick([null, 2, 5, 20]);
    const own = products[productIndex++ % products.length];
    return {
      id: `gid://shopify/Discount${code ? "Code" : "Automatic"}Node/${seed}-${index}`,
      title: `Discount ${index}`,
      code: code ? `C${index}` : null,
      method: code ? "code" : "automatic",
      discountClass,
      value:
        discountClass === "SHIPPING"
          ? { kind: "free_shipping", maxShippingCents: pick([null, 800]) }
          : rand() < 0.6
            ? { kind: "percentage", percent: pick([5, 10, 20, 35, 50, 100]) }
            : { kind: "fixed", amountCents: pick([300, 1000, 2500, 20000]), eachItem: rand() < 0.3 },
      appliesTo:
        discountClass !== "PRODUCT"
          ? { kind: "all" }
          : !shareLines
            ? { kind: "products", productIds: [`gid://shopify/Product/${own}`], variantIds: [] }
            : pick([
                { kind: "all" } as const,
                { kind: "collections", collectionIds: ["gid://shopify/Collection/low"] } as const,
                { kind: "products", productIds: [], variantIds: ["gid://shopify/ProductVariant/B1"] } as const,
              ]),
      minimumCents: rand() < 0.25 ? pick([2000, 6000]) : null,
      minimumQuantity: rand() < 0.15 ? pick([2, 4]) : null,
      startsAt: new Date(starts).toISOString(),
      endsAt: ends === null ? null : new Date(NOW.getTime() + ends * DAY).toISOString(),
      status: starts > NOW.getTime() ? "SCHEDULED" : "ACTIVE",
      combinesWith: { product: rand() < 0.6, order: rand() < 0.6, shipping: rand() < 0.6 },
      sameLineTags: shareLines ? ["stack"] : [],
      tags: shareLines ? ["stack"] : [],
      usageLimit: null,
      appliesOncePerCustomer: false,
      allBuyers: true,
      codesCount: 1,
    };
  });
  return { cart, discounts };
}

describe("worstForCart against an exhaustive search (random small carts)", () => {
  it("finds the same worst stack value, and its stack is one Shopify would apply", () => {
    let stacked = 0;
    for (let seed = 1; seed <= 600; seed++) {
      const { cart, discounts } = randomCase(seed);
      const live = liveDiscounts(discounts, NOW);
      const fast = worstForCart(cart, live, NOW);
      const expected = exhaustiveWorst(cart, live);
      expect({ seed, worst: fast?.discountCents ?? 0 }).toEqual({ seed, worst: expected });
      if (!fast) continue;
      stacked++;
      // the stack it names: live discounts, combinable two by two, all alive from reachableFrom on
      const parts = fast.stack.map((part) => live.find((discount) => discount.id === part.id)!);
      const from = Date.parse(fast.reachableFrom);
      for (const part of parts) {
        expect(Math.max(NOW.getTime(), time(part.startsAt, -Infinity))).toBeLessThanOrEqual(from);
        expect(time(part.endsAt, Infinity)).toBeGreaterThan(from);
        for (const other of parts) if (other !== part) expect(combinable(part, other)).toBe(true);
      }
      expect(fast.stack.reduce((sum, part) => sum + part.amountCents, 0)).toBe(fast.discountCents);
      expect(fast.subtotalCents).toBe(cartSubtotal(cart));
    }
    // the cases reach stacks often enough to test something
    expect(stacked).toBeGreaterThan(300);
  });
});

describe("the search's bound", () => {
  it("counts a spread amount's whole take: in a stack it can take more than alone", () => {
    // three 1-cent lines. SPREAD2 (2 cents over every line) alone: 0 + 0 on the first two, and the last
    // line's share of 2 is cut to its 1 cent: 1 cent. FIRST100 (100 % of line A) takes line A first, then
    // SPREAD2 spreads 2 cents over B and C: 1 + 1. Together 3 cents, the whole cart, though their values
    // alone add up to 2. ORDER2 (2 cents off the order, combining with nothing) is tried first: a bound
    // of values alone would stop at 2 cents
    const line = (product: string): PreflightLine => ({
      productId: `gid://shopify/Product/${product}`,
      variantId: null,
      collectionIds: [],
      quantity: 1,
      unitPriceCents: 1,
    });
    const cart: PreflightCart = {
      orderId: "gid://shopify/Order/1",
      orderName: "#1",
      createdAt: "2026-11-20T10:00:00Z",
      currency: "EUR",
      lines: [line("A"), line("B"), line("C")],
      shippingCents: 0,
    };
    const base: Omit<PreflightDiscount, "id" | "code" | "discountClass" | "value" | "appliesTo" | "combinesWith"> = {
      title: "t",
      method: "code",
      minimumCents: null,
      minimumQuantity: null,
      startsAt: "2026-11-01T00:00:00Z",
      endsAt: null,
      status: "ACTIVE",
      sameLineTags: [],
      tags: [],
      usageLimit: null,
      appliesOncePerCustomer: false,
      allBuyers: true,
      codesCount: 1,
    };
    const products = { product: true, order: false, shipping: false };
    const first: PreflightDiscount = {
      ...base,
      id: "gid://shopify/DiscountCodeNode/A1",
      code: "FIRST100",
      discountClass: "PRODUCT",
      value: { kind: "percentage", percent: 100 },
      appliesTo: { kind: "products", productIds: ["gid://shopify/Product/A"], variantIds: [] },
      combinesWith: products,
    };
    const spreadTwo: PreflightDiscount = {
      ...base,
      id: "gid://shopify/DiscountCodeNode/A2",
      code: "SPREAD2",
      discountClass: "PRODUCT",
      value: { kind: "fixed", amountCents: 2, eachItem: false },
      appliesTo: { kind: "all" },
      combinesWith: products,
    };
    const order: PreflightDiscount = {
      ...base,
      id: "gid://shopify/DiscountCodeNode/A3",
      code: "ORDER2",
      discountClass: "ORDER",
      value: { kind: "fixed", amountCents: 2, eachItem: false },
      appliesTo: { kind: "all" },
      combinesWith: { product: false, order: false, shipping: false },
    };
    const live = liveDiscounts([first, spreadTwo, order], NOW);
    expect(exhaustiveWorst(cart, live)).toBe(3);
    const worst = worstForCart(cart, live, NOW);
    expect(worst?.stack.map((part) => [part.label, part.amountCents])).toEqual([
      ["SPREAD2", 2],
      ["FIRST100", 1],
    ]);
    expect(worst?.discountCents).toBe(3);
  });
});
