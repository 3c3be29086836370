// Protection gaps (docs/product.md#protection-gaps): a Plus shop blocks checkouts above 40 %; an
// order that got past the block anyway (a draft order completed by staff, a POS sale, an order
// edit) records one protection_gap event with its cause, counts as flagged and queues an alert
// that names the cause and the fix.
import { beforeAll, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { ensureShop } from "../../app/db/shops.server";
import type { AlertEvent } from "../../app/domain/alerts/alert-event";
import { alertText } from "../../app/domain/alerts/alert-message";
import { PROTECTION_GAP_TEXT } from "../../app/domain/monitoring/protection-gaps";
import { loadDashboard } from "../../app/services/dashboard/dashboard.server";
import { forgetShopRules } from "../../app/services/rules/cache.server";
import { orderPayload } from "../fixtures/orders";
import { installFakeAdminApi } from "../helpers/fake-admin-api";
import { routeArgs, settle, storeOfflineSession, webhookRequest } from "../helpers/shopify";
import { TEST_APP_URL } from "../helpers/test-env";
import { testWorkers } from "../helpers/workers";

const SHOP = "gaps-a.myshopify.com";

const { action: ordersCreate } = await import("../../app/routes/webhooks.orders.create");
const { action: ordersEdited } = await import("../../app/routes/webhooks.orders.edited");
const workers = testWorkers();

/** The order Shopify holds after the edit: one $100 line with $20 off, then $30 more by staff. */
let editedOff = "50.00";
installFakeAdminApi([], {
  answers: {
    EditedOrder: ({ id }) => ({
      order: {
        id,
        legacyResourceId: id.split("/").pop()!,
        name: `#${id.split("/").pop()}`,
        createdAt: "2026-11-20T15:00:00Z",
        currencyCode: "USD",
        tags: [],
        note: null,
        discountCodes: ["SAVE20"],
        sourceName: "web",
        cancelledAt: null,
        app: { id: "gid://shopify/App/580111" },
        totalDiscountsSet: { shopMoney: { amount: "20.00" } },
        currentTotalDiscountsSet: { shopMoney: { amount: editedOff } },
        discountApplications: {
          nodes: [
            {
              __typename: "DiscountCodeApplication",
              index: 0,
              targetType: "LINE_ITEM",
              value: { __typename: "MoneyV2" },
              code: "SAVE20",
            },
            {
              __typename: "ManualDiscountApplication",
              index: 1,
              targetType: "LINE_ITEM",
              value: { __typename: "MoneyV2" },
              title: "Goodwill",
            },
          ],
        },
        lineItems: {
          pageInfo: { hasNextPage: false, endCursor: null },
          nodes: [
            {
              id: "gid://shopify/LineItem/73031",
              title: "Walnut desk tidy",
              quantity: 1,
              currentQuantity: 1,
              variant: { id: "gid://shopify/ProductVariant/1" },
              product: { id: "gid://shopify/Product/1" },
              originalUnitPriceSet: { shopMoney: { amount: "100.00" } },
              discountAllocations: [
                { allocatedAmountSet: { shopMoney: { amount: "20.00" } }, discountApplication: { index: 0 } },
                {
                  allocatedAmountSet: { shopMoney: { amount: (Number(editedOff) - 20).toFixed(2) } },
                  discountApplication: { index: 1 },
                },
              ],
            },
          ],
        },
        shippingLines: { nodes: [] },
      },
    }),
  },
});

/** A $100 order with `off` dollars off by one code, placed from `source` (Shopify's source_name). */
const order = (id: number, off: string, source: string) => ({
  ...orderPayload({
    id,
    number: id,
    codes: [{ code: "SAVE20", amount: off, type: "fixed_amount" }],
    applications: [
      { type: "discount_code", target: "line_item", valueType: "fixed_amount", value: off, code: "SAVE20" },
    ],
    lines: [{ variant: 1, product: 1, price: { shop: "100.00" }, allocations: [{ index: 0, amount: { shop: off } }] }],
  }),
  source_name: source,
});

async function post(action: typeof ordersCreate, topic: string, payload: unknown, webhookId?: string) {
  const response = (await settle(() =>
    action(routeArgs(webhookRequest(topic, SHOP, payload, { webhookId }))),
  )) as Response;
  expect(response.status).toBe(200);
  await workers.orders.drain();
}

let shopId: string;
beforeAll(async () => {
  shopId = (await ensureShop(SHOP)).id;
  await prisma.shop.update({ where: { id: shopId }, data: { plan: "plus", planCheckedAt: new Date() } });
  await storeOfflineSession(SHOP);
  // checkout blocking deployed and switched on at 40 %; alerts by e-mail
  const blocking = { thresholdPercent: 40, validationId: "gid://shopify/Validation/9", validationEnabled: true };
  await prisma.functionConfig.upsert({ where: { shopId }, create: { shopId, ...blocking }, update: blocking });
  const alerts = { emailEnabled: true, emails: ["owner@example.com"], webhooks: [] };
  await prisma.alertSettings.upsert({ where: { shopId }, create: { shopId, ...alerts }, update: alerts });
  forgetShopRules(shopId);
});

/** The shop's protection gaps of one order, and the alert queued for each. */
async function gapsOf(orderName: string) {
  const events = await prisma.auditEvent.findMany({ where: { shopId, orderName, eventType: "protection_gap" } });
  const alerts = await prisma.alertAndActionOutbox.findMany({
    where: { auditEventId: { in: events.map((event) => event.id) } },
  });
  return { events, alerts };
}

function expectOneGap(gaps: Awaited<ReturnType<typeof gapsOf>>, cause: keyof typeof PROTECTION_GAP_TEXT) {
  expect(gaps.events).toHaveLength(1);
  expect(gaps.events[0]!.details).toMatchObject({ cause, fix: PROTECTION_GAP_TEXT[cause].fix });
  expect(gaps.events[0]!.message).toContain(PROTECTION_GAP_TEXT[cause].why);
  // one alert by e-mail, naming the cause and the fix
  expect(gaps.alerts).toHaveLength(1);
  const event = gaps.alerts[0]!.payload as unknown as AlertEvent;
  expect(event.gap).toEqual({ cause, why: PROTECTION_GAP_TEXT[cause].why, fix: PROTECTION_GAP_TEXT[cause].fix });
  const text = alertText(
    { id: "a1", shopDomain: SHOP, event: { ...event, createdAt: new Date(event.createdAt) } },
    TEST_APP_URL,
  );
  expect(text).toContain(`Why the block did not hold: ${PROTECTION_GAP_TEXT[cause].why}`);
  expect(text).toContain(`What to do: ${PROTECTION_GAP_TEXT[cause].fix}`);
}

describe("an order past the checkout block", () => {
  it("completed from a draft order: one gap, draft_order_bypass, flagged and alerted", async () => {
    await post(ordersCreate, "orders/create", order(7301, "50.00", "shopify_draft_order"));
    // delivered again under another webhook id: nothing new
    await post(ordersCreate, "orders/create", order(7301, "50.00", "shopify_draft_order"), "again-7301");
    expectOneGap(await gapsOf("#7301"), "draft_order_bypass");
    // $50 off against a $40 limit: $10 flagged, and the Dashboard counts the gap with the breaches
    const money = await prisma.orderMoney.findFirstOrThrow({ where: { shopId, orderName: "#7301" } });
    expect(money).toMatchObject({ flaggedCents: 1_000, stoppedCents: 0 });
    const dashboard = await loadDashboard({ id: shopId, plan: "plus", timezone: "UTC" });
    expect(dashboard.roi.flaggedCents).toBe(1_000);
    expect(dashboard.breaches).toBe(1);
  });

  it("sold at Shopify POS: one gap, pos", async () => {
    await post(ordersCreate, "orders/create", order(7302, "45.00", "pos"));
    expectOneGap(await gapsOf("#7302"), "pos");
  });

  it("within the limit: no gap", async () => {
    await post(ordersCreate, "orders/create", order(7304, "40.00", "shopify_draft_order"));
    expect((await gapsOf("#7304")).events).toEqual([]);
  });
});

describe("orders/edited", () => {
  const edit = { order_edit: { id: 1, order_id: 7303, app_id: null, user_id: 55, line_items: {}, discounts: {} } };

  it("an order within the limit at checkout, edited past it: one gap, order_edit, read from Shopify", async () => {
    await post(ordersCreate, "orders/create", order(7303, "20.00", "web"));
    expect((await gapsOf("#7303")).events).toEqual([]);
    await post(ordersEdited, "orders/edited", edit, "edit-7303");
    await post(ordersEdited, "orders/edited", edit, "edit-7303");
    const gaps = await gapsOf("#7303");
    expectOneGap(gaps, "order_edit");
    expect(gaps.events[0]).toMatchObject({ totalDiscountCents: 5_000, marginSavedCents: 1_000 });
    const money = await prisma.orderMoney.findFirstOrThrow({ where: { shopId, orderName: "#7303" } });
    expect(money.flaggedCents).toBe(1_000);
  });

  it("an edit that keeps the order within the limit records nothing", async () => {
    editedOff = "35.00";
    await post(ordersCreate, "orders/create", order(7305, "20.00", "web"));
    await post(ordersEdited, "orders/edited", { order_edit: { ...edit.order_edit, order_id: 7305 } }, "edit-7305");
    expect(
      await prisma.auditEvent.count({
        where: { shopId, eventType: "protection_gap", orderId: "gid://shopify/Order/7305" },
      }),
    ).toBe(0);
  });
});
