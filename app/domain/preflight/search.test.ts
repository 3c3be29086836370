// worstForCart on hand-computed carts: what Shopify lets combine, in which order, and how much it takes.
import { describe, expect, it } from "vitest";
import { discountMaker, PREFLIGHT_NOW as NOW, preflightCart as cart } from "../../../tests/fixtures/preflight";
import { combinable, liveDiscounts } from "./combining";
import { worstForCart, worstSentence } from "./search";

const discount = discountMaker();

const ids = (result: ReturnType<typeof worstForCart>) => result?.stack.map((part) => part.label) ?? [];

describe("worstForCart (hand-computed carts)", () => {
  it("two order discounts that do not combine: only the larger applies", () => {
    // SAVE20 20 % (€40) and SAVE10 10 % (€20), neither combines with order discounts: worst is SAVE20 alone, 20 %
    const save20 = discount({ code: "SAVE20", value: { kind: "percentage", percent: 20 } });
    const save10 = discount({ code: "SAVE10", value: { kind: "percentage", percent: 10 } });
    expect(combinable(save20, save10)).toBe(false);
    const worst = worstForCart(cart, [save10, save20], NOW);
    expect(ids(worst)).toEqual(["SAVE20"]);
    expect(worst?.discountCents).toBe(4000);
    expect(worst?.percent).toBe(20);
  });

  it("two order discounts that combine: each on the same subtotal", () => {
    // both allow order discounts: 20 % of €200 + 10 % of €200 = €60, 30 %
    const all = { product: false, order: true, shipping: false };
    const a = discount({ code: "A20", value: { kind: "percentage", percent: 20 }, combinesWith: all });
    const b = discount({ code: "B10", value: { kind: "percentage", percent: 10 }, combinesWith: all });
    expect(worstForCart(cart, [a, b], NOW)?.discountCents).toBe(6000);
  });

  it("one side allowing is not enough", () => {
    // A combines with order discounts, B does not: they never apply together
    const a = discount({
      value: { kind: "percentage", percent: 20 },
      combinesWith: { product: false, order: true, shipping: false },
    });
    const b = discount({ value: { kind: "percentage", percent: 10 } });
    expect(worstForCart(cart, [a, b], NOW)?.discountCents).toBe(2000 * 2);
  });

  it("product + order + shipping stack: order discount on the subtotal after product discounts", () => {
    // BOOTS25: 25 % off product B (€100 → €25 off); ORDER10: 10 % of (€200 − €25) = €17.50;
    // FREESHIP: €10. Total €52.50 of the €200 of items (as a rule measures it) = 26.25 %, shown 26.3 %
    const everything = { product: true, order: true, shipping: true };
    const boots = discount({
      code: "BOOTS25",
      discountClass: "PRODUCT",
      value: { kind: "percentage", percent: 25 },
      appliesTo: { kind: "products", productIds: ["gid://shopify/Product/B"], variantIds: [] },
      combinesWith: everything,
    });
    const order = discount({ code: "ORDER10", combinesWith: everything });
    const ship = discount({
      code: "FREESHIP",
      discountClass: "SHIPPING",
      value: { kind: "free_shipping", maxShippingCents: null },
      combinesWith: everything,
    });
    const worst = worstForCart(cart, [ship, order, boots], NOW);
    expect(ids(worst)).toEqual(["BOOTS25", "ORDER10", "FREESHIP"]);
    expect(worst?.stack.map((part) => part.amountCents)).toEqual([2500, 1750, 1000]);
    expect(worst?.percent).toBe(26.3);
    expect(worstSentence(worst!)).toBe(
      "Worst reachable 26.3% (€52.50) on cart #1043 with BOOTS25 + ORDER10 + FREESHIP",
    );
  });

  it("only one shipping discount", () => {
    // two free-shipping codes combining with shipping discounts still give €10 once
    const a = discount({
      discountClass: "SHIPPING",
      value: { kind: "free_shipping", maxShippingCents: null },
      combinesWith: { product: true, order: true, shipping: true },
    });
    const b = discount({
      discountClass: "SHIPPING",
      value: { kind: "free_shipping", maxShippingCents: null },
      combinesWith: { product: true, order: true, shipping: true },
    });
    expect(worstForCart(cart, [a, b], NOW)?.discountCents).toBe(1000);
  });

  it("a minimum not met leaves the discount out", () => {
    // BIG30 needs €250 (the cart has €200), SMALL10 needs 3 items (the cart has 3): worst is SMALL10, €20
    const big = discount({ code: "BIG30", value: { kind: "percentage", percent: 30 }, minimumCents: 25000 });
    const small = discount({ code: "SMALL10", minimumQuantity: 3 });
    expect(ids(worstForCart(cart, [big, small], NOW))).toEqual(["SMALL10"]);
    // a product discount's minimum counts its own items: 2 shirts (€100) do not reach €120
    const shirts = discount({
      discountClass: "PRODUCT",
      value: { kind: "percentage", percent: 50 },
      appliesTo: { kind: "collections", collectionIds: ["gid://shopify/Collection/Tops"] },
      minimumCents: 12000,
    });
    expect(worstForCart(cart, [shirts], NOW)).toBeNull();
  });

  it("percent vs fixed: the larger amount on this cart wins", () => {
    // 15 % of €200 = €30 against €35 off: FIXED35 is worse; on a €100 cart 15 % is €15 and €35 still wins,
    // but a fixed amount never takes more than the cart
    const percent = discount({ code: "P15", value: { kind: "percentage", percent: 15 } });
    const fixed = discount({ code: "FIXED35", value: { kind: "fixed", amountCents: 3500, eachItem: false } });
    const worst = worstForCart(cart, [percent, fixed], NOW);
    expect(ids(worst)).toEqual(["FIXED35"]);
    expect(worst?.percent).toBe(17.5);
    const huge = discount({ code: "HUGE", value: { kind: "fixed", amountCents: 50000, eachItem: false } });
    expect(worstForCart(cart, [huge], NOW)?.discountCents).toBe(20000);
  });

  it("a fixed amount on each item counts per unit", () => {
    // €5 off each shirt: 2 × €5 = €10
    const each = discount({
      discountClass: "PRODUCT",
      value: { kind: "fixed", amountCents: 500, eachItem: true },
      appliesTo: { kind: "products", productIds: ["gid://shopify/Product/A"], variantIds: [] },
    });
    expect(worstForCart(cart, [each], NOW)?.discountCents).toBe(1000);
  });

  it("a code not yet started stacks only with what is still live when it starts", () => {
    // LATER20 starts 2026-12-05; SOON10 ends 2026-12-01: they never overlap, so the worst is LATER20 alone
    // (€40, reachable from 5 December); EARLY5 runs until 2027 and combines: 25 % from 5 December
    const both = { product: false, order: true, shipping: false };
    const later = discount({
      code: "LATER20",
      value: { kind: "percentage", percent: 20 },
      startsAt: "2026-12-05T00:00:00Z",
      status: "SCHEDULED",
      combinesWith: both,
    });
    const soon = discount({
      code: "SOON10",
      value: { kind: "percentage", percent: 10 },
      endsAt: "2026-12-01T00:00:00Z",
      combinesWith: both,
    });
    const first = worstForCart(cart, [later, soon], NOW);
    expect(ids(first)).toEqual(["LATER20"]);
    expect(first?.reachableFrom).toBe("2026-12-05T00:00:00.000Z");
    const early = discount({
      code: "EARLY5",
      value: { kind: "percentage", percent: 5 },
      endsAt: "2027-01-31T00:00:00Z",
      combinesWith: both,
    });
    expect(worstForCart(cart, [later, soon, early], NOW)?.discountCents).toBe(5000);
  });

  it("an expired or ended discount is not live", () => {
    const ended = discount({ endsAt: "2026-11-25T00:00:00Z" });
    const expired = discount({ status: "EXPIRED" });
    const open = discount({ endsAt: null });
    expect(liveDiscounts([ended, expired, open], NOW).map((item) => item.id)).toEqual([open.id]);
  });

  it("two product discounts on one line: the better one alone, both with shared tags", () => {
    // on product A (€100): A30 30 % (€30) and A20 20 % (€20), both combine with product discounts.
    // Without same-line tags only A30 applies to the line: €30.
    const products = { product: true, order: false, shipping: false };
    const onA = { kind: "products" as const, productIds: ["gid://shopify/Product/A"], variantIds: [] };
    const a30 = discount({
      code: "A30",
      discountClass: "PRODUCT",
      value: { kind: "percentage", percent: 30 },
      appliesTo: onA,
      combinesWith: products,
      tags: ["vip"],
    });
    const a20 = discount({
      code: "A20",
      discountClass: "PRODUCT",
      value: { kind: "percentage", percent: 20 },
      appliesTo: onA,
      combinesWith: products,
      tags: ["sale"],
    });
    expect(worstForCart(cart, [a30, a20], NOW)?.discountCents).toBe(3000);
    // Each names the other's tag (2026-04): A20 applies on the discounted €70: €14; total €44
    const shared30 = { ...a30, sameLineTags: ["sale"] };
    const shared20 = { ...a20, sameLineTags: ["vip"] };
    const worst = worstForCart(cart, [shared30, shared20], NOW);
    expect(worst?.stack.map((part) => [part.label, part.amountCents])).toEqual([
      ["A30", 3000],
      ["A20", 1400],
    ]);
  });

  it("automatic discounts and their labels", () => {
    // automatic 'Buy 2 get 10 %' (2 items minimum, 10 %) + SUMMER20 (20 %), both combining with order
    // discounts: 10 % + 20 % of €200 = €60 (30 %)
    const both = { product: false, order: true, shipping: false };
    const auto = discount({
      id: "gid://shopify/DiscountAutomaticNode/9",
      method: "automatic",
      code: null,
      title: "Buy 2 get 10 %",
      minimumQuantity: 2,
      combinesWith: both,
    });
    const summer = discount({ code: "SUMMER20", value: { kind: "percentage", percent: 20 }, combinesWith: both });
    const worst = worstForCart(cart, [auto, summer], NOW);
    expect(worst?.stack.map((part) => part.label)).toEqual(["SUMMER20", "automatic 'Buy 2 get 10 %'"]);
    expect(worst?.percent).toBe(30);
  });

  it("at most five product or order codes on one order, and one shipping code", () => {
    // seven 5 % codes that all combine: five apply, 25 %
    const both = { product: false, order: true, shipping: false };
    const codes = Array.from({ length: 7 }, () =>
      discount({ value: { kind: "percentage", percent: 5 }, combinesWith: both }),
    );
    expect(worstForCart(cart, codes, NOW)?.percent).toBe(25);
    // a shipping code is not one of the five: five 5 % codes + FREESHIP (€10) = €60 of €200 of items, 30 %
    const all = { product: false, order: true, shipping: true };
    const five = Array.from({ length: 5 }, () =>
      discount({ value: { kind: "percentage", percent: 5 }, combinesWith: all }),
    );
    const ship = discount({
      discountClass: "SHIPPING",
      value: { kind: "free_shipping", maxShippingCents: null },
      combinesWith: all,
    });
    expect(worstForCart(cart, [...five, ship], NOW)?.percent).toBe(30);
  });
});
