// Every plan transition, walked through the paths that change the plan (docs/product.md#plans):
// /api/billing/downgrade, /api/billing/verify (the return from Shopify) and the
// app_subscriptions/update webhook. Below Core the code-rules app discount is deactivated in
// Shopify and activated again from Core; when Plus ends checkout blocking's validation is switched
// off. A refusal from Shopify is recorded, shown and tried again, also without a plan check.
import { FREE_FACTS } from "../../app/domain/billing/plan-truth";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

process.env.PLUS_PLAN_ENABLED = "true";

const prisma = (await import("../../app/db.server")).default;
const { newStandInState } = await import("../../app/demo/admin-stand-in");
const { storePlan } = await import("../../app/services/billing/plan-truth.server");
const { logger } = await import("../../app/logger.server");
const { followUpPlanSwitches } = await import("../../app/services/billing/plan-follow-up.server");
const { markShopUninstalled } = await import("../../app/services/privacy/privacy.server");
const { recordInstall } = await import("../../app/db/shops.server");
const routes = {
  downgrade: (await import("../../app/routes/api.billing.downgrade")).action,
  verify: (await import("../../app/routes/api.billing.verify")).loader,
  subscriptionWebhook: (await import("../../app/routes/webhooks.app_subscriptions.update")).action,
  codeRules: await import("../../app/routes/api.config.code-rules._index"),
  rulesPage: (await import("../../app/routes/_admin.rules_.code-rules")).loader,
};
const { installFakeAdminApi } = await import("../helpers/fake-admin-api");
const { adminRequest, callRoute, installedShops, routeArgs, webhookRequest } = await import("../helpers/shopify");

const state = newStandInState();
/** The active subscriptions Shopify's Billing API reports. */
let subscriptions: { id: string; name: string }[] = [];
/** Mutations Shopify refuses (by root field), and how many times more. */
const refusals = new Map<"discountAutomaticDeactivate" | "discountAutomaticActivate" | "validationUpdate", number>();
/** Shopify's refusal of `field`'s mutation while one is left, else none (the stand-in answers). */
function refused(field: "discountAutomaticDeactivate" | "discountAutomaticActivate" | "validationUpdate") {
  const left = refusals.get(field) ?? 0;
  if (left <= 0) return null;
  refusals.set(field, left - 1);
  return [{ field: ["id"], message: "Try again later", code: "INTERNAL_ERROR" as const }];
}
const fake = installFakeAdminApi([], {
  answers: {
    MarginGuardrailCodeRulesOff: () => {
      const userErrors = refused("discountAutomaticDeactivate");
      return userErrors ? { discountAutomaticDeactivate: { automaticDiscountNode: null, userErrors } } : undefined;
    },
    MarginGuardrailCodeRulesOn: () => {
      const userErrors = refused("discountAutomaticActivate");
      return userErrors ? { discountAutomaticActivate: { automaticDiscountNode: null, userErrors } } : undefined;
    },
    MarginGuardrailValidationUpdate: () => {
      const userErrors = refused("validationUpdate");
      return userErrors ? { validationUpdate: { validation: null, userErrors } } : undefined;
    },
    MarginGuardrailCancel: (variables) => ({
      appSubscriptionCancel: { appSubscription: { id: variables.id, status: "CANCELLED" }, userErrors: [] },
    }),
  },
  // the subscriptions are the fake's own answer (`subscriptions`); the rest is the stand-in's
  standIn: state,
  get subscriptions() {
    return subscriptions;
  },
});
const sent = (field: string) => fake.operations.filter((operation) => operation.query.includes(`${field}(`));

const FREE = FREE_FACTS;
const CORE = {
  ...FREE,
  plan: "core" as const,
  subscriptionId: "gid://shopify/AppSubscription/2",
  subscriptionStatus: "ACTIVE",
};

const codeRules = async (shop: string) =>
  (await callRoute(routes.codeRules.loader, "/api/config/code-rules", shop, "GET")).json();
const saveCodeRules = async (shop: string, body: unknown) =>
  (await callRoute(routes.codeRules.action, "/api/config/code-rules", shop, "PUT", body)).json();
async function rulesPage(shop: string) {
  const page = (await routes.rulesPage({
    request: await adminRequest("/rules/code-rules", shop),
    params: {},
    context: {},
  })) as {
    codeRules: { available: boolean; discountId: string | null; discountActive: boolean; syncError: string | null };
  };
  return page.codeRules;
}
const subscriptionUpdate = (shop: string, webhookId: string) =>
  routes.subscriptionWebhook(
    routeArgs(
      webhookRequest(
        "app_subscriptions/update",
        shop,
        {
          app_subscription: {
            admin_graphql_api_id: "gid://shopify/AppSubscription/2",
            name: "Core",
            status: "CANCELLED",
            admin_graphql_api_shop_id: "gid://shopify/Shop/1",
            created_at: "2026-11-21T10:00:00Z",
            updated_at: new Date().toISOString(),
          },
        },
        { webhookId },
      ),
    ),
  ) as Promise<Response>;

