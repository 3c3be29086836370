// The promotion preflight (docs/product.md#promotion-preflight), end to end: the discounts
// read from the fake Admin API (discountNodes), the shop's orders read as the backtest reads them,
// the worst reachable stack worked out by hand, bad input refused with the field named, and a
// signed discounts/update webhook that makes a worse stack reachable raising preflight_worse_stack
// with its alert, while one that changes nothing raises nothing.
import { beforeAll, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { graphqlOrderNode } from "../../app/demo/graphql-order-builder";
import { demoShopDiscounts } from "../../app/demo/shop-discounts";
import { catalogOrder } from "../helpers/catalog-orders";
import { demoCatalogVariants, installFakeAdminApi } from "../helpers/fake-admin-api";
import { adminRequest, installedShops, routeArgs, settle, webhookRequest } from "../helpers/shopify";

// the app's modules first: importing them sets Shopify's library's fetch, which the fake replaces
const { action: start } = await import("../../app/routes/api.preflight");
const { loader: read } = await import("../../app/routes/api.preflight.$id");
const updated = await import("../../app/routes/webhooks.discounts.update");

const SHOP = "preflight-a.myshopify.com";
const NOW = Date.now();
const order = (id: number, daysAgo: number, lines: { title: string; quantity: number }[], shipping?: string) =>
  graphqlOrderNode(catalogOrder({ id, number: id - 5_000_000 + 5000, daysAgo, now: NOW, shipping }, lines).payload);

// #5001: 2 × Sunglasses ($120, Summer Sale) = $240; #5002: a belt, $55; #5003: a linen shirt
// ($68, Summer Sale) and a denim jacket ($140) = $208, shipped for $5 (its shipping line's price, read
// from Shopify's order); #5004 is 90 days old (outside 60 days).
const ORDERS = [
  order(5_000_001, 2, [{ title: "Sunglasses", quantity: 2 }]),
  order(5_000_002, 5, [{ title: "Leather belt", quantity: 1 }]),
  order(
    5_000_003,
    10,
    [
      { title: "Linen shirt", quantity: 1 },
      { title: "Denim jacket", quantity: 1 },
    ],
    "5.00",
  ),
  order(5_000_004, 90, [{ title: "Sunglasses", quantity: 5 }]),
];

let discounts = demoShopDiscounts(new Date(NOW));
const fake = installFakeAdminApi(demoCatalogVariants(), {
  orders: ORDERS,
  answers: {
    MarginGuardrailPreflightDiscounts: () => ({
      discountNodes: { nodes: discounts as never, pageInfo: { hasNextPage: false, endCursor: null } },
    }),
  },
});

async function post(body?: unknown) {
  const init: RequestInit =
    body === undefined
      ? { method: "POST" }
      : { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } };
  const request = await adminRequest("/api/preflight", SHOP, { init });
  return (await settle(async () => start(routeArgs(request)))) as Response;
}

let shopId = "";

