// Saving code rules writes them to Shopify (docs/product.md#code-rules): the first save creates
// the automatic app discount running the Function with the rules in its $app metafield, later
// saves rewrite that metafield, and Shopify's refusal keeps the settings and says why.
import { FREE_FACTS } from "../../app/domain/billing/plan-truth";
import { beforeAll, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { newStandInState } from "../../app/demo/admin-stand-in";
import { installFakeAdminApi } from "../helpers/fake-admin-api";
import { callRoute, installedShops } from "../helpers/shopify";

// the app's modules first: importing them sets Shopify's library's fetch, which the fake replaces
const route = await import("../../app/routes/api.config.code-rules._index");
const SHOP = "code-rules-discount.myshopify.com";
const state = newStandInState();
let refuseSet = false;
let refuseSwitch = false;
const fake = installFakeAdminApi([], {
  answers: {
    MarginGuardrailCodeRulesOff: () => {
      if (!refuseSwitch) return undefined;
      refuseSwitch = false;
      return {
        discountAutomaticDeactivate: {
          automaticDiscountNode: null,
          userErrors: [{ field: ["id"], message: "Discount could not be updated", code: "INTERNAL_ERROR" }],
        },
      };
    },
    MarginGuardrailCodeRulesSet: () => {
      if (!refuseSet) return undefined;
      refuseSet = false;
      return {
        metafieldsSet: {
          metafields: [],
          userErrors: [{ field: ["metafields", "0", "value"], message: "Value is invalid JSON" }],
        },
      };
    },
  },
  standIn: state,
});
const put = (body: unknown) => callRoute(route.action, "/api/config/code-rules", SHOP, "PUT", body);
const get = () => callRoute(route.loader, "/api/config/code-rules", SHOP, "GET");

describe("code rules in Shopify", () => {
  beforeAll(async () => {
    const [shopId] = await installedShops(SHOP);
    await prisma.shop.update({ where: { id: shopId }, data: { plan: "core", planCheckedAt: new Date() } });
  });

  it("creates nothing for empty rules, creates the discount once, then rewrites its metafield", async () => {
    expect((await put({})).status).toBe(200);
    expect(fake.operations.filter((operation) => operation.query.includes("discountAutomaticAppCreate"))).toHaveLength(
      0,
    );

    const first = await (await put({ maxCodes: 1, customerTagsMode: "only", customerTags: "staff" })).json();
    const [create] = fake.operations.filter((operation) => operation.query.includes("discountAutomaticAppCreate"));
    expect(create.variables.automaticAppDiscount).toMatchObject({
      title: "Margin Guardrail: code rules",
      functionHandle: "margin-guardrail-codes",
      discountClasses: ["ORDER", "PRODUCT"],
      metafields: [{ namespace: "$app", key: "code-rules", type: "json" }],
    });
    const metafield = JSON.parse(
      (create.variables.automaticAppDiscount as { metafields: { value: string }[] }).metafields[0].value,
    );
    expect(metafield).toMatchObject({ rules: { maxCodes: 1 }, customerTags: ["staff"], collectionIds: [] });
    expect(first).toMatchObject({
      discountId: expect.stringMatching(/^gid:\/\/shopify\/DiscountAutomaticNode\//),
      syncError: null,
    });
    expect(first.syncedAt).not.toBeNull();

    const second = await (await put({ maxCodes: 2 })).json();
    const sets = fake.operations.filter((operation) => operation.query.includes("metafieldsSet"));
    expect(sets).toHaveLength(1);
    expect((sets[0].variables.metafields as { ownerId: string }[])[0].ownerId).toBe(first.discountId);
    expect(second.discountId).toBe(first.discountId);
    expect(fake.operations.filter((operation) => operation.query.includes("discountAutomaticAppCreate"))).toHaveLength(
      1,
    );
  });

  it("keeps the settings and says why when Shopify refuses", async () => {
    refuseSet = true;
    const body = await (await put({ maxCodes: 3 })).json();
    expect(body.settings.maxCodes).toBe(3);
    expect(body.syncError).toBe("Shopify refused: metafields.0.value: Value is invalid JSON");
    const fixed = await (await put({ maxCodes: 3 })).json();
    expect(fixed.syncError).toBeNull();
  });

  it("switches the discount off in Shopify below Core and on again above it; GET and PUT say so", async () => {
    const { storePlan } = await import("../../app/services/billing/plan-truth.server");
    const shop = await prisma.shop.findUniqueOrThrow({ where: { domain: SHOP } });
    const discountId = (await (await get()).json()).discountId as string;
    expect(await (await get()).json()).toMatchObject({ discountActive: true });
    const free = FREE_FACTS;
    const core = { ...free, plan: "core" as const, subscriptionStatus: "ACTIVE" };

    // Shopify refuses once: recorded, the discount still counts as active, and the next plan check tries again
    refuseSwitch = true;
    await storePlan(shop.id, free, { checkedAt: new Date() });
    expect(await prisma.codeRuleSettings.findUniqueOrThrow({ where: { shopId: shop.id } })).toMatchObject({
      discountActive: true,
      syncError: "Shopify refused: id: Discount could not be updated",
    });
    await storePlan(shop.id, free, { checkedAt: new Date() });
    const off = fake.operations.filter((operation) => operation.query.includes("discountAutomaticDeactivate"));
    expect(off.map((operation) => operation.variables.id)).toEqual([discountId, discountId]);
    expect(state.discounts.get(discountId)?.active).toBe(false);
    expect(await (await get()).json()).toMatchObject({ discountActive: false, available: false, syncError: null });
    // on Free the form is locked: a PUT is refused and changes nothing in Shopify
    expect((await put({ maxCodes: 5 })).status).toBe(403);

    // checking the plan again on Free switches nothing
    await storePlan(shop.id, free, { checkedAt: new Date() });
    expect(fake.operations.filter((operation) => operation.query.includes("discountAutomaticDeactivate"))).toHaveLength(
      2,
    );

    await storePlan(shop.id, core, { checkedAt: new Date() });
    const on = fake.operations.filter((operation) => operation.query.includes("discountAutomaticActivate"));
    expect(on.map((operation) => operation.variables.id)).toEqual([discountId]);
    expect(state.discounts.get(discountId)?.active).toBe(true);
    expect(await (await put({ maxCodes: 3 })).json()).toMatchObject({ discountActive: true, syncError: null });
  });
});
