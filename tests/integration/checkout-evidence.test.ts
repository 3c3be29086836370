// Blocked checkouts counted from evidence: checkout webhooks decided by the Function's own
// code record one checkout_blocked event per checkout token while the validation is live,
// and only shadow counts while it is not; staff overrides on orders; the app's health.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { checkoutPayload } from "../../app/demo/checkout-payload-builder";
import { ensureShop } from "../../app/db/shops.server";
import { orderPayload } from "../fixtures/orders";
import { installFakeAdminApi } from "../helpers/fake-admin-api";
import {
  callRoute,
  routeArgs,
  settle,
  storeOfflineSession,
  webhookRequest,
  type RouteHandler,
} from "../helpers/shopify";

const SHOP = "evidence-a.myshopify.com";
const OTHER = "evidence-b.myshopify.com";

const { action: checkoutsCreate } = await import("../../app/routes/webhooks.checkouts.create");
const { action: checkoutsUpdate } = await import("../../app/routes/webhooks.checkouts.update");
const { action: ordersCreate } = await import("../../app/routes/webhooks.orders.create");
// this file's own workers (docs/architecture.md#background-workers)
const workers = (await import("../helpers/workers")).testWorkers();
const { shadowSummary } = await import("../../app/services/checkout/checkout-webhooks.server");
const { forgetShopRules } = await import("../../app/services/rules/cache.server");
const scopesRoute = await import("../../app/routes/api.health.scopes");
const embedRoute = await import("../../app/routes/api.health.embed");
const featuresRoute = await import("../../app/routes/api.integrations.shopify.features");

installFakeAdminApi([], { scopes: ["read_orders", "read_products", "read_inventory", "read_discounts"] });

/** $100 of goods, `off` dollars off with one code. */
const checkout = (token: string, off: string, customer: { id: number; tags?: string } | null = null) =>
  checkoutPayload({
    token,
    lines: [{ title: "Walnut desk tidy", price: "100.00" }],
    codes: [{ code: "TAKE", amount: off }],
    customer,
  });

async function deliver(topic: "checkouts/create" | "checkouts/update", shop: string, payload: unknown) {
  const action = topic === "checkouts/create" ? checkoutsCreate : checkoutsUpdate;
  return (await settle(() => action(routeArgs(webhookRequest(topic, shop, payload))))) as Response;
}

const events = (shopId: string, eventType: string) => prisma.auditEvent.findMany({ where: { shopId, eventType } });

let shopId: string;
let otherId: string;
beforeAll(async () => {
  shopId = (await ensureShop(SHOP)).id;
  otherId = (await ensureShop(OTHER)).id;
  await storeOfflineSession(SHOP);
  await storeOfflineSession(OTHER);
});

async function setLive(id: string, live: boolean) {
  await prisma.functionConfig.upsert({
    where: { shopId: id },
    create: { shopId: id, thresholdPercent: 40, validationId: live ? "gid://shopify/Validation/7" : null },
    update: { validationId: live ? "gid://shopify/Validation/7" : null, validationEnabled: live },
  });
  if (live) await prisma.functionConfig.update({ where: { shopId: id }, data: { validationEnabled: true } });
  forgetShopRules(id);
}

describe("shadow mode: the validation is not deployed", () => {
  beforeEach(() => setLive(shopId, false));

  it("counts a checkout that would have been blocked once per token, and records no event", async () => {
    expect(
      (await deliver("checkouts/create", SHOP, checkout("shadow-1", "50.00"))).headers.get("X-Checkout-Outcome"),
    ).toBe("shadow");
    await deliver("checkouts/update", SHOP, checkout("shadow-1", "55.00"));
    await deliver("checkouts/create", SHOP, checkout("shadow-2", "45.00"));
    const allowed = await deliver("checkouts/create", SHOP, checkout("shadow-3", "40.00"));
    expect(allowed.headers.get("X-Checkout-Outcome")).toBe("allowed");
    expect(await events(shopId, "checkout_blocked")).toEqual([]);
    const summary = await shadowSummary(shopId);
    expect(summary.total).toBe(2);
    expect(summary.days).toEqual([{ day: new Date().toISOString().slice(0, 10), count: 2 }]);
    // $10 over the $40 limit, then $5: the first decision of each checkout
    expect(summary.overLimitCents).toBe(1_500);
  });

  it("keeps the last 30 days only", async () => {
    const old = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
    await prisma.shadowCheckout.create({ data: { shopId, token: "old-one", day: old, overLimitCents: 100 } });
    expect((await shadowSummary(shopId)).total).toBe(2);
  });
});

