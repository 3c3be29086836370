// The app charging for real (SHOPIFY_BILLING_TEST=false, production's default): a test
// subscription, which nobody pays for, grants no paid plan; a paid plan decided from
// a webhook's payload alone waits for the Billing API's word (docs/security.md#production-settings-that-must-be-set).
import { afterEach, describe, expect, it, vi } from "vitest";

process.env.SHOPIFY_BILLING_TEST = "false";

const prisma = (await import("../../app/db.server")).default;
const { getEnv } = await import("../../app/env.server");
const { ensureShop } = await import("../../app/db/shops.server");
const { forgetPlanChecks } = await import("../../app/services/billing/plan-truth.server");
const routes = {
  plan: (await import("../../app/routes/api.billing.plan")).loader,
  upgrade: (await import("../../app/routes/api.billing.upgrade")).action,
  subscriptionWebhook: (await import("../../app/routes/webhooks.app_subscriptions.update")).action,
};
const { installFakeAdminApi } = await import("../helpers/fake-admin-api");
const { callRoute, routeArgs, storeOfflineSession, webhookRequest } = await import("../helpers/shopify");

let subscriptions: { id: string; name: string; test: boolean }[] = [];
const fake = installFakeAdminApi([], {
  answers: {
    MarginGuardrailSubscribe: () => ({
      appSubscriptionCreate: { confirmationUrl: "https://admin.shopify.com/charges/1/confirm", userErrors: [] },
    }),
  },
  get subscriptions() {
    return subscriptions;
  },
});

async function planOf(shop: string): Promise<string> {
  return (await (await callRoute(routes.plan, "/api/billing/plan", shop)).json()).plan;
}

afterEach(() => forgetPlanChecks());

describe("billing for real", () => {
  it("is the mode when SHOPIFY_BILLING_TEST=false", () => {
    expect(getEnv().billingTest).toBe(false);
  });

  it("counts an approved test charge as nothing, and a real one as the plan", async () => {
    const SHOP = "real-charges.myshopify.com";
    await ensureShop(SHOP);
    await storeOfflineSession(SHOP);
    subscriptions = [{ id: "gid://shopify/AppSubscription/501", name: "Plus", test: true }];
    expect(await planOf(SHOP)).toBe("free");
    expect((await prisma.shop.findUniqueOrThrow({ where: { domain: SHOP } })).subscriptionId).toBeNull();

    await prisma.shop.update({ where: { domain: SHOP }, data: { planCheckedAt: null } });
    subscriptions = [{ id: "gid://shopify/AppSubscription/502", name: "Core", test: false }];
    expect(await planOf(SHOP)).toBe("core");
  });

  it("asks Shopify for a real charge", async () => {
    const SHOP = "real-upgrade.myshopify.com";
    subscriptions = [];
    await ensureShop(SHOP);
    await storeOfflineSession(SHOP);
    const response = await callRoute(routes.upgrade, "/api/billing/upgrade?plan=core", SHOP, "POST");
    expect(await response.json()).toMatchObject({ ok: true, plan: "core" });
    const create = fake.operations.find((operation) => operation.query.includes("appSubscriptionCreate"));
    expect(create?.variables.test).toBe(false);
  });

  it("keeps a paid plan granted by a webhook's payload alone unconfirmed, so the next load asks Shopify", async () => {
    const SHOP = "real-payload.myshopify.com";
    const shop = await ensureShop(SHOP); // no offline session: the webhook cannot ask the Billing API
    await prisma.shop.update({ where: { id: shop.id }, data: { planCheckedAt: new Date() } });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = (await routes.subscriptionWebhook(
      routeArgs(
        webhookRequest(
          "app_subscriptions/update",
          SHOP,
          {
            app_subscription: {
              admin_graphql_api_id: "gid://shopify/AppSubscription/503",
              name: "Core",
              status: "ACTIVE",
              updated_at: "2026-11-25T10:00:00Z",
            },
          },
          { webhookId: "real-payload-1" },
        ),
      ),
    )) as Response;
    logged.mockRestore();
    expect(response.status).toBe(200);
    const stored = await prisma.shop.findUniqueOrThrow({ where: { id: shop.id } });
    expect(stored.plan).toBe("core");
    expect(stored.planCheckedAt).toBeNull();

    // the next admin load asks the Billing API, which says it was a test charge: Free
    await storeOfflineSession(SHOP);
    subscriptions = [{ id: "gid://shopify/AppSubscription/503", name: "Core", test: true }];
    expect(await planOf(SHOP)).toBe("free");
  });
});
