import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { ensureShop } from "../../app/db/shops.server";
import { orderPayload, percentageLineAndShipping, stackedCodeAndAutomatic } from "../fixtures/orders";
import { installFakeAdminApi } from "../helpers/fake-admin-api";
import { routeArgs, settle, storeOfflineSession, webhookRequest } from "../helpers/shopify";

const SHOP = "monitor-a.myshopify.com";
const OTHER = "monitor-b.myshopify.com";

const { action: ordersCreate } = await import("../../app/routes/webhooks.orders.create");
const { action: ordersUpdated } = await import("../../app/routes/webhooks.orders.updated");
const { action: inventoryUpdate } = await import("../../app/routes/webhooks.inventory_items.update");
// this file's own workers (docs/architecture.md#background-workers)
const workers = (await import("../helpers/workers")).testWorkers();

const fake = installFakeAdminApi([
  {
    id: "gid://shopify/ProductVariant/901",
    inventoryItemId: "gid://shopify/InventoryItem/91",
    unitCost: "70.00",
    collectionIds: ["gid://shopify/Collection/5"],
  },
  {
    id: "gid://shopify/ProductVariant/902",
    inventoryItemId: "gid://shopify/InventoryItem/92",
    unitCost: null,
    collectionIds: [],
  },
]);

/** One line at $100 with a $40 code and a $10 automatic discount: 50% off, stacked. */
function marginOrder(id: number, discount = "40.00") {
  return orderPayload({
    id,
    number: id,
    codes: [{ code: "BIG40", amount: discount, type: "fixed_amount" }],
    applications: [
      { type: "discount_code", target: "line_item", valueType: "fixed_amount", value: discount, code: "BIG40" },
      { type: "automatic", target: "line_item", valueType: "fixed_amount", value: "10.0", title: "Loyalty" },
    ],
    lines: [
      {
        variant: 901,
        product: 901,
        price: { shop: "100.00" },
        allocations: [
          { index: 0, amount: { shop: discount } },
          { index: 1, amount: { shop: "10.00" } },
        ],
      },
      { variant: 902, product: 902, price: { shop: "20.00" } },
    ],
  });
}

async function deliver(topic: "orders/create" | "orders/updated", shop: string, payload: unknown, webhookId?: string) {
  const action = topic === "orders/create" ? ordersCreate : ordersUpdated;
  const response = (await action(routeArgs(webhookRequest(topic, shop, payload, { webhookId })))) as Response;
  await workers.orders.drain();
  return response;
}

async function eventsOf(shop: string) {
  const row = await prisma.shop.findUniqueOrThrow({ where: { domain: shop } });
  return prisma.auditEvent.findMany({
    where: { shopId: row.id, eventType: "rule_triggered" },
    orderBy: [{ ruleName: "asc" }],
  });
}

