// The cost model (docs/product.md#costs) end to end: signed inventory_items/update
// webhooks keep each variant's cost history, the engine's margin floor uses the cost in effect
// at the order's created_at (a cost changed last week leaves last month's margins be), fees and
// shipping count when turned on and the message says which parts were known, and the settings
// API refuses bad input with the field named.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { ensureShop } from "../../app/db/shops.server";
import { forgetLocally } from "../../app/services/rules/cache.server";
import { graphqlOrderNode } from "../../app/demo/graphql-order-builder";
import { orderPayload } from "../fixtures/orders";
import { installFakeAdminApi } from "../helpers/fake-admin-api";
import { adminRequest, routeArgs, settle, storeOfflineSession, webhookRequest } from "../helpers/shopify";

const SHOP = "costs-a.myshopify.com";
const VARIANT = "gid://shopify/ProductVariant/951";
const ITEM = "gid://shopify/InventoryItem/95";

const { action: ordersCreate } = await import("../../app/routes/webhooks.orders.create");
const { action: inventoryUpdate } = await import("../../app/routes/webhooks.inventory_items.update");
const api = await import("../../app/routes/api.settings.costs");
const { action: startBacktest } = await import("../../app/routes/api.backtest");
const { loader: readBacktest } = await import("../../app/routes/api.backtest.$id");
const workers = (await import("../helpers/workers")).testWorkers();

const DAY = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

// Shopify's Admin API (the fake) says the cost is $60 today
const fake = installFakeAdminApi([{ id: VARIANT, inventoryItemId: ITEM, unitCost: "60.00", collectionIds: [] }], {
  // the shop's orders for the backtest: one of 10 days ago
  orders: [graphqlOrderNode(order(9601, ago(10)))],
});

/** One $100 line with a $10 code: $90 of revenue; paid with `gateway`, shipped. */
function order(id: number, createdAt: Date, gateway = "shopify_payments") {
  return {
    ...orderPayload({
      id,
      number: id,
      createdAt: createdAt.toISOString(),
      codes: [{ code: "TEN", amount: "10.00", type: "fixed_amount" }],
      applications: [
        { type: "discount_code", target: "line_item", valueType: "fixed_amount", value: "10.0", code: "TEN" },
      ],
      lines: [
        {
          variant: 951,
          product: 951,
          price: { shop: "100.00" },
          allocations: [{ index: 0, amount: { shop: "10.00" } }],
        },
      ],
      shipping: { price: { shop: "0.00" } },
    }),
    payment_gateway_names: [gateway],
    total_price: "90.00",
    total_price_set: { shop_money: { amount: "90.00", currency_code: "USD" } },
  };
}

async function deliver(payload: unknown) {
  const response = (await ordersCreate(routeArgs(webhookRequest("orders/create", SHOP, payload)))) as Response;
  expect(response.status).toBe(200);
  await workers.orders.drain();
}

async function floorEvent(orderName: string) {
  return prisma.auditEvent.findFirst({ where: { orderName, eventType: "rule_triggered", ruleKey: "margin_floor" } });
}

async function call(init: RequestInit = {}) {
  const request = await adminRequest("/api/settings/costs", SHOP, { init });
  const handler = init.method && init.method !== "GET" ? api.action : api.loader;
  return (await settle(() => Promise.resolve(handler({ request, params: {}, context: {} })))) as Response;
}
const put = (body: unknown) =>
  call({ method: "PUT", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });

