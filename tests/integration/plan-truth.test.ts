// Plans that follow Shopify (docs/product.md#plans), against a fake of the Admin
// GraphQL API on 127.0.0.1: upgrade, downgrade, the subscription webhook, stale plans,
// failures, pausing rules and tenant isolation.
import { FREE_FACTS } from "../../app/domain/billing/plan-truth";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

process.env.PLUS_PLAN_ENABLED = "true";

const prisma = (await import("../../app/db.server")).default;
const { ensureShop } = await import("../../app/db/shops.server");
const { forgetPlanChecks, planForShop } = await import("../../app/services/billing/plan-truth.server");
const { logger } = await import("../../app/logger.server");
// this file's own workers (docs/architecture.md#background-workers)
const workers = (await import("../helpers/workers")).testWorkers();
const routes = {
  upgrade: (await import("../../app/routes/api.billing.upgrade")).action,
  downgrade: (await import("../../app/routes/api.billing.downgrade")).action,
  plan: (await import("../../app/routes/api.billing.plan")).loader,
  me: (await import("../../app/routes/api.shops.me")).loader,
  verify: (await import("../../app/routes/api.billing.verify")).loader,
  subscriptionWebhook: (await import("../../app/routes/webhooks.app_subscriptions.update")).action,
  orderWebhook: (await import("../../app/routes/webhooks.orders.create")).action,
};
const { installFakeAdminApi, FakeHttpError } = await import("../helpers/fake-admin-api");
const { adminRequest, routeArgs, settle, storeOfflineSession, webhookRequest } = await import("../helpers/shopify");
const { TEST_APP_URL } = await import("../helpers/test-env");
const { orderPayload } = await import("../../app/demo/order-payload-builder");

/** The active subscriptions the fake Billing API reports (for the shop a test is about). */
let currentShopSubscriptions: { id: string; name: string; status?: string }[] = [];
/** Makes the Billing API's reads fail with this HTTP status. */
let billingDown: number | null = null;
/** Makes appSubscriptionCreate fail with this HTTP status, or refuse with these userErrors. */
let createStatus: number | null = null;
let createErrors: { field: string[]; message: string }[] = [];

// after the app's modules: their import installs the library's own fetch
const fake = installFakeAdminApi([], {
  answers: {
    MarginGuardrailSubscribe: (variables) => {
      if (createStatus) return new FakeHttpError(createStatus);
      if (createErrors.length) return { appSubscriptionCreate: { userErrors: createErrors, confirmationUrl: null } };
      return {
        appSubscriptionCreate: {
          appSubscription: { id: "gid://shopify/AppSubscription/900", status: "PENDING" },
          confirmationUrl: `https://admin.shopify.com/charges/900/confirm?name=${variables.name}`,
          userErrors: [],
        },
      };
    },
    MarginGuardrailCancel: (variables) => ({
      appSubscriptionCancel: { appSubscription: { id: variables.id, status: "CANCELLED" }, userErrors: [] },
    }),
    MarginGuardrailCharge: (variables) => ({ node: { id: variables.id, status: "DECLINED" } }),
    // down, or the fake's own answer, from `currentShopSubscriptions` below
    MarginGuardrailSubscriptions: () => (billingDown ? new FakeHttpError(billingDown) : undefined),
  },
  get subscriptions() {
    return currentShopSubscriptions;
  },
});
/** What Shopify's Billing API says from now on (of the shop the test is about). */
function shopifySays(subscriptions: { id: string; name: string; status?: string }[]) {
  currentShopSubscriptions = subscriptions;
}

const billingReads = () => fake.calls.filter((call) => call.ids.length === 0).length;
const operations = (name: string) => fake.operations.filter((operation) => operation.query.includes(name));

async function call(
  handler: (args: ReturnType<typeof routeArgs>) => unknown,
  shop: string,
  path: string,
  init?: RequestInit,
) {
  const request = await adminRequest(path, shop, init ? { init } : {});
  return (await settle(async () => handler(routeArgs(request)))) as Response;
}

async function newShop(domain: string, rules = 0) {
  const shop = await ensureShop(domain);
  await storeOfflineSession(domain);
  for (let index = 0; index < rules; index += 1) {
    await prisma.rule.create({
      data: {
        shopId: shop.id,
        name: `Rule ${index + 1}`,
        ruleType: "max_discount",
        threshold: String(10 + index),
        thresholdUnit: "PERCENT",
        thresholdPercent: 10 + index,
        conditions: {},
        createdAt: new Date(Date.UTC(2026, 10, 1 + index)),
      },
    });
  }
  return shop;
}