/** A shop on Core whose code rules made their app discount in Shopify; its id and the discount's. */
async function coreShopWithCodeRules(domain: string) {
  const [shopId] = await installedShops(domain);
  subscriptions = [{ id: CORE.subscriptionId, name: "Core" }];
  await storePlan(shopId, CORE, { checkedAt: new Date() });
  const saved = await saveCodeRules(domain, { maxCodes: 1 });
  expect(saved).toMatchObject({ discountActive: true, syncError: null });
  return { shopId, discountId: saved.discountId as string };
}

beforeEach(() => refusals.clear());

describe("the code-rules discount follows the plan, whichever path changes it", () => {
  const SHOP = "transitions-codes.myshopify.com";
  let discountId: string;
  beforeAll(async () => {
    ({ discountId } = await coreShopWithCodeRules(SHOP));
  });

  it("is deactivated in Shopify by a downgrade to Free; the API and the Rules page say so", async () => {
    subscriptions = [{ id: CORE.subscriptionId, name: "Core" }];
    const response = await callRoute(routes.downgrade, "/api/billing/downgrade?plan=free", SHOP, "POST");
    expect(await response.json()).toMatchObject({ ok: true, plan: "free" });
    subscriptions = [];
    expect(sent("discountAutomaticDeactivate").map((operation) => operation.variables.id)).toEqual([discountId]);
    expect(state.discounts.get(discountId)?.active).toBe(false);
    expect(await codeRules(SHOP)).toMatchObject({
      available: false,
      discountId,
      discountActive: false,
      syncError: null,
    });
    expect(await rulesPage(SHOP)).toMatchObject({ available: false, discountActive: false, syncError: null });
    // the settings are kept
    expect(await prisma.codeRuleSettings.count({ where: { discountId } })).toBe(1);
  });

  it("is activated again on the return from Shopify after an upgrade to Core", async () => {
    subscriptions = [{ id: CORE.subscriptionId, name: "Core" }];
    const verify = await callRoute(routes.verify, `/api/billing/verify?shop=${SHOP}`, SHOP);
    expect(await verify.json()).toMatchObject({ active: true, planType: "core" });
    expect(sent("discountAutomaticActivate").map((operation) => operation.variables.id)).toEqual([discountId]);
    expect(state.discounts.get(discountId)?.active).toBe(true);
    // switched on, it gets the rules as saved now
    const [written] = sent("metafieldsSet").at(-1)!.variables.metafields as { ownerId: string; value: string }[];
    expect(written.ownerId).toBe(discountId);
    expect(JSON.parse(written.value)).toMatchObject({ rules: { maxCodes: 1 } });
    expect(await codeRules(SHOP)).toMatchObject({ available: true, discountActive: true });
    expect(await saveCodeRules(SHOP, { maxCodes: 2 })).toMatchObject({ discountActive: true, syncError: null });
  });

  it("is deactivated again when app_subscriptions/update tells the subscription ended, once", async () => {
    subscriptions = [];
    expect((await subscriptionUpdate(SHOP, "transitions-1")).status).toBe(200);
    expect(state.discounts.get(discountId)?.active).toBe(false);
    expect(await codeRules(SHOP)).toMatchObject({ discountActive: false });
    // the same webhook again, and a plan check on Free: nothing more is sent
    expect((await subscriptionUpdate(SHOP, "transitions-2")).status).toBe(200);
    const shop = await prisma.shop.findUniqueOrThrow({ where: { domain: SHOP } });
    await storePlan(shop.id, FREE, { checkedAt: new Date() });
    expect(sent("discountAutomaticDeactivate")).toHaveLength(2);
  });
});