describe("the validation is deployed and enabled", () => {
  beforeAll(() => setLive(shopId, true));

  it("records one checkout_blocked per checkout token, with the discount above the limit as protected", async () => {
    expect(
      (await deliver("checkouts/create", SHOP, checkout("live-1", "50.00"))).headers.get("X-Checkout-Outcome"),
    ).toBe("blocked");
    await deliver("checkouts/update", SHOP, checkout("live-1", "50.00"));
    await deliver("checkouts/update", SHOP, checkout("live-1", "60.00"));
    const blocked = await events(shopId, "checkout_blocked");
    expect(blocked).toHaveLength(1);
    expect(blocked[0]).toMatchObject({
      discountPercent: 50,
      totalDiscountCents: 5_000,
      preDiscountSubtotalCents: 10_000,
      marginSavedCents: 1_000,
      threshold: 40,
      discountCodes: ["TAKE"],
      dedupeKey: "checkout:live-1",
    });
    expect(blocked[0]!.message).toContain("above the 40% limit");
    const rollup = await prisma.eventRollup.findMany({ where: { shopId, eventType: "checkout_blocked" } });
    expect(rollup.map((row) => [row.count, row.marginSavedCents])).toEqual([[1, 1_000]]);
  });

  it("lets an allowed checkout and a tagged customer through (staff override on)", async () => {
    await deliver("checkouts/create", SHOP, checkout("live-2", "40.00"));
    await deliver(
      "checkouts/create",
      SHOP,
      checkout("live-3", "80.00", { id: 5, tags: "vip, margin-guardrail-override" }),
    );
    expect(await events(shopId, "checkout_blocked")).toHaveLength(1);
  });

  it("blocks the tagged customer too once staff override is off", async () => {
    const response = await callRoute(
      featuresRoute.action as RouteHandler,
      "/api/integrations/shopify/features",
      SHOP,
      "PUT",
      { staffOverride: false },
    );
    expect(response.status).toBe(200);
    await deliver("checkouts/create", SHOP, checkout("live-4", "80.00", { id: 5, tags: "margin-guardrail-override" }));
    expect(await events(shopId, "checkout_blocked")).toHaveLength(2);
    // the other shop's switches are its own
    const other = await callRoute(featuresRoute.loader as RouteHandler, "/api/integrations/shopify/features", OTHER);
    expect(await other.json()).toMatchObject({ staffOverride: true });
    await prisma.blockingSettings.update({ where: { shopId }, data: { staffOverride: true } });
    forgetShopRules(shopId);
  });

  it("records nothing for another shop, whose validation is not deployed", async () => {
    await deliver("checkouts/create", OTHER, checkout("live-1", "90.00"));
    expect(await events(otherId, "checkout_blocked")).toEqual([]);
    expect((await shadowSummary(otherId)).total).toBe(1);
    expect(await events(shopId, "checkout_blocked")).toHaveLength(2);
  });

  it("refuses a checkout payload Shopify could not have sent", async () => {
    const response = await deliver("checkouts/create", SHOP, { ...checkout("bad", "1.00"), total_discounts: "-5" });
    expect(response.status).toBe(400);
    expect((await deliver("checkouts/create", SHOP, { token: "" })).status).toBe(400);
  });
});