afterEach(() => {
  billingDown = null;
  createStatus = null;
  createErrors = [];
  forgetPlanChecks();
});

describe("a shop Shopify never confirmed a plan for", () => {
  const SHOP = "truth-never-confirmed.myshopify.com";

  it("is Free with no subscription, e-mail alerts on by default, and when Shopify cannot be asked or fails", async () => {
    const shop = await newShop(SHOP);
    // a new shop's alert settings have e-mail alerts on: that grants no plan
    expect(await prisma.alertSettings.findUniqueOrThrow({ where: { shopId: shop.id } })).toMatchObject({
      emailEnabled: true,
    });
    // no Admin API client (the Slack callback, the demo store): Free, not the seed's Core
    expect(await planForShop(shop, null)).toBe("free");
    // Shopify down: still Free, and nothing stored
    billingDown = 500;
    const logged = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    expect((await (await call(routes.plan, SHOP, "/api/billing/plan")).json()).plan).toBe("free");
    logged.mockRestore();
    expect(await prisma.shop.findUniqueOrThrow({ where: { id: shop.id } })).toMatchObject({
      plan: "free",
      planCheckedAt: null,
    });
    // Shopify answers: no active subscription is Free, now confirmed
    billingDown = null;
    forgetPlanChecks();
    shopifySays([]);
    expect((await (await call(routes.plan, SHOP, "/api/billing/plan")).json()).plan).toBe("free");
    expect((await prisma.shop.findUniqueOrThrow({ where: { id: shop.id } })).planCheckedAt).not.toBeNull();
  });

  it("keeps the plan Shopify confirmed when it cannot be asked", async () => {
    const shop = await prisma.shop.update({
      where: { domain: SHOP },
      data: { plan: "core", planCheckedAt: new Date() },
    });
    expect(await planForShop(shop, null)).toBe("core");
    // a paid plan a webhook's payload stored, unconfirmed by the Billing API, is not shown
    const unconfirmed = await prisma.shop.update({ where: { id: shop.id }, data: { planCheckedAt: null } });
    expect(await planForShop(unconfirmed, null)).toBe("free");
  });
});

describe("upgrading through Shopify's Billing API", () => {
  const SHOP = "truth-upgrade.myshopify.com";
  beforeAll(async () => {
    await newShop(SHOP);
    shopifySays([]);
  });

  it("asks appSubscriptionCreate for the plan's price every 30 days, a test charge, and returns the confirmation page", async () => {
    const response = await call(routes.upgrade, SHOP, "/api/billing/upgrade?plan=core", { method: "POST" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      ok: true,
      plan: "core",
      message: "Redirecting to upgrade to Core plan...",
      confirmationUrl: "https://admin.shopify.com/charges/900/confirm?name=Core",
    });
    const create = operations("appSubscriptionCreate").at(-1)!;
    expect(create.variables).toEqual({
      name: "Core",
      returnUrl: `${TEST_APP_URL}/billing/success?shop=truth-upgrade.myshopify.com`,
      test: true,
      lineItems: [
        {
          plan: {
            appRecurringPricingDetails: { price: { amount: 29, currencyCode: "USD" }, interval: "EVERY_30_DAYS" },
          },
        },
      ],
    });
    // nothing changes until Shopify says the subscription is active
    expect((await prisma.shop.findUniqueOrThrow({ where: { domain: SHOP } })).plan).toBe("free");
  });

  it("sells Plus at $79 with the Plus flag on", async () => {
    const response = await call(routes.upgrade, SHOP, "/api/billing/upgrade?plan=plus", { method: "POST" });
    expect(response.status).toBe(200);
    const create = operations("appSubscriptionCreate").at(-1)!;
    expect(create.variables).toMatchObject({
      name: "Plus",
      lineItems: [{ plan: { appRecurringPricingDetails: { price: { amount: 79 } } } }],
    });
  });

  it("passes Shopify's refusal on, for the billing error page", async () => {
    createErrors = [{ field: ["returnUrl"], message: "Return url is invalid" }];
    const response = await call(routes.upgrade, SHOP, "/api/billing/upgrade?plan=core", { method: "POST" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      ok: false,
      message: "Unable to upgrade plan.",
      errorType: "default",
      detail: "Shopify: returnUrl: Return url is invalid",
    });
  });

  it("answers 'Billing upgrade failed.' when Shopify fails", async () => {
    const before = operations("appSubscriptionCreate").length;
    createStatus = 500;
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await call(routes.upgrade, SHOP, "/api/billing/upgrade?plan=core", { method: "POST" });
    logged.mockRestore();
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({
      ok: false,
      message: "Billing upgrade failed.",
      errorType: "default",
    });
    expect(operations("appSubscriptionCreate").length).toBeGreaterThan(before);
  });

  it("refuses an unknown plan, the current plan and Free as upgrades, and nothing reaches Shopify", async () => {
    const before = operations("appSubscriptionCreate").length;
    expect((await call(routes.upgrade, SHOP, "/api/billing/upgrade?plan=gold", { method: "POST" })).status).toBe(400);
    expect((await call(routes.upgrade, SHOP, "/api/billing/upgrade?plan=free", { method: "POST" })).status).toBe(400);
    expect(operations("appSubscriptionCreate").length).toBe(before);
  });
});

