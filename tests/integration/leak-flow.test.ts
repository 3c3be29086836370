// Shopify's usage limit and the leak flag's Flow trigger end to end
// (docs/product.md#leaked-codes): a signed discounts/update
// webhook has the code's usage limit read from the fake Admin API and stored; GET /api/codes
// shows it; orders reaching 90 % of it within 3 days flag the code by that rule; Flow's signed
// lifecycle callback for "Discount code probably leaked" is stored apart from "Margin rule
// breached"; the flag queues flowTriggerReceive with the new handle and payload once, and the
// alert worker delivers it once to the fake Admin API, recorded as flow_triggered. A shop whose
// Flow does not use the trigger queues nothing.
import { beforeAll, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { newStandInState } from "../../app/demo/admin-stand-in";
import type { ShopDiscount } from "../../app/demo/shop-discounts";
import { channelSender } from "../../app/services/alerts/delivery.server";
import { percentCodeOrder } from "../fixtures/orders";
import { installFakeAdminApi } from "../helpers/fake-admin-api";
import { adminRequest, installedShops, routeArgs, settle, webhookRequest } from "../helpers/shopify";
import { testWorkers } from "../helpers/workers";

const codesRoute = await import("../../app/routes/api.codes");
const createRoute = await import("../../app/routes/webhooks.orders.create");
const discountUpdate = await import("../../app/routes/webhooks.discounts.update");
const lifecycleRoute = await import("../../app/routes/flow.lifecycle");
const { getHmac } = await import("@shopify/shopify-api/test-helpers");
const { TEST_API_SECRET } = await import("../helpers/test-env");

const SHOP = "leak-flow.myshopify.com";
const QUIET = "leak-flow-quiet.myshopify.com";
const DISCOUNT = "gid://shopify/DiscountCodeNode/9600";
const state = newStandInState();
const discount = (usageLimit: number | null): ShopDiscount =>
  ({
    id: DISCOUNT,
    discount: {
      __typename: "DiscountCodeBasic",
      status: "ACTIVE",
      usageLimit,
      codes: { nodes: [{ code: "LIMIT30" }] },
      customerGets: {
        value: { __typename: "DiscountPercentage", percentage: 0.2 },
        items: { __typename: "AllDiscountItems" },
      },
      minimumRequirement: null,
    },
  }) as unknown as ShopDiscount;
state.shopDiscounts = new Map([[DISCOUNT, discount(30)]]);
const fake = installFakeAdminApi([], { standIn: state });
const { orders, alerts } = testWorkers({ send: channelSender({ guard: false }) });

const flowCalls = () => fake.operations.filter((operation) => /\{\s*flowTriggerReceive\(/.test(operation.query));

/** A $100 order with LIMIT30 (20 off) by customer `customer`. */
const limitOrder = (number: number, customer: number) =>
  percentCodeOrder("LIMIT30", 20, { id: 960_000 + number, number, customerId: customer });

async function deliverOrder(shop: string, number: number) {
  const response = (await createRoute.action(
    routeArgs(webhookRequest("orders/create", shop, limitOrder(number, number))),
  )) as Response;
  expect(response.status).toBe(200);
  await orders.drain();
}

async function deliverDiscountUpdate(shop: string) {
  const request = webhookRequest("discounts/update", shop, { admin_graphql_api_id: DISCOUNT });
  const response = (await settle(() => Promise.resolve(discountUpdate.action(routeArgs(request))))) as Response;
  expect(response.status).toBe(200);
}

async function lifecycle(shop: string, trigger: string, enabled: boolean, timestamp: string) {
  const text = JSON.stringify({
    flow_trigger_definition_id: trigger,
    has_enabled_flow: enabled,
    shop_id: 690933842,
    shopify_domain: shop,
    timestamp,
  });
  const request = new Request("https://app.example/flow/lifecycle", {
    method: "POST",
    body: text,
    headers: { "Content-Type": "application/json", "X-Shopify-Hmac-SHA256": getHmac(text, TEST_API_SECRET) },
  });
  const response = (await lifecycleRoute.action(routeArgs(request))) as Response;
  return (await response.json()) as { result: string };
}

const flowState = (shopId: string) =>
  prisma.shop.findUniqueOrThrow({
    where: { id: shopId },
    select: { flowTriggerEnabled: true, flowLeakTriggerEnabled: true },
  });

let shopId = "";
let quietId = "";

beforeAll(async () => {
  [shopId, quietId] = await installedShops(SHOP, QUIET);
  for (const id of [shopId, quietId]) {
    await prisma.shop.update({
      where: { id },
      data: { plan: "core", planCheckedAt: new Date(), grantedScopes: "read_orders,read_discounts" },
    });
    await prisma.alertSettings.update({ where: { shopId: id }, data: { emailEnabled: false } });
  }
});

describe("Flow's lifecycle for two triggers", () => {
  it("stores the leak trigger's state apart from the breach trigger's, by name or handle; the newest wins", async () => {
    expect(await lifecycle(SHOP, "Discount code probably leaked", true, "2026-11-24T10:00:00Z")).toEqual({
      result: "updated",
    });
    expect(await flowState(shopId)).toEqual({ flowTriggerEnabled: false, flowLeakTriggerEnabled: true });
    // older than the one stored: nothing changes
    expect(await lifecycle(SHOP, "discount-code-leaked", false, "2026-11-24T09:00:00Z")).toEqual({
      result: "stale",
    });
    expect(await lifecycle(SHOP, "Margin rule breached", true, "2026-11-24T09:30:00Z")).toEqual({
      result: "updated",
    });
    expect(await flowState(shopId)).toEqual({ flowTriggerEnabled: true, flowLeakTriggerEnabled: true });
    expect(await lifecycle(SHOP, "Margin rule breached", false, "2026-11-24T11:00:00Z")).toEqual({
      result: "updated",
    });
    expect(await flowState(shopId)).toEqual({ flowTriggerEnabled: false, flowLeakTriggerEnabled: true });
  });
});

describe("Shopify's usage limit and the leak trigger", () => {
  it("reads the code's usage limit from a signed discounts/update webhook and lists it", async () => {
    await deliverDiscountUpdate(SHOP);
    const row = await prisma.discountCodeValue.findUniqueOrThrow({
      where: { shopId_codeKey: { shopId, codeKey: "limit30" } },
    });
    expect(row).toMatchObject({ discountId: DISCOUNT, usageLimit: 30, kind: "percentage", percent: 20 });
    const [query] = fake.operations.filter((operation) => /codeDiscountNode\(/.test(operation.query));
    expect(query.query).toMatch(/usageLimit/);

    await deliverOrder(SHOP, 1);
    const request = await adminRequest("/api/codes", SHOP);
    const response = (await settle(() =>
      Promise.resolve(codesRoute.loader({ request, params: {}, context: {} })),
    )) as Response;
    expect(response.status).toBe(200);
    const body = (await response.json()) as { codes: { code: string; usageLimit: number | null }[] };
    expect(body.codes.find((code) => code.code === "LIMIT30")).toMatchObject({ usageLimit: 30, audienceSize: null });
  });

  it("flags the code at 90 % of its limit and sends Flow the new trigger once, delivered once", async () => {
    // 27 is 90 % of 30: the 26th use flags nothing
    for (let number = 2; number <= 26; number += 1) await deliverOrder(SHOP, number);
    expect(await prisma.auditEvent.count({ where: { shopId, eventType: "code_leak_suspected" } })).toBe(0);
    await deliverOrder(SHOP, 27);
    const [flag] = await prisma.auditEvent.findMany({ where: { shopId, eventType: "code_leak_suspected" } });
    expect(flag.message).toMatch(
      /^Code LIMIT30 probably leaked: audience exceeded: 27 uses in [\d.]+ days? since the first use, 90 % of Shopify's usage limit of 30 \(limit 90 % within 3 days\)$/,
    );
    const rows = await prisma.alertAndActionOutbox.findMany({ where: { shopId, channel: "flow_trigger" } });
    expect(rows).toHaveLength(1);
    expect(rows[0].auditEventId).toBe(flag.id);

    await alerts.drain();
    const calls = flowCalls();
    expect(calls).toHaveLength(1);
    expect(calls[0].variables).toEqual({
      handle: "discount-code-leaked",
      payload: {
        "Discount code": "LIMIT30",
        Signals: flag.message.replace("Code LIMIT30 probably leaked: ", ""),
        "Signal names": "audience_exceeded",
        Uses: 27,
        Customers: 27,
        "First use": expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        "Audience size": 0,
        "Usage limit": 30,
        Severity: "high",
        "Discount ID": DISCOUNT,
      },
    });
    expect(state.flowTriggers).toEqual([{ handle: "discount-code-leaked", payload: calls[0].variables.payload }]);
    const [triggered] = await prisma.auditEvent.findMany({ where: { shopId, eventType: "flow_triggered" } });
    expect(triggered.message).toBe('Shopify Flow trigger "Discount code probably leaked" fired for code LIMIT30');
    expect((await prisma.alertAndActionOutbox.findUniqueOrThrow({ where: { id: rows[0].id } })).status).toBe("sent");

    // the same flag, more orders and another drain: no second trigger
    await deliverOrder(SHOP, 28);
    await alerts.drain();
    expect(flowCalls()).toHaveLength(1);
    expect(await prisma.alertAndActionOutbox.count({ where: { shopId, channel: "flow_trigger" } })).toBe(1);
  });

  it("queues no trigger in a shop whose Flow does not use it", async () => {
    await deliverDiscountUpdate(QUIET);
    for (let number = 101; number <= 127; number += 1) await deliverOrder(QUIET, number);
    expect(await prisma.auditEvent.count({ where: { shopId: quietId, eventType: "code_leak_suspected" } })).toBe(1);
    expect(await prisma.alertAndActionOutbox.count({ where: { shopId: quietId, channel: "flow_trigger" } })).toBe(0);
  });
});
