import { describe, expect, it } from "vitest";
import { stackableWith, worstIncluding } from "./including";
import { PLANNED_ID, plannedDiscount } from "./planned";
import { newPreflightTally, tallyCart } from "./tally";
import type { PreflightCart, PreflightDiscount } from "./types";

const NOW = new Date("2026-11-30T12:00:00Z");
const DAY = 86_400_000;
const at = (days: number) => new Date(NOW.getTime() + days * DAY).toISOString();

const discount = (id: number, over: Partial<PreflightDiscount> = {}): PreflightDiscount => ({
  id: `gid://shopify/DiscountCodeNode/${id}`,
  title: `CODE${id}`,
  code: `CODE${id}`,
  method: "code",
  discountClass: "ORDER",
  value: { kind: "percentage", percent: 10 },
  appliesTo: { kind: "all" },
  minimumCents: null,
  minimumQuantity: null,
  startsAt: at(-5),
  endsAt: at(30),
  status: "ACTIVE",
  combinesWith: { product: true, order: true, shipping: true },
  sameLineTags: [],
  tags: [],
  usageLimit: 100,
  appliesOncePerCustomer: true,
  allBuyers: true,
  codesCount: 1,
  ...over,
});

const cart: PreflightCart = {
  orderId: "gid://shopify/Order/1",
  orderName: "#1001",
  createdAt: at(-2),
  currency: "USD",
  lines: [
    { productId: "gid://shopify/Product/1", variantId: null, collectionIds: [], quantity: 1, unitPriceCents: 10_000 },
  ],
  shippingCents: 0,
};

function worstOn(target: PreflightDiscount, others: PreflightDiscount[]) {
  const list = stackableWith(target, [target, ...others], NOW);
  const tally = newPreflightTally();
  tallyCart(tally, cart, list, NOW, worstIncluding(target));
  return tally.worst[0] ?? null;
}

describe("the worst stack including one discount", () => {
  it("keeps only the discounts that combine with it both ways", () => {
    const target = discount(1);
    const friendly = discount(2);
    const refuses = discount(3, { combinesWith: { product: true, order: false, shipping: true } });
    const list = stackableWith(target, [target, friendly, refuses], NOW);
    expect(list.map((item) => item.id)).toEqual([target.id, friendly.id]);
  });

  it("holds the others to its dates, and leaves out those that never overlap them", () => {
    const target = discount(1, { status: "SCHEDULED", startsAt: at(10), endsAt: at(20) });
    const early = discount(2, { startsAt: at(-5), endsAt: at(12) });
    const gone = discount(3, { startsAt: at(-5), endsAt: at(10) });
    const open = discount(4, { startsAt: at(-5), endsAt: null });
    const list = stackableWith(target, [target, early, gone, open], NOW);
    expect(list.map((item) => [item.id, item.startsAt, item.endsAt])).toEqual([
      [target.id, at(10), at(20)],
      [early.id, at(10), at(12)],
      [open.id, at(10), at(20)],
    ]);
  });

  it("is empty for a discount that has ended", () => {
    expect(stackableWith(discount(1, { status: "EXPIRED" }), [], NOW)).toEqual([]);
  });

  it("finds a stack with the discount in it, even where a larger one without it exists", () => {
    const target = discount(1, { value: { kind: "percentage", percent: 5 } });
    // 50 % alone, and it does not combine with the target: not in the target's list
    const big = discount(2, {
      value: { kind: "percentage", percent: 50 },
      combinesWith: { product: true, order: false, shipping: true },
    });
    const friend = discount(3, { value: { kind: "percentage", percent: 20 } });
    const worst = worstOn(target, [big, friend]);
    expect(worst?.stack.map((part) => part.label)).toEqual(["CODE3", "CODE1"]);
    // two order discounts on the same $100 subtotal: $20 + $5
    expect(worst?.discountCents).toBe(2500);
    expect(worst?.percent).toBe(25);
  });

  it("values the discount alone when its best stack leaves it out", () => {
    // a same-class discount it combines with only one way round is not in its list; alone it takes $5
    const target = discount(1, {
      value: { kind: "percentage", percent: 5 },
      combinesWith: { product: false, order: false, shipping: false },
    });
    const worst = worstOn(target, [discount(2, { value: { kind: "percentage", percent: 40 } })]);
    expect(worst?.stack.map((part) => part.label)).toEqual(["CODE1"]);
    expect(worst?.discountCents).toBe(500);
  });

  it("reaches nothing when the cart does not meet the discount's minimum", () => {
    const target = discount(1, { minimumCents: 20_000 });
    expect(worstOn(target, [discount(2)])).toBeNull();
  });

  it("checks a planned promotion like a discount read from Shopify", () => {
    const planned = plannedDiscount(
      {
        title: "Spring sale",
        code: "SPRING30",
        discountClasses: ["ORDER"],
        customerGets: { value: { percentage: 0.3 } },
        combinesWith: { orderDiscounts: true },
      },
      NOW,
    );
    expect(planned).toMatchObject({
      id: PLANNED_ID,
      method: "code",
      value: { kind: "percentage", percent: 30 },
      status: "ACTIVE",
      startsAt: NOW.toISOString(),
      endsAt: null,
      combinesWith: { product: false, order: true, shipping: false },
    });
    const worst = worstOn(planned, [discount(2, { value: { kind: "percentage", percent: 20 } })]);
    expect(worst?.stack.map((part) => part.label)).toEqual(["SPRING30", "CODE2"]);
    expect(worst?.discountCents).toBe(5000);
  });

  it("models a planned promotion's amounts, minimums, items and dates as Shopify holds them", () => {
    const later = plannedDiscount(
      {
        title: "Weekend",
        discountClasses: ["PRODUCT"],
        customerGets: {
          value: { amount: 12.5, appliesOnEachItem: true },
          items: { collections: ["gid://shopify/Collection/7"] },
        },
        startsAt: at(2),
        endsAt: at(4),
        minimumRequirement: { quantity: { greaterThanOrEqualToQuantity: 2 } },
      },
      NOW,
    );
    expect(later).toMatchObject({
      method: "automatic",
      code: null,
      discountClass: "PRODUCT",
      value: { kind: "fixed", amountCents: 1250, eachItem: true },
      appliesTo: { kind: "collections", collectionIds: ["gid://shopify/Collection/7"] },
      minimumQuantity: 2,
      minimumCents: null,
      status: "SCHEDULED",
    });
    const shipping = plannedDiscount(
      {
        title: "Ship free",
        discountClasses: ["SHIPPING"],
        customerGets: { value: { freeShipping: true, maximumShippingPrice: 20 } },
        minimumRequirement: { subtotal: { greaterThanOrEqualToSubtotal: 75 } },
      },
      NOW,
    );
    expect(shipping).toMatchObject({ value: { kind: "free_shipping", maxShippingCents: 2000 }, minimumCents: 7500 });
  });
});
