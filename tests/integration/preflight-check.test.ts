// One discount's check through POST /api/preflight (docs/product.md#checking-one-discount): a
// discount of the shop by its id and a promotion not created yet, each against the shop's other
// active and scheduled discounts (the fake Admin API's discountNodes) on its orders, worked out by
// hand; its hygiene findings with their admin links; bad input refused with the field named and
// nothing stored; and the full preflight's answer keeping its shape, with the hygiene audit on top.
import { beforeAll, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { DEMO_CATALOG } from "../../app/demo/demo-store";
import { graphqlOrderNode } from "../../app/demo/graphql-order-builder";
import { DEMO_DISCOUNT_IDS, demoShopDiscounts } from "../../app/demo/shop-discounts";
import { cacheCatalogVariants } from "../../app/demo/seed.server";
import { demoCatalogVariants, installFakeAdminApi } from "../helpers/fake-admin-api";
import { catalogOrder, receiveOrders } from "../helpers/catalog-orders";
import { adminRequest, installedShops, routeArgs, settle } from "../helpers/shopify";

// the app's modules first: importing them sets Shopify's library's fetch, which the fake replaces
const { action: start } = await import("../../app/routes/api.preflight");

const SHOP = "preflight-check.myshopify.com";
const DAY = 86_400_000;
const NOW = Date.now();
const order = (id: number, daysAgo: number, lines: { title: string; quantity: number }[], shipping?: string) =>
  catalogOrder({ id, number: id - 6_000_000 + 6000, daysAgo, now: NOW, shipping }, lines);

// #6001: 2 × Sunglasses ($120, Summer Sale) = $240; #6002: a belt, $55; #6003: a linen shirt ($68,
// Summer Sale) and a denim jacket ($140) = $208, shipped for $5
const ORDERS = [
  order(6_000_001, 2, [{ title: "Sunglasses", quantity: 2 }]),
  order(6_000_002, 5, [{ title: "Leather belt", quantity: 1 }]),
  order(
    6_000_003,
    10,
    [
      { title: "Linen shirt", quantity: 1 },
      { title: "Denim jacket", quantity: 1 },
    ],
    "5.00",
  ),
];

// the full preflight reads Shopify's orders; one discount's check the orders the app received
const fake = installFakeAdminApi(demoCatalogVariants(), {
  orders: ORDERS.map(({ payload }) => graphqlOrderNode(payload)),
  answers: {
    MarginGuardrailPreflightDiscounts: () => ({
      discountNodes: {
        nodes: demoShopDiscounts(new Date(NOW)) as never,
        pageInfo: { hasNextPage: false, endCursor: null },
      },
    }),
  },
});

async function post(body: unknown) {
  const init: RequestInit = {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json" },
  };
  const request = await adminRequest("/api/preflight", SHOP, { init });
  return (await settle(async () => start(routeArgs(request)))) as Response;
}

/** A planned code: 30 % off the order, combining with every class, no end date, no limits. */
const FLASH30 = {
  title: "Flash 30",
  code: "FLASH30",
  discountClasses: ["ORDER"],
  customerGets: { value: { percentage: 0.3 }, items: { all: true } },
  combinesWith: { productDiscounts: true, orderDiscounts: true, shippingDiscounts: true },
};

let shopId = "";
const stored = async () => ({
  runs: await prisma.preflightRun.count({ where: { shopId } }),
  events: await prisma.auditEvent.count({ where: { shopId } }),
  thresholds: await prisma.shop.findUniqueOrThrow({
    where: { id: shopId },
    select: { hygieneActiveDays: true, hygieneFullPercent: true },
  }),
});

describe("one discount's preflight check", () => {
  beforeAll(async () => {
    [shopId] = await installedShops(SHOP);
    await receiveOrders(shopId, ORDERS);
    await cacheCatalogVariants(shopId, DEMO_CATALOG);
  });

  it("finds the worst stack including a discount of the shop, with its depth, margin and hygiene", async () => {
    const response = await post({ discountId: DEMO_DISCOUNT_IDS.summer20 });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(fake.drift).toEqual([]);
    expect(body.check).toBe("discount");
    expect(body.discount).toMatchObject({
      id: DEMO_DISCOUNT_IDS.summer20,
      label: "SUMMER20",
      adminUrl: "https://admin.shopify.com/store/preflight-check/discounts/9401",
    });
    // #6001: automatic 'Summer Sale 15% off' $36 + SUMMER20 20 % of $204 = $40.80 + automatic
    // 'Spend $150, save $20' $20 = $96.80 of $240
    expect(body.worst).toMatchObject({
      orderName: "#6001",
      percent: 40.3,
      discountCents: 9680,
      depth: 3,
      codes: ["SUMMER20"],
      automatic: ["Summer Sale 15% off", "Spend $150, save $20"],
    });
    // the sunglasses cost $48 each (the fake's unit cost): $143.20 left for $96 of cost
    expect(body.worst.marginPercent).toBe(33);
    expect(body.worst.stack.map((part: { adminUrl: string }) => part.adminUrl)).toEqual([
      "https://admin.shopify.com/store/preflight-check/discounts/9412",
      "https://admin.shopify.com/store/preflight-check/discounts/9401",
      "https://admin.shopify.com/store/preflight-check/discounts/9411",
    ]);
    expect(body.summary).toBe(
      "Worst reachable 40.3% ($96.80) on cart #6001 with automatic 'Summer Sale 15% off' + SUMMER20 + automatic 'Spend $150, save $20'",
    );
    expect(body.cartsScanned).toBe(3);
    expect(body.preflightPath).toBe("/preflight");
    expect(
      body.hygiene.map((finding: { kind: string; severity: string; adminUrl: string }) => [
        finding.kind,
        finding.severity,
        finding.adminUrl,
      ]),
    ).toEqual([
      ["no_usage_limit", "medium", "https://admin.shopify.com/store/preflight-check/discounts/9401"],
      ["combines_with_every_class", "medium", "https://admin.shopify.com/store/preflight-check/discounts/9401"],
      ["no_once_per_customer", "low", "https://admin.shopify.com/store/preflight-check/discounts/9401"],
    ]);
    expect(body.hygiene[0]).toMatchObject({
      discountId: DEMO_DISCOUNT_IDS.summer20,
      title: "SUMMER20",
      finding: "SUMMER20 has no limit on the number of times it can be used",
      fix: "Limit the total number of times it can be used.",
    });
    // answered at once: no run row, no event
    expect((await stored()).runs).toBe(0);
  });

  it("stacks only what combines with the discount: WELCOME10 takes FREESHIP and nothing else", async () => {
    const body = await (await post({ discountId: DEMO_DISCOUNT_IDS.welcome10, days: 30 })).json();
    // #6003: 10 % of $208 = $20.80 + FREESHIP's $5 of shipping = $25.80, over the $208 of items
    expect(body.worst).toMatchObject({ orderName: "#6003", percent: 12.4, depth: 2, codes: ["WELCOME10", "FREESHIP"] });
    expect(body.days).toBe(30);
    expect(body.hygiene.map((finding: { kind: string }) => finding.kind)).toEqual(["no_end_date"]);
  });

  it("flags a discount naming a variant already on sale", async () => {
    const body = await (await post({ discountId: DEMO_DISCOUNT_IDS.beanie10 })).json();
    expect(body.hygiene.map((finding: { kind: string; finding: string }) => [finding.kind, finding.finding])).toEqual([
      ["on_sale_items", "BEANIE10 applies to a variant already on sale (a compare-at price above the price)"],
    ]);
    // no order has a beanie
    expect(body.worst).toBeNull();
    expect(body.summary).toBeNull();
  });

  it("checks a promotion not created yet against the live and scheduled discounts", async () => {
    const response = await post({ planned: FLASH30 });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.check).toBe("planned");
    expect(body.discount).toMatchObject({ id: "planned", label: "FLASH30", adminUrl: null });
    // #6001: Summer Sale $36, then on $204: FLASH30 $61.20 + SUMMER20 $40.80 + Spend $150 $20 = $158
    // of $240; WELCOME10, BUNDLE15, GIFT500 and BEANIE10 do not combine with order discounts
    expect(body.worst).toMatchObject({
      orderName: "#6001",
      percent: 65.8,
      discountCents: 15800,
      depth: 4,
      codes: ["FLASH30", "SUMMER20"],
      automatic: ["Summer Sale 15% off", "Spend $150, save $20"],
    });
    expect(body.worst.stack.find((part: { id: string }) => part.id === "planned").adminUrl).toBeNull();
    expect(
      body.hygiene.map((finding: { kind: string; adminUrl: string | null }) => [finding.kind, finding.adminUrl]),
    ).toEqual([
      ["no_end_date", null],
      ["no_usage_limit", null],
      ["combines_with_every_class", null],
      ["no_once_per_customer", null],
    ]);
    expect((await stored()).runs).toBe(0);
  });

  it("holds a planned promotion to its dates: in 40 days only FREESHIP is still live to stack with it", async () => {
    const later = {
      ...FLASH30,
      startsAt: new Date(NOW + 40 * DAY).toISOString(),
      endsAt: new Date(NOW + 41 * DAY).toISOString(),
      usageLimit: 100,
      appliesOncePerCustomer: true,
    };
    const body = await (await post({ planned: later })).json();
    expect(body.discount.status).toBe("SCHEDULED");
    // SUMMER20, Summer Sale and Spend $150 have ended by then; #6003: 30 % of $208 = $62.40 + FREESHIP's
    // $5 = $67.40, over the $208 of items
    expect(body.worst).toMatchObject({ orderName: "#6003", depth: 2, codes: ["FLASH30", "FREESHIP"], percent: 32.4 });
    expect(body.worst.reachableFrom).toBe(later.startsAt);
    expect(body.hygiene.map((finding: { kind: string }) => finding.kind)).toEqual(["combines_with_every_class"]);
  });

  it("audits with the shop's own thresholds", async () => {
    await prisma.shop.update({ where: { id: shopId }, data: { hygieneActiveDays: 20, hygieneFullPercent: 20 } });
    try {
      const body = await (await post({ discountId: DEMO_DISCOUNT_IDS.summer20 })).json();
      const findings = body.hygiene.map((finding: { kind: string; finding: string }) => finding.finding);
      expect(findings).toEqual(
        expect.arrayContaining(["SUMMER20 takes 20% off", "SUMMER20 has been active for 30 days, more than 20"]),
      );
    } finally {
      await prisma.shop.update({ where: { id: shopId }, data: { hygieneActiveDays: 42, hygieneFullPercent: 100 } });
    }
  });

  it("answers 404 for a discount the shop does not have", async () => {
    const response = await post({ discountId: "gid://shopify/DiscountCodeNode/1" });
    expect(response.status).toBe(404);
    expect(Object.keys((await response.json()).errors)).toEqual(["discountId"]);
  });

  it("refuses bad input with 400 naming the field, and changes nothing", async () => {
    const before = await stored();
    const cases: [unknown, string][] = [
      [{ discountId: "9401" }, "discountId"],
      [{ discountId: "gid://shopify/Product/9401" }, "discountId"],
      [{ discountId: 9401 }, "discountId"],
      [{ planned: { ...FLASH30, title: undefined } }, "planned.title"],
      [
        { planned: { ...FLASH30, customerGets: { value: { percentage: 30 } } } },
        "planned.customerGets.value.percentage",
      ],
      [{ planned: { ...FLASH30, customerGets: { value: { amount: -5 } } } }, "planned.customerGets.value.amount"],
      [{ planned: { ...FLASH30, customerGets: { value: { bogus: 5 } } } }, "planned.customerGets.value"],
      [{ planned: { ...FLASH30, discountClasses: ["SHIPPING"] } }, "planned.customerGets.value"],
      [{ planned: { ...FLASH30, discountClasses: ["ORDER", "PRODUCT"] } }, "planned.discountClasses"],
      [{ planned: { ...FLASH30, discountClasses: ["BOGUS"] } }, "planned.discountClasses.0"],
      [{ planned: { ...FLASH30, startsAt: "2026-12-02T00:00:00Z", endsAt: "2026-12-01T00:00:00Z" } }, "planned.endsAt"],
      [{ planned: { ...FLASH30, startsAt: "tomorrow" } }, "planned.startsAt"],
      [{ planned: { ...FLASH30, endsAt: "2020-01-01T00:00:00Z" } }, "planned.endsAt"],
      [
        { planned: { ...FLASH30, minimumRequirement: { quantity: { greaterThanOrEqualToQuantity: 0 } } } },
        "planned.minimumRequirement.quantity.greaterThanOrEqualToQuantity",
      ],
      [{ planned: { ...FLASH30, minimumRequirement: { subtotal: 50 } } }, "planned.minimumRequirement"],
      [{ planned: { ...FLASH30, code: "TWO WORDS" } }, "planned.code"],
      [{ planned: { ...FLASH30, combinesWith: { orderDiscounts: "yes" } } }, "planned.combinesWith.orderDiscounts"],
      [{ planned: { ...FLASH30, shareable: true } }, "planned.shareable"],
      [{ planned: { ...FLASH30, code: null, usageLimit: 10 } }, "planned.usageLimit"],
      [{ planned: "FLASH30" }, "planned"],
      [{ discountId: DEMO_DISCOUNT_IDS.summer20, planned: FLASH30 }, "planned"],
      [{ planned: FLASH30, days: 0 }, "days"],
    ];
    for (const [body, field] of cases) {
      const response = await post(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const answer = await response.json();
      expect(Object.keys(answer.errors), JSON.stringify(body)).toEqual([field]);
      expect(answer.errors[field][0]).toEqual(expect.any(String));
    }
    expect(await stored()).toEqual(before);
  });

  it("keeps the full preflight's answer, with the hygiene audit of every live discount on top", async () => {
    const response = await post({});
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.worstDiscountPercent).toBe(40.3);
    expect(body.cart.orderName).toBe("#6001");
    expect(body.risks.length).toBeGreaterThan(0);
    const findings = body.hygiene.map((finding: { kind: string; title: string }) => `${finding.kind} ${finding.title}`);
    expect(findings).toEqual(
      expect.arrayContaining([
        "no_usage_limit SUMMER20",
        "no_end_date FREESHIP",
        "active_too_long FREESHIP",
        "no_end_date WELCOME10",
        "on_sale_items BEANIE10",
        "combines_with_every_class Spend $150, save $20",
      ]),
    );
    expect(body.results.hygiene).toEqual(body.hygiene);
  });
});