describe("admin_override: an order that went through with the override tag", () => {
  beforeAll(() => setLive(shopId, true));

  const taggedOrder = (id: number, discount: string, extra: Record<string, unknown>) => ({
    ...orderPayload({
      id,
      number: id,
      codes: [{ code: "STAFF", amount: discount, type: "fixed_amount" }],
      applications: [
        { type: "discount_code", target: "line_item", valueType: "fixed_amount", value: discount, code: "STAFF" },
      ],
      lines: [
        { variant: 1, product: 1, price: { shop: "100.00" }, allocations: [{ index: 0, amount: { shop: discount } }] },
      ],
    }),
    ...extra,
  });

  async function order(payload: unknown) {
    await ordersCreate(routeArgs(webhookRequest("orders/create", SHOP, payload)));
    await workers.orders.drain();
  }

  it("records who and why, where Shopify says it", async () => {
    await order(
      taggedOrder(71001, "60.00", {
        tags: "margin-guardrail-override",
        user_id: 4242,
        note: "Refund for a damaged parcel",
      }),
    );
    const [override] = await events(shopId, "admin_override");
    expect(override).toMatchObject({
      orderName: "#71001",
      discountPercent: 60,
      overrideBy: "gid://shopify/StaffMember/4242",
      overrideReason: "Refund for a damaged parcel",
    });
  });

  it("says so when Shopify does not say who or why", async () => {
    await order(taggedOrder(71002, "70.00", { customer: { id: 9, tags: "margin-guardrail-override" } }));
    const overrides = await events(shopId, "admin_override");
    expect(overrides.find((event) => event.orderName === "#71002")).toMatchObject({
      overrideBy: "Not given by Shopify",
      overrideReason: "No note on the order",
    });
  });

  it("records nothing for an untagged order, nor for a tagged one within the limit", async () => {
    await order(taggedOrder(71003, "60.00", {}));
    await order(taggedOrder(71004, "30.00", { tags: "margin-guardrail-override" }));
    expect((await events(shopId, "admin_override")).map((event) => event.orderName).sort()).toEqual([
      "#71001",
      "#71002",
    ]);
  });
});

describe("GET /api/health/scopes and /api/health/embed", () => {
  it("names the scopes Shopify has not granted", async () => {
    const response = await callRoute(scopesRoute.loader as RouteHandler, "/api/health/scopes", SHOP);
    const body = (await response.json()) as { source: string; missing: string[]; granted: string[] };
    expect(body.source).toBe("shopify");
    // the app's scopes (SCOPES, shopify.app.toml's by default) less the four the fake grants
    const required = (await import("../../app/env.server")).getEnv().scopes;
    expect(body.missing).toEqual(required.filter((scope) => !body.granted.includes(scope)));
    expect(body.missing).toEqual(expect.arrayContaining(["read_validations", "write_validations"]));
    expect((await prisma.shop.findUnique({ where: { id: shopId } }))?.grantedScopes).toBe(body.granted.join(","));
    // the other shop's record is its own
    expect((await prisma.shop.findUnique({ where: { id: otherId } }))?.grantedScopes).toBeNull();
  });

  it("tells whether the host is this shop's admin", async () => {
    const host = (text: string) => encodeURIComponent(Buffer.from(text).toString("base64"));
    const embed = async (query: string) => {
      const response = await callRoute(embedRoute.loader as RouteHandler, `/api/health/embed${query}`, SHOP);
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    expect(await embed(`?host=${host("admin.shopify.com/store/evidence-a")}`)).toEqual({
      status: 200,
      body: { embedded: true, host: "admin.shopify.com/store/evidence-a", shop: SHOP },
    });
    expect((await embed(`?host=${host("admin.shopify.com/store/evidence-b")}`)).body).toMatchObject({
      embedded: false,
      reason: "The host belongs to another store (evidence-b)",
    });
    expect((await embed("")).body).toMatchObject({ embedded: false });
    const bad = await embed(`?host=${host("evil.example.com")}`);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain("not a Shopify admin address");
  });
});