describe("the plan follows Shopify", () => {
  const SHOP = "truth-follow.myshopify.com";
  let shopId: string;
  beforeAll(async () => {
    shopId = (await newShop(SHOP, 6)).id;
    await prisma.shop.update({ where: { id: shopId }, data: { plan: "core", planCheckedAt: new Date() } });
  });

  it("reads a stale plan again on an admin load, at most once per interval", async () => {
    shopifySays([{ id: "gid://shopify/AppSubscription/11", name: "Plus" }]);
    await prisma.shop.update({ where: { id: shopId }, data: { planCheckedAt: new Date(Date.now() - 10 * 60_000) } });
    const reads = billingReads();
    const first = await call(routes.plan, SHOP, "/api/billing/plan");
    expect(await first.json()).toEqual({
      plan: "plus",
      status: "ACTIVE",
      trialEndsOn: null,
      currentPeriodEnd: "2026-12-21T10:00:00.000Z",
    });
    expect(first.headers.get("Cache-Control")).toBe("no-store");
    expect(billingReads()).toBe(reads + 1);
    await call(routes.plan, SHOP, "/api/billing/plan");
    expect(billingReads()).toBe(reads + 1);
    expect((await prisma.shop.findUniqueOrThrow({ where: { id: shopId } })).subscriptionId).toBe(
      "gid://shopify/AppSubscription/11",
    );
  });

  it("keeps the last confirmed plan for the load when the Billing API fails, logs why, stores nothing and waits before asking again", async () => {
    await prisma.shop.update({ where: { id: shopId }, data: { planCheckedAt: new Date(Date.now() - 10 * 60_000) } });
    billingDown = 500;
    const logged = vi.spyOn(logger, "error");
    const reads = fake.operations.length;
    const response = await call(routes.plan, SHOP, "/api/billing/plan");
    expect((await response.json()).plan).toBe("plus");
    expect(logged.mock.calls.some(([message]) => message.includes("Billing API check failed"))).toBe(true);
    logged.mockRestore();
    expect((await prisma.shop.findUniqueOrThrow({ where: { id: shopId } })).plan).toBe("plus");
    expect(await prisma.rule.count({ where: { shopId, pausedByPlan: { not: null } } })).toBe(0);
    // within the pause no second call is made
    await call(routes.plan, SHOP, "/api/billing/plan");
    expect(fake.operations.length).toBe(reads + 1);
  });

  it("changes the plan once per signed app_subscriptions/update, from the Billing API", async () => {
    shopifySays([]); // the Plus subscription was cancelled
    const payload = {
      app_subscription: {
        admin_graphql_api_id: "gid://shopify/AppSubscription/11",
        name: "Plus",
        status: "CANCELLED",
        admin_graphql_api_shop_id: "gid://shopify/Shop/1",
        created_at: "2026-11-21T10:00:00Z",
        updated_at: "2026-11-23T10:00:00Z",
      },
    };
    const request = () =>
      webhookRequest("app_subscriptions/update", SHOP, payload, { webhookId: "subscription-update-1" });
    const reads = billingReads();
    expect(((await routes.subscriptionWebhook(routeArgs(request()))) as Response).status).toBe(200);
    expect(((await routes.subscriptionWebhook(routeArgs(request()))) as Response).status).toBe(200);
    expect(billingReads()).toBe(reads + 1);
    const shop = await prisma.shop.findUniqueOrThrow({ where: { id: shopId } });
    expect(shop.plan).toBe("free");
    // 6 rules on Free: the oldest 2 stay active, the other 4 are paused, none deleted
    const rules = await prisma.rule.findMany({ where: { shopId }, orderBy: { createdAt: "asc" } });
    expect(rules.map((rule) => rule.pausedByPlan)).toEqual([null, null, "free", "free", "free", "free"]);
  });

  it("evaluates only the rules the plan allows", async () => {
    const payload = orderPayload({
      id: 7_100_001,
      number: 7101,
      codes: [{ code: "HALF", amount: "50.00", type: "fixed_amount" }],
      applications: [
        { type: "discount_code", target: "line_item", valueType: "fixed_amount", value: "50.0", code: "HALF" },
      ],
      lines: [
        { variant: 1, product: 1, price: { shop: "100.00" }, allocations: [{ index: 0, amount: { shop: "50.00" } }] },
      ],
    });
    const response = (await routes.orderWebhook(routeArgs(webhookRequest("orders/create", SHOP, payload)))) as Response;
    expect(response.status).toBe(200);
    await workers.orders.drain();
    const breached = await prisma.auditEvent.findMany({ where: { shopId, eventType: "rule_triggered" } });
    // 50% off breaks all six limits (10% to 15%); only Rule 1 and Rule 2 are evaluated on Free
    expect(breached.map((event) => event.ruleName).sort()).toEqual(["Rule 1", "Rule 2"]);
  });

  it("decides from the payload when Shopify cannot be asked: an old subscription's end changes nothing", async () => {
    const OTHER = "truth-payload.myshopify.com";
    const shop = await ensureShop(OTHER); // no offline session: the Billing API cannot be asked
    await prisma.shop.update({
      where: { id: shop.id },
      data: { plan: "plus", planCheckedAt: new Date(), subscriptionId: "gid://shopify/AppSubscription/22" },
    });
    const update = (id: string, name: string, status: string, webhookId: string) =>
      routes.subscriptionWebhook(
        routeArgs(
          webhookRequest(
            "app_subscriptions/update",
            OTHER,
            { app_subscription: { admin_graphql_api_id: id, name, status, updated_at: "2026-11-23T11:00:00Z" } },
            { webhookId },
          ),
        ),
      );
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    await update("gid://shopify/AppSubscription/21", "Core", "CANCELLED", "payload-1");
    expect((await prisma.shop.findUniqueOrThrow({ where: { id: shop.id } })).plan).toBe("plus");
    await update("gid://shopify/AppSubscription/22", "Plus", "CANCELLED", "payload-2");
    logged.mockRestore();
    expect((await prisma.shop.findUniqueOrThrow({ where: { id: shop.id } })).plan).toBe("free");
  });

  it("refuses a subscription update Shopify could not have sent", async () => {
    const response = (await settle(() =>
      routes.subscriptionWebhook(
        routeArgs(
          webhookRequest("app_subscriptions/update", SHOP, {
            app_subscription: { admin_graphql_api_id: "not-an-id", name: "Core", status: "ACTIVE" },
          }),
        ),
      ),
    )) as Response;
    expect(response.status).toBe(400);
  });
});