describe("promotion preflight", () => {
  beforeAll(async () => {
    [shopId] = await installedShops(SHOP);
    await prisma.shop.update({ where: { id: shopId }, data: { plan: "core", planCheckedAt: new Date() } });
    await prisma.rule.create({
      data: {
        shopId,
        name: "Max 30% off",
        ruleType: "max_discount",
        threshold: "30",
        thresholdPercent: 30,
        thresholdUnit: "PERCENT",
        action: "alert",
        conditions: {},
      },
    });
    // a rule being tried: it would break too, but catches nothing (docs/product.md#status-and-schedule)
    await prisma.rule.create({
      data: {
        shopId,
        name: "Trial: max 10% off",
        ruleType: "max_discount",
        threshold: "10",
        thresholdPercent: 10,
        thresholdUnit: "PERCENT",
        action: "alert",
        conditions: {},
        testing: true,
      },
    });
    await prisma.alertSettings.update({
      where: { shopId },
      data: { emailEnabled: true, emails: ["ops@preflight.example"], minSeverity: "low", frequency: "immediate" },
    });
  });

  it("refuses a bad days with 400 naming the field, and runs nothing", async () => {
    for (const days of [0, 366, 1.5, "60", true, null]) {
      const response = await post({ days });
      expect(response.status, JSON.stringify(days)).toBe(400);
      expect(Object.keys((await response.json()).errors)).toEqual(["days"]);
    }
    expect(await prisma.preflightRun.count({ where: { shopId } })).toBe(0);
  });

  it("finds the worst reachable stack on the shop's carts, with the risks and the rules it breaks", async () => {
    const response = await post({ days: 60 });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(fake.drift).toEqual([]);
    // #5001: automatic 'Summer Sale 15% off' on the two sunglasses: $36; SUMMER20 on the $204 left:
    // $40.80; automatic 'Spend $150, save $20': $20. $96.80 of $240 = 40.3 %. WELCOME10 combines with
    // shipping discounts only, BUNDLE15 needs 3 items, GIFT500 $600, FREESHIP has no shipping price to take
    // (#5001 has no shipping line).
    expect(body.worstDiscountPercent).toBe(40.3);
    expect(body.worstDiscountCents).toBe(9680);
    expect(body.cart.orderName).toBe("#5001");
    expect(body.discounts.map((part: { label: string }) => part.label)).toEqual([
      "automatic 'Summer Sale 15% off'",
      "SUMMER20",
      "automatic 'Spend $150, save $20'",
    ]);
    expect(body.discounts.map((part: { amountCents: number }) => part.amountCents)).toEqual([3600, 4080, 2000]);
    expect(body.discounts[1].adminUrl).toBe("https://admin.shopify.com/store/preflight-a/discounts/9401");
    expect(body.summary).toBe(
      "Worst reachable 40.3% ($96.80) on cart #5001 with automatic 'Summer Sale 15% off' + SUMMER20 + automatic 'Spend $150, save $20'",
    );
    // #5003: $10.20 + 20 % of $197.80 ($39.56) + $20 + FREESHIP's $5 of shipping = $74.76 over the $208
    // of items (as a rule measures it) = 35.9 %; #5002: SUMMER30 alone (it combines with nothing), 30 % of
    // $55, more than SUMMER20's 20 %
    expect(
      body.results.worstCarts.map((cart: { orderName: string; percent: number }) => [cart.orderName, cart.percent]),
    ).toEqual([
      ["#5001", 40.3],
      ["#5003", 35.9],
      ["#5002", 30],
    ]);
    // the shipping price read from Shopify's order reaches FREESHIP, which combines with product and order discounts
    const shipped = body.results.worstCarts[1];
    expect(shipped.stack.map((part: { label: string; amountCents: number }) => [part.label, part.amountCents])).toEqual(
      [
        ["automatic 'Summer Sale 15% off'", 1020],
        ["SUMMER20", 3956],
        ["automatic 'Spend $150, save $20'", 2000],
        ["FREESHIP", 500],
      ],
    );
    expect(shipped.discountCents).toBe(7476);
    expect(body.results.cartsScanned).toBe(3);
    expect(body.cart.rulesBroken.map((broken: { rule: string }) => broken.rule)).toEqual(["Max 30% off"]);
    expect(body.results.rulesBroken).toEqual([{ rule: "Max 30% off", carts: 2 }]);
    // the testing rule is never one that "would catch this": it has its own would-have count
    expect(body.results.rulesTesting).toEqual([{ rule: "Trial: max 10% off", carts: 3 }]);
    const risks = body.risks.map((risk: { kind: string; label: string }) => `${risk.kind} ${risk.label}`);
    expect(risks).toEqual(
      expect.arrayContaining([
        "no_usage_limit SUMMER20",
        "no_usage_limit FREESHIP",
        "no_end_date WELCOME10",
        "typo_value GIFT500",
        "combines_with_everything SUMMER20",
        "combines_with_everything automatic 'Spend $150, save $20'",
      ]),
    );
    // a run writes its own row and nothing else: no audit event
    expect(await prisma.auditEvent.count({ where: { shopId } })).toBe(0);
    const followed = await (
      (await settle(async () =>
        read({ ...routeArgs(await adminRequest(`/api/preflight/${body.id}`, SHOP)), params: { id: body.id } }),
      )) as Response
    ).json();
    expect(followed.worstDiscountPercent).toBe(40.3);
  });

  it("days narrows the carts: 3 days reads #5001 only", async () => {
    const body = await (await post({ days: 3 })).json();
    expect(body.results.cartsScanned).toBe(1);
    expect(body.cart.orderName).toBe("#5001");
  });

  const webhook = async (webhookId: string) => {
    const response = (await settle(async () =>
      updated.action(
        routeArgs(
          webhookRequest(
            "discounts/update",
            SHOP,
            { admin_graphql_api_id: "gid://shopify/DiscountCodeNode/9401" },
            { webhookId },
          ),
        ),
      ),
    )) as Response;
    expect(response.status).toBe(200);
    for (let attempt = 0; attempt < 400; attempt += 1) {
      const running = await prisma.preflightRun.count({ where: { shopId, status: "running" } });
      if (running === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error("the preflight did not finish");
  };

  it("a discounts/update that changes no stack runs again and raises nothing", async () => {
    const before = await prisma.preflightRun.count({ where: { shopId, trigger: "webhook" } });
    await webhook("preflight-same");
    expect(await prisma.preflightRun.count({ where: { shopId, trigger: "webhook", status: "done" } })).toBe(before + 1);
    expect(await prisma.auditEvent.count({ where: { shopId, eventType: "preflight_worse_stack" } })).toBe(0);
  });

  it("a discounts/update that makes a worse stack reachable raises preflight_worse_stack and its alert", async () => {
    // MEGA50: 50 % off orders, combining with product and order discounts. #5001: $36 + $40.80 + $20 +
    // 50 % of $204 ($102) = $198.80 of $240 = 82.8 %
    const mega = structuredClone(discounts[0]) as (typeof discounts)[number];
    mega.id = "gid://shopify/DiscountCodeNode/9499";
    Object.assign(mega.discount, {
      title: "MEGA50",
      codes: { nodes: [{ code: "MEGA50" }] },
      usageLimit: 100,
      combinesWith: {
        productDiscounts: true,
        orderDiscounts: true,
        shippingDiscounts: false,
        productDiscountsWithTagsOnSameCartLine: [],
      },
      customerGets: {
        value: { __typename: "DiscountPercentage", percentage: 0.5 },
        items: { __typename: "AllDiscountItems" },
      },
    });
    discounts = [...discounts, mega];
    await webhook("preflight-worse");
    const events = await prisma.auditEvent.findMany({ where: { shopId, eventType: "preflight_worse_stack" } });
    expect(events).toHaveLength(1);
    expect(events[0].message).toBe(
      "A discount change made a worse stack reachable: Worst reachable 82.8% ($198.80) on cart #5001 with automatic 'Summer Sale 15% off' + MEGA50 + SUMMER20 + automatic 'Spend $150, save $20' (was 40.3%)",
    );
    expect(events[0].discountPercent).toBe(82.8);
    const alerts = await prisma.alertAndActionOutbox.findMany({ where: { shopId, auditEventId: events[0].id } });
    expect(alerts.map((alert) => alert.channel)).toEqual(["email"]);
  });

  it("a Free shop's discount change runs no preflight", async () => {
    await prisma.shop.update({ where: { id: shopId }, data: { plan: "free" } });
    const before = await prisma.preflightRun.count({ where: { shopId } });
    await webhook("preflight-free");
    expect(await prisma.preflightRun.count({ where: { shopId } })).toBe(before);
    await prisma.shop.update({ where: { id: shopId }, data: { plan: "core" } });
  });
});