describe("order monitoring engine", () => {
  let shopId: string;
  beforeAll(async () => {
    shopId = (await ensureShop(SHOP)).id;
    // a Core shop: its rules are more than Free's two, and the engine evaluates only what the plan allows
    await prisma.shop.update({ where: { id: shopId }, data: { plan: "core", planCheckedAt: new Date() } });
    const other = await ensureShop(OTHER);
    await storeOfflineSession(SHOP);
    await storeOfflineSession(OTHER);
    await prisma.rule.createMany({
      data: [
        {
          shopId,
          name: "Max 30% off",
          ruleType: "max_discount",
          threshold: "30",
          thresholdUnit: "PERCENT",
          thresholdPercent: 30,
          conditions: {},
        },
        {
          shopId,
          name: "Cap at $45",
          ruleType: "max_discount_amount",
          threshold: "45",
          thresholdUnit: "AMOUNT",
          thresholdAmountCents: 4_500,
          conditions: {},
        },
        {
          shopId,
          name: "Keep 25% margin",
          ruleType: "margin_floor",
          threshold: "25",
          thresholdUnit: "PERCENT",
          thresholdPercent: 25,
          conditions: {},
        },
        {
          shopId,
          name: "One promotion",
          ruleType: "stacking_prevention",
          threshold: "0",
          thresholdUnit: "AMOUNT",
          thresholdAmountCents: 0,
          conditions: {},
        },
        {
          shopId,
          name: "Paused",
          ruleType: "max_discount",
          threshold: "1",
          thresholdUnit: "PERCENT",
          thresholdPercent: 1,
          isActive: false,
          conditions: {},
        },
      ],
    });
    await prisma.collectionRule.create({
      data: {
        shopId,
        collectionId: "gid://shopify/Collection/5",
        collectionTitle: "Outlet",
        ruleType: "max_discount",
        threshold: 20,
        conditions: {},
      },
    });
    // The other shop's rule would fire on everything; it must never apply to SHOP's orders.
    await prisma.rule.create({
      data: {
        shopId: other.id,
        name: "Other shop",
        ruleType: "max_discount",
        threshold: "0",
        thresholdUnit: "PERCENT",
        thresholdPercent: 0,
        conditions: {},
      },
    });
  });
  beforeEach(async () => {
    await prisma.auditEvent.deleteMany({ where: { eventType: "rule_triggered" } });
    await prisma.orderCheck.deleteMany();
    await prisma.orderEvaluation.deleteMany();
    await prisma.processedWebhook.deleteMany();
    await prisma.variantUnitCost.deleteMany();
    fake.calls.length = 0;
  });

  it("records each breach of a signed orders/create with the numbers behind it", async () => {
    const response = await deliver("orders/create", SHOP, marginOrder(5001));
    expect(response.status).toBe(200);
    const events = await eventsOf(SHOP);
    expect(events.map((event) => event.ruleName)).toEqual([
      "Cap at $45",
      "Keep 25% margin",
      "Max 30% off",
      "One promotion",
      "Outlet - Max Discount",
    ]);
    const byRule = Object.fromEntries(events.map((event) => [event.ruleName, event]));
    expect(byRule["Max 30% off"]).toMatchObject({
      orderId: "gid://shopify/Order/5001",
      orderName: "#5001",
      customerId: "gid://shopify/Customer/7000001",
      discountCodes: ["BIG40"],
      discountPercent: 41.7,
      totalDiscountCents: 5_000,
      preDiscountSubtotalCents: 12_000,
      subtotalAfterDiscountCents: 7_000,
      marginSavedCents: 1_400,
      ruleKey: "max_discount",
      threshold: 30,
      severity: "high",
      message: "Order #5001 took 41.7% off, above the 30% limit",
    });
    // Margin on the line with a cost only: (50 - 70) / 50 = -40%; the other line is uncovered.
    expect(byRule["Keep 25% margin"]).toMatchObject({
      marginPercent: -40,
      costCoveredLines: 1,
      costUncoveredLines: 1,
      severity: "critical",
    });
    expect(byRule["Keep 25% margin"].message).toBe(
      "Order #5001 kept a -40.0% margin, under the 25% floor (1 of 2 lines have a cost)",
    );
    expect(byRule["One promotion"]).toMatchObject({ marginSavedCents: 1_000, severity: "medium" });
    expect(byRule["Outlet - Max Discount"]).toMatchObject({
      ruleKey: "collection_rule",
      totalDiscountCents: 5_000,
      preDiscountSubtotalCents: 10_000,
    });
    expect(events.every((event) => event.ruleName !== "Other shop" && event.ruleName !== "Paused")).toBe(true);
    const evaluation = await prisma.orderEvaluation.findFirstOrThrow();
    expect(evaluation).toMatchObject({ status: "done", eventsCreated: 5 });
  });

  it("creates nothing more when the same delivery arrives twice, or twice at once", async () => {
    await deliver("orders/create", SHOP, marginOrder(5002), "dup-1");
    const again = await deliver("orders/create", SHOP, marginOrder(5002), "dup-1");
    expect(again.headers.get("X-Duplicate")).toBe("1");
    const burst = await Promise.all(
      Array.from({ length: 5 }, () =>
        ordersCreate(routeArgs(webhookRequest("orders/create", SHOP, marginOrder(5003), { webhookId: "burst-1" }))),
      ),
    );
    await workers.orders.drain();
    expect(burst.filter((response) => (response as Response).status === 200)).toHaveLength(5);
    expect(await prisma.orderEvaluation.count()).toBe(2);
    expect((await eventsOf(SHOP)).length).toBe(10);
  });

  it("refuses a forged signature with 401 and stores nothing", async () => {
    const response = await settle(() =>
      ordersCreate(routeArgs(webhookRequest("orders/create", SHOP, marginOrder(5004), { secret: "forged" }))),
    );
    await workers.orders.drain();
    expect((response as Response).status).toBe(401);
    expect(await prisma.processedWebhook.count()).toBe(0);
    expect(await prisma.orderEvaluation.count()).toBe(0);
    expect(await eventsOf(SHOP)).toEqual([]);
  });

  it("evaluates an update only when its discounts changed, and says so", async () => {
    await deliver("orders/create", SHOP, marginOrder(5005));
    const created = (await eventsOf(SHOP)).length;
    await deliver("orders/updated", SHOP, { ...marginOrder(5005), note: "gift wrap please" });
    expect((await eventsOf(SHOP)).length).toBe(created);
    await deliver("orders/updated", SHOP, marginOrder(5005, "45.00"));
    const events = await eventsOf(SHOP);
    const edited = events.filter((event) => event.message.endsWith("(order edited: its discounts changed)"));
    expect(edited.length).toBeGreaterThan(0);
    expect(edited.find((event) => event.ruleName === "Max 30% off")?.discountPercent).toBe(45.8);
  });

  it("fetches unit costs once, in a batch, and keeps them cached", async () => {
    await deliver("orders/create", SHOP, marginOrder(5006));
    await deliver("orders/create", SHOP, marginOrder(5007));
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0].url).toMatch(/^https:\/\/monitor-a\.myshopify\.com\/admin\/api\/2026-10\/graphql\.json$/);
    expect(fake.calls[0].ids.sort()).toEqual(["gid://shopify/ProductVariant/901", "gid://shopify/ProductVariant/902"]);
    const cached = await prisma.variantUnitCost.findMany({ where: { shopId }, orderBy: { variantId: "asc" } });
    expect(cached.map((row) => [row.variantId, row.unitCostCents, row.inventoryItemId])).toEqual([
      ["gid://shopify/ProductVariant/901", 7_000, "gid://shopify/InventoryItem/91"],
      ["gid://shopify/ProductVariant/902", null, "gid://shopify/InventoryItem/92"],
    ]);
  });

  it("refreshes a cached cost when Shopify reports the change", async () => {
    await deliver("orders/create", SHOP, marginOrder(5008));
    const response = (await inventoryUpdate(
      routeArgs(
        webhookRequest("inventory_items/update", SHOP, {
          id: 91,
          admin_graphql_api_id: "gid://shopify/InventoryItem/91",
          cost: "30.00",
        }),
      ),
    )) as Response;
    expect(response.status).toBe(200);
    const row = await prisma.variantUnitCost.findFirstOrThrow({
      where: { shopId, variantId: "gid://shopify/ProductVariant/901" },
    });
    expect(row.unitCostCents).toBe(3_000);
  });

  it("reads each reference payload shape without error", async () => {
    await deliver("orders/create", SHOP, stackedCodeAndAutomatic);
    await deliver("orders/create", SHOP, percentageLineAndShipping);
    const evaluations = await prisma.orderEvaluation.findMany();
    expect(evaluations.map((evaluation) => evaluation.status)).toEqual(["done", "done"]);
    const events = await eventsOf(SHOP);
    expect(events.find((event) => event.orderName === "#2001" && event.ruleName === "One promotion")?.currency).toBe(
      "HKD",
    );
    expect(events.find((event) => event.orderName === "#2002" && event.ruleName === "Max 30% off")).toBeUndefined();
  });
});