describe("downgrading to Free", () => {
  const SHOP = "truth-downgrade.myshopify.com";
  let shopId: string;
  beforeAll(async () => {
    shopId = (await newShop(SHOP, 4)).id;
    await prisma.shop.update({
      where: { id: shopId },
      data: { plan: "core", planCheckedAt: new Date(), subscriptionId: "gid://shopify/AppSubscription/31" },
    });
  });

  it("cancels the active subscription with proration, then pauses the rules beyond Free's limit", async () => {
    shopifySays([{ id: "gid://shopify/AppSubscription/31", name: "Core" }]);
    const response = await call(routes.downgrade, SHOP, "/api/billing/downgrade?plan=free", { method: "POST" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, plan: "free", message: "Successfully downgraded to Free plan." });
    expect(operations("appSubscriptionCancel").at(-1)?.variables).toEqual({
      id: "gid://shopify/AppSubscription/31",
      prorate: true,
    });
    const shop = await prisma.shop.findUniqueOrThrow({ where: { id: shopId } });
    expect(shop.plan).toBe("free");
    expect(await prisma.rule.count({ where: { shopId } })).toBe(4);
    expect(await prisma.rule.count({ where: { shopId, pausedByPlan: "free" } })).toBe(2);
  });

  it("resumes the paused rules on an upgrade by itself, the oldest first, and names them", async () => {
    const before = new Date();
    shopifySays([{ id: "gid://shopify/AppSubscription/32", name: "Core" }]);
    const verify = await call(routes.verify, SHOP, `/api/billing/verify?shop=${SHOP}`);
    expect(await verify.json()).toMatchObject({ active: true, planType: "core" });
    expect(await prisma.rule.count({ where: { shopId, pausedByPlan: "free" } })).toBe(0);
    expect(await prisma.rule.count({ where: { shopId, pausedByPlan: null, isActive: true } })).toBe(4);
    const { rulesResumedSince } = await import("../../app/services/rules/plan-limit.server");
    const resumed = await prisma.rule.findMany({
      where: { shopId, resumedAt: { gte: before } },
      orderBy: { createdAt: "asc" },
    });
    expect(await rulesResumedSince(shopId, before)).toEqual(resumed.map((rule) => rule.name));
    expect(resumed).toHaveLength(2);
  });

  it("resumes only what the new plan has room for, the oldest first", async () => {
    const { storePlan } = await import("../../app/services/billing/plan-truth.server");
    const { resumePausedRules } = await import("../../app/services/rules/plan-limit.server");
    // 12 active rules on Core would be over its 10: Free pauses all but 2
    const extra = await newShop("truth-room.myshopify.com", 12);
    const free = FREE_FACTS;
    expect(await storePlan(extra.id, free, { checkedAt: new Date() })).toMatchObject({ paused: 10, resumed: 0 });
    const core = { ...free, plan: "core" as const, subscriptionStatus: "ACTIVE" };
    expect(await storePlan(extra.id, core, { checkedAt: new Date() })).toMatchObject({
      to: "core",
      paused: 0,
      resumed: 8,
    });
    const stillPaused = await prisma.rule.findMany({ where: { shopId: extra.id, pausedByPlan: { not: null } } });
    const all = await prisma.rule.findMany({
      where: { shopId: extra.id },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    });
    expect(stillPaused.map((rule) => rule.id).sort()).toEqual(
      all
        .slice(10)
        .map((rule) => rule.id)
        .sort(),
    );
    // the button resumes nothing more: there is no room
    expect(await resumePausedRules({ id: extra.id, plan: "core" })).toEqual({ resumed: 0, stillPaused: 2 });
  });

  it("tells a declined charge on the return from Shopify", async () => {
    shopifySays([]);
    const verify = await call(routes.verify, SHOP, `/api/billing/verify?shop=${SHOP}&charge_id=900`);
    expect(await verify.json()).toMatchObject({ active: false, planType: "free", failure: "declined" });
  });
});