describe("a refusal is recorded, shown and tried again", () => {
  it("keeps a refused switch-off, shows it, and the follow-up job switches the discount off without a plan check", async () => {
    const SHOP = "transitions-refused.myshopify.com";
    const { shopId, discountId } = await coreShopWithCodeRules(SHOP);
    refusals.set("discountAutomaticDeactivate", 1);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    await storePlan(shopId, FREE, { checkedAt: new Date() });
    expect(state.discounts.get(discountId)?.active).toBe(true);
    const shown = await rulesPage(SHOP);
    expect(shown).toMatchObject({ available: false, discountActive: true });
    expect(shown.syncError).toContain("Try again later");
    expect(await codeRules(SHOP)).toMatchObject({ discountActive: true, syncError: shown.syncError });

    // nobody opens the app and Shopify sends nothing: the job tries again
    expect(await followUpPlanSwitches()).toContain(SHOP);
    logged.mockRestore();
    expect(state.discounts.get(discountId)?.active).toBe(false);
    expect(await codeRules(SHOP)).toMatchObject({ discountActive: false, syncError: null });
    // in step now: the job leaves it alone
    const switches = sent("discountAutomaticDeactivate").length;
    expect(await followUpPlanSwitches()).not.toContain(SHOP);
    expect(sent("discountAutomaticDeactivate")).toHaveLength(switches);
  });

  it("switches the discount back on when a merchant on Core saves, if the upgrade's switch was refused", async () => {
    const SHOP = "transitions-save.myshopify.com";
    const { shopId, discountId } = await coreShopWithCodeRules(SHOP);
    await storePlan(shopId, FREE, { checkedAt: new Date() });
    expect(state.discounts.get(discountId)?.active).toBe(false);
    refusals.set("discountAutomaticActivate", 1);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    await storePlan(shopId, CORE, { checkedAt: new Date() });
    logged.mockRestore();
    expect(state.discounts.get(discountId)?.active).toBe(false);
    const shown = await rulesPage(SHOP);
    expect(shown).toMatchObject({ available: true, discountActive: false });
    expect(shown.syncError).toContain("Try again later");

    expect(await saveCodeRules(SHOP, { maxCodes: 3 })).toMatchObject({ discountActive: true, syncError: null });
    expect(state.discounts.get(discountId)?.active).toBe(true);
  });

  it("leaves alone a shop whose plan Shopify never told: the row's default is no answer", async () => {
    const SHOP = "transitions-untold.myshopify.com";
    const { shopId, discountId } = await coreShopWithCodeRules(SHOP);
    await prisma.shop.update({ where: { id: shopId }, data: { plan: "free", planCheckedAt: null } });
    expect(await followUpPlanSwitches()).not.toContain(SHOP);
    expect(state.discounts.get(discountId)?.active).toBe(true);
  });

  it("a discount made again after a reinstall is active, whatever the old one was", async () => {
    const SHOP = "transitions-reinstall.myshopify.com";
    const { shopId, discountId } = await coreShopWithCodeRules(SHOP);
    await storePlan(shopId, FREE, { checkedAt: new Date() });
    expect(await codeRules(SHOP)).toMatchObject({ discountActive: false });
    // Shopify removes the app's discounts on uninstall; the settings stay
    await markShopUninstalled(SHOP);
    await recordInstall(SHOP, "read_orders,write_discounts");
    await installedShops(SHOP);
    await storePlan(shopId, CORE, { checkedAt: new Date() });
    const saved = await saveCodeRules(SHOP, { maxCodes: 4 });
    expect(saved.discountId).not.toBe(discountId);
    expect(saved).toMatchObject({ discountActive: true, syncError: null });
    expect(state.discounts.get(saved.discountId)?.active).toBe(true);
  });
});

describe("checkout blocking's validation when Plus ends", () => {
  /** A shop on Plus with checkout blocking deployed and switched on (in the stand-in). */
  async function plusShopBlocking(domain: string) {
    const [shopId] = await installedShops(domain);
    await storePlan(shopId, { ...CORE, plan: "plus" }, { checkedAt: new Date() });
    const validationId = `gid://shopify/Validation/${state.nextId++}`;
    state.validations.set(validationId, {
      id: validationId,
      title: "Margin Guardrail",
      functionHandle: "margin-guardrail-checkout",
      enabled: true,
      blockOnFailure: false,
      metafields: [],
    });
    const deployed = { validationId, validationEnabled: true, deployedAt: new Date() };
    await prisma.functionConfig.upsert({ where: { shopId }, create: { shopId, ...deployed }, update: deployed });
    return { shopId, validationId };
  }

  it("is switched off on the way to Core; a refusal is tried again at the next plan check", async () => {
    const SHOP = "transitions-plus.myshopify.com";
    const { shopId, validationId } = await plusShopBlocking(SHOP);
    refusals.set("validationUpdate", 1);
    const logged = vi.spyOn(logger, "error");
    subscriptions = [{ id: CORE.subscriptionId, name: "Core" }];
    expect(await (await callRoute(routes.verify, `/api/billing/verify?shop=${SHOP}`, SHOP)).json()).toMatchObject({
      planType: "core",
    });
    expect(state.validations.get(validationId)?.enabled).toBe(true);
    expect(logged.mock.calls.some(([message]) => message.includes("Could not switch checkout blocking off"))).toBe(
      true,
    );
    logged.mockRestore();

    // the next plan check on Core (Core to Core) tries again
    await storePlan(shopId, CORE, { checkedAt: new Date() });
    expect(state.validations.get(validationId)?.enabled).toBe(false);
    expect(await prisma.functionConfig.findUniqueOrThrow({ where: { shopId } })).toMatchObject({
      validationEnabled: false,
    });
  });

  it("is switched off by the follow-up job when the plan change's switch was refused", async () => {
    const SHOP = "transitions-plus-job.myshopify.com";
    const { shopId, validationId } = await plusShopBlocking(SHOP);
    refusals.set("validationUpdate", 1);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    await storePlan(shopId, FREE, { checkedAt: new Date() });
    expect(state.validations.get(validationId)?.enabled).toBe(true);
    expect(await followUpPlanSwitches()).toContain(SHOP);
    logged.mockRestore();
    expect(state.validations.get(validationId)?.enabled).toBe(false);
    expect(await followUpPlanSwitches()).not.toContain(SHOP);
  });
});
