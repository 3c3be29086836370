// The Code rules page (docs/product.md#code-rules):
// its loader shows the protected products and collections by title, asked of Shopify's Admin API
// with a typed query, a deleted one as such; its action saves the form's one intent and refuses
// ids that are no product's, changing nothing.
import { beforeAll, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { newStandInState } from "../../app/demo/admin-stand-in";
import type { PageActionResult } from "../../app/forms/page-action";
import { FakeHttpError, installFakeAdminApi } from "../helpers/fake-admin-api";
import { adminRequest, installedShops } from "../helpers/shopify";

// the app's modules first: importing them sets Shopify's library's fetch, which the fake replaces
const { loader, action } = await import("../../app/routes/_admin.rules_.code-rules");
const SHOP = "code-rules-page.myshopify.com";
let outage = false;
const fake = installFakeAdminApi([], {
  answers: { MarginGuardrailCodeRulesResources: () => (outage ? new FakeHttpError(503) : undefined) },
  standIn: newStandInState(),
});

type Loaded = Awaited<ReturnType<typeof loader>>;
const load = async () =>
  (await loader({ request: await adminRequest("/rules/code-rules", SHOP), params: {}, context: {} })) as Loaded;

async function submit(fields: Record<string, string>) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  const request = await adminRequest("/rules/code-rules", SHOP, { init: { method: "POST", body } });
  const result = (await action({ request, params: {}, context: {} })) as unknown as {
    data: PageActionResult;
    init: { status: number };
  };
  return { ...result.data, httpStatus: result.init.status };
}

const PRODUCT = (id: number) => `gid://shopify/Product/${id}`;
const SUMMER_SALE = "gid://shopify/Collection/424242";

describe("the Code rules page", () => {
  let shopId: string;
  beforeAll(async () => {
    [shopId] = await installedShops(SHOP);
    await prisma.shop.update({ where: { id: shopId }, data: { plan: "core", planCheckedAt: new Date() } });
  });

  it("saves the picked ids and shows them by title, a deleted one as deleted", async () => {
    const saved = await submit({
      intent: "saveCodeRules",
      protectedProductIds: `${PRODUCT(8001)}, ${PRODUCT(424_242)}`,
      protectedCollectionIds: SUMMER_SALE,
      customerTagsMode: "anyone",
    });
    expect(saved).toMatchObject({ ok: true, httpStatus: 200, toast: { title: "Code rules saved" } });

    const { codeRules } = await load();
    expect(codeRules.settings.protectedProductIds).toEqual([PRODUCT(8001), PRODUCT(424_242)]);
    // Product 424242 is no product of the shop's (a collection's number): Shopify answers null
    expect(codeRules.titles).toEqual({
      [PRODUCT(8001)]: "Linen shirt",
      [PRODUCT(424_242)]: null,
      [SUMMER_SALE]: "Summer Sale",
    });
    expect(codeRules.titlesError).toBeNull();
    // embedded, App Bridge's picker lists the shop's resources: the page sends no list of its own
    expect(codeRules.pickerOptions).toBeNull();
    const asked = fake.operations.filter((operation) => operation.query.includes("MarginGuardrailCodeRulesResources"));
    expect(asked.at(-1)?.variables).toEqual({ ids: [PRODUCT(8001), PRODUCT(424_242), SUMMER_SALE] });
    expect(fake.drift).toEqual([]);
  });

  it("refuses a collection's id, a variant's id and text as a product, changing nothing", async () => {
    for (const bad of [SUMMER_SALE, "gid://shopify/ProductVariant/9001", "linen shirt"]) {
      const refused = await submit({ intent: "saveCodeRules", protectedProductIds: bad, customerTagsMode: "anyone" });
      expect(refused).toMatchObject({ ok: false, httpStatus: 400, toast: { title: "Failed to save code rules" } });
      expect(JSON.stringify(refused.result?.error)).toContain(`is not a product id`);
    }
    const { codeRules } = await load();
    expect(codeRules.settings.protectedProductIds).toEqual([PRODUCT(8001), PRODUCT(424_242)]);
  });

  it("answers only its own form's intent", async () => {
    const before = await prisma.rule.count({ where: { shopId } });
    const refused = await submit({ intent: "create", name: "Cap", ruleType: "max_discount", threshold: "30" });
    expect(refused).toMatchObject({ ok: false, httpStatus: 400, toast: { title: "Unknown action" } });
    expect(await prisma.rule.count({ where: { shopId } })).toBe(before);
  });

  it("still loads when Shopify does not answer: the ids without titles, and why", async () => {
    outage = true;
    try {
      const { codeRules } = await load();
      expect(codeRules.titles).toEqual({});
      expect(codeRules.titlesError).toMatch(/503/);
      expect(codeRules.settings.protectedCollectionIds).toEqual([SUMMER_SALE]);
    } finally {
      outage = false;
    }
  });
});