describe("the plan and shop APIs", () => {
  const SHOP = "truth-api.myshopify.com";
  const OTHER = "truth-api-other.myshopify.com";
  beforeAll(async () => {
    await newShop(SHOP);
    await newShop(OTHER);
    shopifySays([]);
  });

  it("answers GET /api/shops/me with the caller's own shop", async () => {
    const response = await call(routes.me, SHOP, "/api/shops/me");
    const shop = await prisma.shop.findUniqueOrThrow({ where: { domain: SHOP } });
    expect(await response.json()).toEqual({
      id: shop.id,
      domain: SHOP,
      name: SHOP,
      plan: "free",
      currency: "USD",
      timezone: "UTC",
      onboardingComplete: false,
    });
  });

  it("refuses another shop's plan or details with 403", async () => {
    expect((await call(routes.me, SHOP, `/api/shops/me?shop=${OTHER}`)).status).toBe(403);
    expect((await call(routes.plan, SHOP, `/api/billing/plan?shop=${OTHER}`)).status).toBe(403);
    expect((await call(routes.plan, SHOP, `/api/billing/plan?shop=${SHOP}`)).status).toBe(200);
  });

  it("answers Free with no subscription fields", async () => {
    expect(await (await call(routes.plan, SHOP, "/api/billing/plan")).json()).toEqual({
      plan: "free",
      status: null,
      trialEndsOn: null,
      currentPeriodEnd: null,
    });
  });
});
