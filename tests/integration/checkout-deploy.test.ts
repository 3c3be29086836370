// Deploying the checkout Function: the mutations the app sends to Shopify's Admin GraphQL API
// (a fake behind the library's fetch answers them like Shopify), their variables, and
// Shopify's userErrors passed on to the merchant.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { getEnv } from "../../app/env.server";
import { ensureShop } from "../../app/db/shops.server";
import { installFakeAdminApi } from "../helpers/fake-admin-api";
import { callRoute, storeOfflineSession, type RouteHandler } from "../helpers/shopify";

const SHOP = "checkout-deploy.myshopify.com";
const deployRoute = await import("../../app/routes/api.shopify.functions.deploy");
const configRoute = await import("../../app/routes/api.config.function");
const featuresRoute = await import("../../app/routes/api.integrations.shopify.features");
const stackingRoute = await import("../../app/routes/api.rules.stacking");
const downgradeRoute = await import("../../app/routes/api.billing.downgrade");
const { markShopUninstalled } = await import("../../app/services/privacy/privacy.server");

let refuse: string | null = null;
/** the validation as Shopify's admin has it: switched on or off by the merchant, or deleted */
let inShopify: { enabled: boolean } | null = { enabled: true };
let created = 0;
/** Shopify's refusal while `refuse` is set, with a code of the mutation's own (the generated types hold each to it) */
const userErrors = <Code extends string>(code: Code) =>
  refuse ? [{ field: ["validation", "functionHandle"], message: refuse, code }] : [];
const fake = installFakeAdminApi([], {
  answers: {
    MarginGuardrailValidationCreate: () => {
      created += 1;
      if (!refuse) inShopify = { enabled: true };
      return {
        validationCreate: {
          validation: refuse ? null : { id: `gid://shopify/Validation/${created}`, enabled: true },
          userErrors: userErrors("NOT_FOUND"),
        },
      };
    },
    MarginGuardrailValidationUpdate: (variables) => {
      const enabled = variables.validation.enable !== false;
      if (!refuse) inShopify = { enabled };
      return { validationUpdate: { validation: { id: variables.id, enabled }, userErrors: userErrors("NOT_FOUND") } };
    },
    MarginGuardrailValidation: (variables) => ({ validation: inShopify && { id: variables.id, ...inShopify } }),
    MarginGuardrailConfigSet: () => ({
      metafieldsSet: { metafields: [{ id: "gid://shopify/Metafield/1" }], userErrors: userErrors("INVALID_VALUE") },
    }),
  },
});

const deploy = () => callRoute(deployRoute.action as RouteHandler, "/api/shopify/functions/deploy", SHOP, "POST");
const config = () => callRoute(configRoute.loader as RouteHandler, "/api/config/function", SHOP);
const saveThreshold = (thresholdPercent: number) =>
  callRoute(configRoute.action as RouteHandler, "/api/config/function", SHOP, "PUT", { thresholdPercent });

let shopId: string;
beforeAll(async () => {
  shopId = (await ensureShop(SHOP)).id;
  await storeOfflineSession(SHOP);
  await prisma.blockingSettings.update({ where: { shopId }, data: { customerMessage: "Ask us about this code" } });
});
beforeEach(() => {
  refuse = null;
  fake.operations.length = 0;
});

const metafieldValue = (metafields: unknown) =>
  JSON.parse((metafields as { value: string }[])[0]!.value) as Record<string, unknown>;

describe("POST /api/shopify/functions/deploy", () => {
  it("is refused while the Plus plan is not on sale (PLUS_PLAN_ENABLED), even on Plus", async () => {
    await prisma.shop.update({ where: { id: shopId }, data: { plan: "plus", planCheckedAt: new Date() } });
    getEnv().plusPlanEnabled = false;
    const response = await deploy();
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      error: "Checkout blocking comes with the Plus plan, which is coming soon.",
    });
    expect(fake.operations).toEqual([]);
    getEnv().plusPlanEnabled = true;
  });

  it("is refused below Plus, and sends nothing to Shopify", async () => {
    await prisma.shop.update({ where: { id: shopId }, data: { plan: "core", planCheckedAt: new Date() } });
    const response = await deploy();
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: "Checkout blocking comes with the Plus plan." });
    expect(fake.operations).toEqual([]);
  });

  it("creates the validation from the extension's handle, enabled, with the configuration in its metafield", async () => {
    await prisma.shop.update({ where: { id: shopId }, data: { plan: "plus", planCheckedAt: new Date() } });
    const response = await deploy();
    expect(response.status).toBe(200);
    const body = (await response.json()) as { functionId: string; message: string };
    expect(body.functionId).toBe("gid://shopify/Validation/1");
    expect(body.message).toContain("Settings → Checkout → Checkout rules");
    expect(fake.operations).toHaveLength(1);
    const { query, variables } = fake.operations[0]!;
    expect(query).toContain("validationCreate");
    const validation = variables.validation as Record<string, unknown>;
    expect(validation).toMatchObject({
      functionHandle: "margin-guardrail-checkout",
      enable: true,
      blockOnFailure: false,
    });
    expect(validation.metafields).toEqual([
      expect.objectContaining({ namespace: "$app", key: "checkout-config", type: "json" }),
    ]);
    expect(metafieldValue(validation.metafields)).toMatchObject({
      thresholdPercent: 40,
      staffOverride: true,
      message: "Ask us about this code",
    });
    expect(await (await config()).json()).toMatchObject({
      deployed: true,
      validationId: "gid://shopify/Validation/1",
      inStep: true,
    });
  });

  it("updates the same validation when deployed again", async () => {
    expect((await deploy()).status).toBe(200);
    expect(fake.operations[0]!.query).toContain("validationUpdate");
    expect(fake.operations[0]!.variables.id).toBe("gid://shopify/Validation/1");
  });

  it("passes Shopify's userErrors on, and keeps what was deployed", async () => {
    refuse = "Function not found";
    const response = await deploy();
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ error: "validation.functionHandle: Function not found" });
    expect(await (await config()).json()).toMatchObject({ validationId: "gid://shopify/Validation/1" });
  });
});

