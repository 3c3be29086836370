// The leaked-code detector end to end (docs/product.md#leaked-codes): signed
// orders/create webhooks build a leak of VIP500; the code's counts are kept once per order
// (a redelivery and an orders/updated add nothing); the flag is one code_leak_suspected event and
// its outbox row per episode; GET /api/codes and PUT /api/codes/{code} refuse bad input naming the
// field; the code is deactivated and reactivated against the fake Admin API, and refused without
// write_discounts or on Free.
import { beforeAll, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { newStandInState } from "../../app/demo/admin-stand-in";
import { DEMO_LEAKED_DISCOUNT_ID } from "../../app/demo/shop-discounts";
import { percentCodeOrder } from "../fixtures/orders";
import { installFakeAdminApi } from "../helpers/fake-admin-api";
import { adminRequest, installedShops, routeArgs, settle, webhookRequest } from "../helpers/shopify";
import { testWorkers } from "../helpers/workers";

const codesRoute = await import("../../app/routes/api.codes");
const codeRoute = await import("../../app/routes/api.codes.$code");
const switchRoute = await import("../../app/routes/api.codes.$code.$switch");
const createRoute = await import("../../app/routes/webhooks.orders.create");
const updateRoute = await import("../../app/routes/webhooks.orders.updated");

const SHOP = "leaks.myshopify.com";
const FREE = "leaks-free.myshopify.com";
const state = newStandInState();
const fake = installFakeAdminApi([], { standIn: state });
const { orders } = testWorkers();

type Handler = (args: {
  request: Request;
  params: Record<string, string>;
  context: Record<string, unknown>;
}) => unknown;
async function call(handler: Handler, path: string, shop = SHOP, method = "GET", body?: unknown, params = {}) {
  const init: RequestInit =
    body === undefined
      ? { method }
      : { method, body: JSON.stringify(body), headers: { "Content-Type": "application/json" } };
  const request = await adminRequest(path, shop, { init });
  return (await settle(() => Promise.resolve(handler({ request, params, context: {} })))) as Response;
}

/** A $100 order with VIP500 (25 off) by customer `customer`, tagged and shipped as given. */
function vipOrder(number: number, customer: number, tags: string, country: string, ordersCount = 1) {
  const payload = percentCodeOrder("VIP500", 25, { id: 930_000 + number, number, customerId: customer }) as Record<
    string,
    unknown
  >;
  return {
    ...payload,
    customer: { id: customer, tags, orders_count: ordersCount },
    shipping_address: { country_code: country },
  };
}

async function deliver(shop: string, payload: unknown, topic = "orders/create") {
  const route = topic === "orders/create" ? createRoute : updateRoute;
  const response = (await route.action(routeArgs(webhookRequest(topic, shop, payload)))) as Response;
  expect(response.status).toBe(200);
  await orders.drain();
}

const usage = (shopId: string) =>
  prisma.codeUsage.findUniqueOrThrow({ where: { shopId_codeKey: { shopId, codeKey: "vip500" } } });
const leakEvents = (shopId: string) =>
  prisma.auditEvent.findMany({ where: { shopId, eventType: "code_leak_suspected" } });

let shopId = "";
let freeId = "";

beforeAll(async () => {
  [shopId, freeId] = await installedShops(SHOP, FREE);
  await prisma.shop.update({
    where: { id: shopId },
    data: { plan: "core", planCheckedAt: new Date(), grantedScopes: "read_orders,write_discounts" },
  });
  await prisma.shop.update({ where: { id: freeId }, data: { plan: "free", planCheckedAt: new Date() } });
  await prisma.alertSettings.update({
    where: { shopId },
    data: { emailEnabled: true, emails: ["ops@example.com"], minSeverity: "low", frequency: "immediate" },
  });
});

describe("leak detector from signed order webhooks", () => {
  it("counts each order once and flags the code once per episode, with an alert", async () => {
    await deliver(SHOP, vipOrder(1, 1, "vip", "US", 3));
    // the code's audience (3 customers) and segment, set by the merchant
    const saved = await call(
      codeRoute.action,
      "/api/codes/VIP500",
      SHOP,
      "PUT",
      { audienceSize: 3, segmentTags: ["VIP"] },
      { code: "VIP500" },
    );
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({
      code: "VIP500",
      audienceSize: 3,
      segmentTags: ["vip"],
      leakSuspected: false,
    });

    await deliver(SHOP, vipOrder(2, 2, "vip", "US"));
    await deliver(SHOP, vipOrder(3, 3, "wholesale", "DE"));
    // the same order again: a redelivery under another webhook id, and an orders/updated
    await deliver(SHOP, vipOrder(3, 3, "wholesale", "DE"));
    await deliver(SHOP, vipOrder(3, 3, "wholesale", "DE"), "orders/updated");
    expect(await usage(shopId)).toMatchObject({
      uses: 3,
      customers: 3,
      countries: 2,
      segmentChecked: 2,
      outsideSegment: 1,
    });
    expect(await leakEvents(shopId)).toHaveLength(0);

    // the fourth customer passes the audience of 3: one flag, one alert
    await deliver(SHOP, vipOrder(4, 4, "", "FR"));
    const events = await leakEvents(shopId);
    expect(events).toHaveLength(1);
    expect(events[0].message).toBe(
      "Code VIP500 probably leaked: audience exceeded: 4 uses or customers for an audience of 3",
    );
    expect(events[0].severity).toBe("high");
    expect(await prisma.alertAndActionOutbox.count({ where: { auditEventId: events[0].id, channel: "email" } })).toBe(
      1,
    );

    // more orders in the same episode: no second event
    await deliver(SHOP, vipOrder(5, 5, "", "GB"));
    expect(await leakEvents(shopId)).toHaveLength(1);
    expect(await usage(shopId)).toMatchObject({ uses: 5, customers: 5, firstKnown: 5, firstTime: 4 });
  });

  it("answers GET /api/codes with counts, leakSuspected and signals", async () => {
    const response = await call(codesRoute.loader, "/api/codes");
    expect(response.status).toBe(200);
    const { codes } = await response.json();
    expect(codes).toHaveLength(1);
    expect(codes[0]).toMatchObject({
      code: "VIP500",
      uses: 5,
      lastHourUses: 5,
      dailyUses: 5,
      hourlyBaseline: null,
      customers: 5,
      firstTimeShare: 0.8,
      outsideSegmentShare: 0.75,
      countries: 4,
      leakSuspected: true,
      signals: [{ name: "audience_exceeded", figure: 5, limit: 3 }],
      signalsInWords: ["audience exceeded: 5 uses or customers for an audience of 3"],
    });
    const flagged = await (await call(codesRoute.loader, "/api/codes?flagged=false&limit=10")).json();
    expect(flagged.codes).toEqual([]);
  });

  it("refuses bad query and settings input naming the field, saving nothing", async () => {
    const limit = await call(codesRoute.loader, "/api/codes?limit=0");
    expect(limit.status).toBe(400);
    expect((await limit.json()).errors).toHaveProperty("limit");
    const unknown = await call(codesRoute.loader, "/api/codes?sort=uses");
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).errors).toHaveProperty("sort");
    const flagged = await call(codesRoute.loader, "/api/codes?flagged=yes");
    expect((await flagged.json()).errors).toHaveProperty("flagged");

    for (const [body, field] of [
      [{ audienceSize: -1 }, "audienceSize"],
      [{ audienceSize: 2.5 }, "audienceSize"],
      [{ segmentTags: ["a,b"] }, "segmentTags"],
      [{ segmentTags: "vip" }, "segmentTags"],
      [{ audience: 3 }, "audience"],
    ] as const) {
      const response = await call(codeRoute.action, "/api/codes/VIP500", SHOP, "PUT", body, { code: "VIP500" });
      expect(response.status).toBe(400);
      expect((await response.json()).errors).toHaveProperty(field);
    }
    expect(await usage(shopId)).toMatchObject({ audienceSize: 3, segmentTags: "vip" });
    const missing = await call(codeRoute.action, "/api/codes/NOPE", SHOP, "PUT", { audienceSize: 9 }, { code: "NOPE" });
    expect(missing.status).toBe(404);
  });

  it("ends the episode when no signal fires, and flags again in a new one", async () => {
    const raised = await call(
      codeRoute.action,
      "/api/codes/VIP500",
      SHOP,
      "PUT",
      { audienceSize: 1000, segmentTags: null },
      { code: "VIP500" },
    );
    expect(await raised.json()).toMatchObject({ leakSuspected: false, signals: [] });
    const lowered = await call(
      codeRoute.action,
      "/api/codes/VIP500",
      SHOP,
      "PUT",
      { audienceSize: 4 },
      { code: "VIP500" },
    );
    expect(await lowered.json()).toMatchObject({ leakSuspected: true });
    expect(await leakEvents(shopId)).toHaveLength(2);
  });

  it("deactivates the code in Shopify and undoes it, each in the Audit Log", async () => {
    const off = await call(switchRoute.action, "/api/codes/VIP500/deactivate", SHOP, "POST", undefined, {
      code: "VIP500",
      switch: "deactivate",
    });
    expect(off.status).toBe(200);
    expect((await off.json()).deactivatedAt).not.toBeNull();
    expect(state.shopDiscounts?.get(DEMO_LEAKED_DISCOUNT_ID)?.discount.status).toBe("EXPIRED");
    expect(
      fake.operations.some(
        (op) => op.query.includes("discountCodeDeactivate") && op.variables.id === DEMO_LEAKED_DISCOUNT_ID,
      ),
    ).toBe(true);

    const on = await call(switchRoute.action, "/api/codes/VIP500/reactivate", SHOP, "POST", undefined, {
      code: "VIP500",
      switch: "reactivate",
    });
    expect(on.status).toBe(200);
    expect((await on.json()).deactivatedAt).toBeNull();
    expect(state.shopDiscounts?.get(DEMO_LEAKED_DISCOUNT_ID)?.discount.status).toBe("ACTIVE");
    const logged = await prisma.auditEvent.findMany({
      where: { shopId, eventType: { in: ["code_deactivated", "code_reactivated"] } },
      orderBy: { createdAt: "asc" },
    });
    expect(logged.map((event) => event.eventType)).toEqual(["code_deactivated", "code_reactivated"]);
    expect(logged[0].message).toMatch(/deactivated the code VIP500 in Shopify/);
  });

  it("refuses to deactivate without write_discounts, asking Shopify nothing", async () => {
    await prisma.shop.update({ where: { id: shopId }, data: { grantedScopes: "read_orders" } });
    const before = fake.operations.length;
    const refused = await call(switchRoute.action, "/api/codes/VIP500/deactivate", SHOP, "POST", undefined, {
      code: "VIP500",
      switch: "deactivate",
    });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toMatch(/write_discounts/);
    expect(fake.operations.length).toBe(before);
    expect((await usage(shopId)).deactivatedAt).toBeNull();
    await prisma.shop.update({ where: { id: shopId }, data: { grantedScopes: "read_orders,write_discounts" } });
  });

  it("keeps counts on Free but raises no flag and refuses the deactivate", async () => {
    for (let number = 1; number <= 7; number += 1)
      await deliver(FREE, vipOrder(100 + number, 200 + number, "", `A${String.fromCharCode(65 + number)}`));
    expect(await usage(freeId)).toMatchObject({ uses: 7, countries: 7 });
    expect(await leakEvents(freeId)).toHaveLength(0);
    const { codes } = await (await call(codesRoute.loader, "/api/codes", FREE)).json();
    expect(codes[0]).toMatchObject({ uses: 7, leakSuspected: false, signals: [] });
    const refused = await call(switchRoute.action, "/api/codes/VIP500/deactivate", FREE, "POST", undefined, {
      code: "VIP500",
      switch: "deactivate",
    });
    expect(refused.status).toBe(403);
  });
});
