import { beforeEach, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { recordAuditEvents } from "../../app/services/audit/events.server";
import { ensureShop } from "../../app/db/shops.server";
import { stackedCodeAndAutomatic } from "../fixtures/orders";
import { routeArgs, settle, storeOfflineSession, webhookRequest } from "../helpers/shopify";

const SHOP = "redact-me.myshopify.com";
const OTHER = "keep-me.myshopify.com";

async function seedShop(domain: string) {
  const shop = await ensureShop(domain);
  await storeOfflineSession(domain);
  await prisma.rule.create({
    data: { shopId: shop.id, name: "Cap", ruleType: "max_discount", threshold: "30", conditions: {} },
  });
  await prisma.collectionRule.create({
    data: { shopId: shop.id, collectionId: "gid://shopify/Collection/1", threshold: 20, conditions: {} },
  });
  await recordAuditEvents(shop.id, [
    {
      eventType: "rule_triggered",
      severity: "high",
      message: "Order #1 took 40% off",
      orderId: "gid://shopify/Order/1001",
      orderName: "#1",
      customerId: "gid://shopify/Customer/77",
      discountCodes: ["A", "B"],
    },
    {
      eventType: "rule_triggered",
      severity: "low",
      message: "Order #2 took 31% off",
      orderId: "gid://shopify/Order/1002",
      orderName: "#2",
      customerId: "gid://shopify/Customer/88",
      discountCodes: [],
    },
  ]);
  await prisma.contactRequest.create({
    data: { kind: "support", name: "A", email: "a@example.com", message: "Hello there!", shopDomain: domain },
  });
  return shop;
}

async function rowsOf(domain: string) {
  const shop = await prisma.shop.findUnique({ where: { domain } });
  const shopId = shop?.id ?? "none";
  return {
    shop: shop ? 1 : 0,
    rules: await prisma.rule.count({ where: { shopId } }),
    collectionRules: await prisma.collectionRule.count({ where: { shopId } }),
    events: await prisma.auditEvent.count({ where: { shopId } }),
    rollups: await prisma.eventRollup.count({ where: { shopId } }),
    settings: await prisma.alertSettings.count({ where: { shopId } }),
    sessions: await prisma.session.count({ where: { shop: domain } }),
    contacts: await prisma.contactRequest.count({ where: { shopDomain: domain } }),
  };
}

describe("webhooks", () => {
  beforeEach(async () => {
    await prisma.shop.deleteMany();
    await prisma.session.deleteMany();
    await prisma.processedWebhook.deleteMany();
    await prisma.contactRequest.deleteMany();
    await seedShop(SHOP);
    await seedShop(OTHER);
  });

  it("app/uninstalled removes the sessions and marks the shop, once even if delivered twice", async () => {
    const { action } = await import("../../app/routes/webhooks.app.uninstalled");
    const delivery = () =>
      webhookRequest("app/uninstalled", SHOP, { id: 1, domain: SHOP }, { webhookId: "uninstall-1" });
    const first = (await action(routeArgs(delivery()))) as Response;
    expect(first.status).toBe(200);
    const afterFirst = await prisma.shop.findUniqueOrThrow({ where: { domain: SHOP } });
    expect(afterFirst.installState).toBe("uninstalled");
    expect(afterFirst.uninstalledAt).toBeInstanceOf(Date);
    expect(await prisma.session.count({ where: { shop: SHOP } })).toBe(0);

    const second = (await action(routeArgs(delivery()))) as Response;
    expect(second.status).toBe(200);
    expect(second.headers.get("X-Duplicate")).toBe("1");
    const afterSecond = await prisma.shop.findUniqueOrThrow({ where: { domain: SHOP } });
    expect(afterSecond.uninstalledAt?.getTime()).toBe(afterFirst.uninstalledAt?.getTime());
    expect(await prisma.processedWebhook.count({ where: { webhookId: "uninstall-1" } })).toBe(1);
    // The shop's data stays until shop/redact; the other shop is untouched.
    expect((await rowsOf(SHOP)).events).toBe(2);
    expect((await rowsOf(OTHER)).sessions).toBe(1);
  });

  it("refuses a forged HMAC with 401 and changes nothing", async () => {
    const { action } = await import("../../app/routes/webhooks.app.uninstalled");
    const before = await rowsOf(SHOP);
    const response = await settle(() =>
      action(routeArgs(webhookRequest("app/uninstalled", SHOP, { id: 1 }, { secret: "forged" }))),
    );
    expect((response as Response).status).toBe(401);
    expect(await rowsOf(SHOP)).toEqual(before);
    expect((await prisma.shop.findUniqueOrThrow({ where: { domain: SHOP } })).installState).toBe("installed");
    expect(await prisma.processedWebhook.count()).toBe(0);
  });

  it("shop/redact of a shop installed (again) deletes nothing", async () => {
    const { action } = await import("../../app/routes/webhooks.shop.redact");
    const before = await rowsOf(SHOP);
    const response = (await action(
      routeArgs(webhookRequest("shop/redact", SHOP, { shop_id: 1, shop_domain: SHOP })),
    )) as Response;
    expect(response.status).toBe(200);
    expect(await rowsOf(SHOP)).toEqual(before);
    expect(before).toMatchObject({ shop: 1, rules: 1, events: 2, sessions: 1 });
  });

  it("shop/redact of an uninstalled shop deletes its rows and no other shop's", async () => {
    const { action } = await import("../../app/routes/webhooks.shop.redact");
    await prisma.shop.update({
      where: { domain: SHOP },
      data: { installState: "uninstalled", uninstalledAt: new Date() },
    });
    const other = await rowsOf(OTHER);
    const response = (await action(
      routeArgs(webhookRequest("shop/redact", SHOP, { shop_id: 1, shop_domain: SHOP })),
    )) as Response;
    expect(response.status).toBe(200);
    expect(await rowsOf(SHOP)).toEqual({
      shop: 0,
      rules: 0,
      collectionRules: 0,
      events: 0,
      rollups: 0,
      settings: 0,
      sessions: 0,
      contacts: 0,
    });
    expect(await rowsOf(OTHER)).toEqual(other);
    expect(other).toMatchObject({ shop: 1, rules: 1, events: 2, sessions: 1, contacts: 1 });
  });

  it("customers/redact removes the customer from the shop's events and code redemptions only", async () => {
    const { action } = await import("../../app/routes/webhooks.customers.redact");
    // the leak detector's per-order rows name customers too (docs/product.md#leaked-codes)
    const shops = await prisma.shop.findMany({ where: { domain: { in: [SHOP, OTHER] } } });
    for (const { id: shopId } of shops) {
      await prisma.codeRedemption.createMany({
        data: [
          {
            shopId,
            codeKey: "vip500",
            orderId: "gid://shopify/Order/5001",
            customerId: "gid://shopify/Customer/77",
            at: new Date(),
          },
          { shopId, codeKey: "vip500", orderId: "1002", customerId: "gid://shopify/Customer/78", at: new Date() },
          { shopId, codeKey: "vip500", orderId: "5003", customerId: "gid://shopify/Customer/79", at: new Date() },
        ],
      });
    }
    const response = (await action(
      routeArgs(
        webhookRequest("customers/redact", SHOP, {
          shop_domain: SHOP,
          customer: { id: 77, email: "x@example.com" },
          orders_to_redact: [1002],
        }),
      ),
    )) as Response;
    expect(response.status).toBe(200);
    const shop = await prisma.shop.findUniqueOrThrow({ where: { domain: SHOP } });
    expect(await prisma.auditEvent.count({ where: { shopId: shop.id, customerId: { not: null } } })).toBe(0);
    const other = await prisma.shop.findUniqueOrThrow({ where: { domain: OTHER } });
    expect(await prisma.auditEvent.count({ where: { shopId: other.id, customerId: { not: null } } })).toBe(2);
    const named = async (shopId: string) =>
      (
        await prisma.codeRedemption.findMany({
          where: { shopId, customerId: { not: null } },
          orderBy: { orderId: "asc" },
        })
      ).map((row) => row.customerId);
    expect(await named(shop.id)).toEqual(["gid://shopify/Customer/79"]);
    expect(await named(other.id)).toHaveLength(3);
    expect(await prisma.codeRedemption.count({ where: { shopId: shop.id } })).toBe(3);
  });

  it("customers/data_request stores what the app holds about the customer", async () => {
    const { action } = await import("../../app/routes/webhooks.customers.data_request");
    const shop = await prisma.shop.findUniqueOrThrow({ where: { domain: SHOP } });
    await prisma.codeRedemption.create({
      data: {
        shopId: shop.id,
        codeKey: "vip500",
        orderId: "gid://shopify/Order/5001",
        customerId: "gid://shopify/Customer/77",
        country: "DE",
        at: new Date("2026-11-20T10:00:00Z"),
      },
    });
    await action(
      routeArgs(
        webhookRequest("customers/data_request", SHOP, {
          shop_domain: SHOP,
          customer: { id: 77 },
          orders_requested: [],
          data_request: { id: 9999 },
        }),
      ),
    );
    const request = await prisma.complianceRequest.findFirstOrThrow({ where: { shopDomain: SHOP } });
    expect(request.externalId).toBe("9999");
    expect((request.data as { events: { orderName: string }[] }).events.map((event) => event.orderName)).toEqual([
      "#1",
    ]);
    expect((request.data as { codeRedemptions: unknown[] }).codeRedemptions).toEqual([
      { code: "vip500", orderId: "gid://shopify/Order/5001", country: "DE", at: "2026-11-20T10:00:00.000Z" },
    ]);
  });

  it("app/scopes_update records the granted scopes", async () => {
    const { action } = await import("../../app/routes/webhooks.app.scopes_update");
    await action(
      routeArgs(webhookRequest("app/scopes_update", SHOP, { current: ["read_orders", "read_products"], previous: [] })),
    );
    expect((await prisma.shop.findUniqueOrThrow({ where: { domain: SHOP } })).grantedScopes).toBe(
      "read_orders,read_products",
    );
    expect((await prisma.session.findFirstOrThrow({ where: { shop: SHOP } })).scope).toBe("read_orders,read_products");
  });

  it("orders/create is verified and acknowledged once per delivery", async () => {
    const { action } = await import("../../app/routes/webhooks.orders.create");
    const delivery = () => webhookRequest("orders/create", SHOP, stackedCodeAndAutomatic, { webhookId: "order-1" });
    expect(((await action(routeArgs(delivery()))) as Response).status).toBe(200);
    expect(((await action(routeArgs(delivery()))) as Response).headers.get("X-Duplicate")).toBe("1");
    const forged = await settle(() =>
      action(routeArgs(webhookRequest("orders/create", SHOP, stackedCodeAndAutomatic, { secret: "nope" }))),
    );
    expect((forged as Response).status).toBe(401);
    // the order's queue entry is its claim: one for two deliveries, none for the forgery
    expect(await prisma.orderEvaluation.count()).toBe(1);
  });
});