describe("saving the threshold once deployed", () => {
  it("writes it into the validation's metafield", async () => {
    const response = await saveThreshold(35);
    expect(await response.json()).toMatchObject({ thresholdPercent: 35, inStep: true, syncError: null });
    expect(fake.operations).toHaveLength(1);
    const { query, variables } = fake.operations[0]!;
    expect(query).toContain("metafieldsSet");
    const metafields = variables.metafields as Record<string, unknown>[];
    expect(metafields[0]).toMatchObject({
      ownerId: "gid://shopify/Validation/1",
      namespace: "$app",
      key: "checkout-config",
    });
    expect(metafieldValue(metafields)).toMatchObject({ thresholdPercent: 35 });
  });

  it("says when Shopify refuses it: the threshold is saved, the metafield is out of step", async () => {
    refuse = "Value is invalid";
    const response = await saveThreshold(30);
    expect(await response.json()).toMatchObject({
      thresholdPercent: 30,
      inStep: false,
      syncError: "validation.functionHandle: Value is invalid",
    });
  });
});

describe("the blocking and stacking settings are the Function's configuration too", () => {
  const putFeatures = (body: unknown) =>
    callRoute(featuresRoute.action as RouteHandler, "/api/integrations/shopify/features", SHOP, "PUT", body);

  it("PUT /api/integrations/shopify/features saves what is sent, keeps the rest, and rewrites the metafield", async () => {
    const response = await putFeatures({ instantBlocking: true, customerMessage: "Please use one code only" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      instantBlocking: true,
      staffOverride: true,
      customerMessage: "Please use one code only",
      syncError: null,
    });
    expect(fake.operations.map((operation) => operation.query)).toEqual([expect.stringContaining("metafieldsSet")]);
    expect(metafieldValue(fake.operations[0]!.variables.metafields)).toMatchObject({
      instantBlocking: true,
      staffOverride: true,
      message: "Please use one code only",
    });
  });

  it("refuses a bad body with field errors and changes nothing", async () => {
    for (const body of [{}, { staffOverride: "yes" }, { customerMessage: "  " }, { unknown: true }]) {
      const response = await putFeatures(body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: "Invalid input" });
    }
    expect(fake.operations).toEqual([]);
    expect(await prisma.blockingSettings.findUnique({ where: { shopId } })).toMatchObject({
      customerMessage: "Please use one code only",
    });
  });

  it("stacking settings switched on limit the Function to one discount", async () => {
    const response = await callRoute(stackingRoute.action as RouteHandler, "/api/rules/stacking", SHOP, "POST", {
      enabled: true,
      blockedStacking: [],
    });
    expect(await response.json()).toMatchObject({ enabled: true, syncError: null });
    expect(metafieldValue(fake.operations[0]!.variables.metafields)).toMatchObject({ maxStackedDiscounts: 1 });
  });
});

describe("when Plus ends or the app is uninstalled", () => {
  it("a downgrade switches the validation off in Shopify and stops counting blocks", async () => {
    const response = await callRoute(
      downgradeRoute.action as RouteHandler,
      "/api/billing/downgrade?plan=free",
      SHOP,
      "POST",
    );
    expect(response.status).toBe(200);
    const update = fake.operations.find((operation) => operation.query.includes("validationUpdate"));
    expect(update?.variables).toMatchObject({ id: "gid://shopify/Validation/1", validation: { enable: false } });
    expect(await (await config()).json()).toMatchObject({ deployed: true, enabled: false });
  });

  it("deploying again on Plus switches it back on", async () => {
    await prisma.shop.update({ where: { id: shopId }, data: { plan: "plus", planCheckedAt: new Date() } });
    expect((await deploy()).status).toBe(200);
    expect(fake.operations[0]!.variables).toMatchObject({ validation: { enable: true } });
    expect(await (await config()).json()).toMatchObject({ deployed: true, enabled: true });
  });

  it("follows the switch the merchant flips in Shopify's admin, and a deleted checkout rule", async () => {
    inShopify = { enabled: false };
    expect(await (await config()).json()).toMatchObject({ deployed: true, enabled: false });
    inShopify = { enabled: true };
    expect(await (await config()).json()).toMatchObject({ deployed: true, enabled: true });
    inShopify = null;
    expect(await (await config()).json()).toMatchObject({ deployed: false, enabled: false, validationId: null });
    inShopify = { enabled: true };
    expect((await deploy()).status).toBe(200);
    expect(fake.operations.at(-1)!.query).toContain("validationCreate");
  });

  it("uninstalling forgets the deployment (Shopify removes the app's validations)", async () => {
    await markShopUninstalled(SHOP);
    expect(await prisma.functionConfig.findUnique({ where: { shopId } })).toMatchObject({
      validationId: null,
      validationEnabled: false,
      deployedAt: null,
    });
  });
});