describe("the cost model", () => {
  let shopId: string;
  /** The variant's cost as the Admin API gave it 60 days ago, before the history began: $50. */
  const cacheUnitCost = () =>
    prisma.variantUnitCost.create({
      data: {
        shopId,
        variantId: VARIANT,
        inventoryItemId: ITEM,
        unitCostCents: 5_000,
        currency: "USD",
        collectionIds: [],
        fetchedAt: ago(60),
      },
    });
  beforeAll(async () => {
    shopId = (await ensureShop(SHOP)).id;
    await prisma.shop.update({ where: { id: shopId }, data: { plan: "core", planCheckedAt: new Date() } });
    await storeOfflineSession(SHOP);
    await prisma.rule.create({
      data: {
        shopId,
        name: "Keep 40% margin",
        ruleType: "margin_floor",
        threshold: "40",
        thresholdUnit: "PERCENT",
        thresholdPercent: 40,
        conditions: {},
      },
    });
  });
  beforeEach(async () => {
    await prisma.auditEvent.deleteMany({ where: { shopId } });
    await prisma.orderCheck.deleteMany();
    await prisma.orderEvaluation.deleteMany();
    await prisma.variantCostHistory.deleteMany({ where: { shopId } });
    await prisma.variantUnitCost.deleteMany({ where: { shopId } });
    await prisma.costSettings.deleteMany({ where: { shopId } });
    // the settings were deleted behind the app's back: its few seconds' cache forgets them too
    forgetLocally(shopId);
    fake.calls.length = 0;
  });

  it("a signed inventory_items/update keeps the cost before the change and the change at its date", async () => {
    // the cost cached 60 days ago, before the history began: $50
    await cacheUnitCost();
    const change = async (cost: string | null, updatedAt: Date) => {
      const body = { id: 95, admin_graphql_api_id: ITEM, cost, updated_at: updatedAt.toISOString() };
      const response = (await inventoryUpdate(
        routeArgs(webhookRequest("inventory_items/update", SHOP, body)),
      )) as Response;
      expect(response.status).toBe(200);
    };
    await change("60.00", ago(7));
    await change("60.00", ago(6)); // the same cost again: no change, no row
    const rows = await prisma.variantCostHistory.findMany({ where: { shopId }, orderBy: { effectiveAt: "asc" } });
    expect(rows.map((row) => [row.unitCostCents, row.source])).toEqual([
      [5_000, "admin_api"],
      [6_000, "webhook"],
    ]);
    expect(Math.abs(rows[0].effectiveAt.getTime() - ago(60).getTime())).toBeLessThan(5_000);
    expect(Math.abs(rows[1].effectiveAt.getTime() - ago(7).getTime())).toBeLessThan(5_000);
    // a cleared cost is a change too
    await change(null, ago(1));
    expect(await prisma.variantCostHistory.count({ where: { shopId, unitCostCents: null } })).toBe(1);
    expect((await prisma.variantUnitCost.findFirstOrThrow({ where: { shopId } })).unitCostCents).toBeNull();
  });

  it("a cost changed last week leaves last month's margin as it was; a new order pays the new cost", async () => {
    await cacheUnitCost();
    await inventoryUpdate(
      routeArgs(
        webhookRequest("inventory_items/update", SHOP, {
          id: 95,
          admin_graphql_api_id: ITEM,
          cost: "60.00",
          updated_at: ago(7).toISOString(),
        }),
      ),
    );
    // last month's order, delivered now (an edit, a late delivery): $90 - $50 = 44.4 %, above 40 %
    await deliver(order(9501, ago(30)));
    expect(await floorEvent("#9501")).toBeNull();
    // today's order: $90 - $60 = 33.3 %, under 40 %
    await deliver(order(9502, new Date()));
    expect((await floorEvent("#9502"))?.message).toBe("Order #9502 kept a 33.3% margin, under the 40% floor");

    // with the history turned off, every order pays today's cost: last month's breaches too
    expect((await put({ costHistoryEnabled: false })).status).toBe(200);
    await deliver(order(9503, ago(30)));
    expect((await floorEvent("#9503"))?.marginPercent).toBe(33.3);
  });

  it("counts the fee of the order's gateway and the shipping cost, and says which parts were known", async () => {
    await prisma.variantUnitCost.create({
      data: {
        shopId,
        variantId: VARIANT,
        inventoryItemId: ITEM,
        unitCostCents: 4_800,
        currency: "USD",
        collectionIds: [],
        fetchedAt: new Date(),
      },
    });
    // $90 - $48 = 46.7 %: passes without fees
    await deliver(order(9511, new Date()));
    expect(await floorEvent("#9511")).toBeNull();
    const saved = await put({
      paymentFeesEnabled: true,
      paymentFeePercent: 2.9,
      paymentFeeFixedCents: 30,
      gatewayFees: [{ gateway: "paypal", percent: 5, fixedCents: 100 }],
      shippingCostEnabled: true,
      shippingCostCents: 150,
    });
    expect(saved.status).toBe(200);
    // shopify_payments: 2.9 % of $90 + $0.30 = $2.91; shipping $1.50: $90 - $52.41 = 41.8 %, passes
    await deliver(order(9512, new Date()));
    expect(await floorEvent("#9512")).toBeNull();
    // paypal: 5 % of $90 = $4.50 + $1.00; shipping $1.50: $90 - $55.00 = 38.9 %, under 40 %
    await deliver(order(9513, new Date(), "paypal"));
    const event = await floorEvent("#9513");
    expect(event?.marginPercent).toBe(38.9);
    expect(event?.message).toBe(
      // no cost change recorded yet for this variant: today's cost, and the message says so
      "Order #9513 kept a 38.9% margin, under the 40% floor; unit costs as today, fees estimated, shipping at your cost per order",
    );
  });

  it("the backtest uses the same model at each order's date and says which parts it counted", async () => {
    await prisma.variantUnitCost.create({
      data: {
        shopId,
        variantId: VARIANT,
        inventoryItemId: ITEM,
        unitCostCents: 4_800,
        currency: "USD",
        collectionIds: [],
        fetchedAt: new Date(),
      },
    });
    const run = async () => {
      const request = await adminRequest("/api/backtest", SHOP, { init: { method: "POST" } });
      const started = (await settle(async () => startBacktest(routeArgs(request)))) as Response;
      expect(started.status).toBe(202);
      const { id } = await started.json();
      for (let attempt = 0; attempt < 200; attempt += 1) {
        const read = await adminRequest(`/api/backtest/${id}`, SHOP);
        const body = await (
          (await settle(async () => readBacktest({ ...routeArgs(read), params: { id } }))) as Response
        ).json();
        if (body.status !== "running") return body;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error("the backtest did not finish");
    };
    // without fees: $90 - $48 = 46.7 %, nothing breaks, nothing said of costs
    const plain = await run();
    expect(plain.results).toMatchObject({ ordersScanned: 1, ordersBreached: 0 });
    expect(plain.results.costs).toBeUndefined();
    // with a 10 % fee: $90 - $48 - $9.30 = 36.3 %, under 40 %
    expect((await put({ paymentFeesEnabled: true, paymentFeePercent: 10 })).status).toBe(200);
    const withFees = await run();
    expect(withFees.results.costs).toBe("unit costs at the order's date, fees estimated, shipping not counted");
    expect(withFees.results.ordersBreached).toBe(1);
    expect(withFees.results.rules[0].worst[0].message).toContain("fees estimated");
  });

  it("GET shows the defaults; PUT keeps unsent fields; bad input is a 400 naming the field and saves nothing", async () => {
    const defaults = await (await call()).json();
    expect(defaults).toEqual({
      costHistoryEnabled: true,
      paymentFeesEnabled: false,
      paymentFeePercent: 2.9,
      paymentFeeFixedCents: 30,
      gatewayFees: [],
      shippingCostEnabled: false,
      shippingCostCents: 0,
    });
    expect(await (await put({ paymentFeePercent: 3.1 })).json()).toMatchObject({
      paymentFeePercent: 3.1,
      paymentFeeFixedCents: 30,
    });
    for (const [body, field] of [
      [{ paymentFeePercent: "3" }, "paymentFeePercent"],
      [{ paymentFeePercent: -0.5 }, "paymentFeePercent"],
      [{ paymentFeePercent: 1.234 }, "paymentFeePercent"],
      [{ paymentFeeFixedCents: 2.5 }, "paymentFeeFixedCents"],
      [{ shippingCostEnabled: "on" }, "shippingCostEnabled"],
      [{ gatewayFees: [{ gateway: "paypal", percent: 50, fixedCents: 0 }] }, "gatewayFees.0.percent"],
      [{ paymentFeePercent: 1, freight: 2 }, "freight"],
    ] as const) {
      const response = await put(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys((await response.json()).errors)).toEqual([field]);
    }
    expect(await (await call()).json()).toMatchObject({ paymentFeePercent: 3.1, shippingCostEnabled: false });
    expect((await call({ method: "POST" })).status).toBe(405);
  });
});
