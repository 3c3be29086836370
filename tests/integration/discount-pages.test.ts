// The pages Shopify's Discounts page opens for the code rules' Function (Discount apps category;
// docs/discount-apps.md, docs/product.md#shopifys-discounts-page): the paths the
// Function's toml declares are routes; create answers and creates the shop's one code-rules
// discount (Core and Plus, write_discounts) or leads to it; details shows it; anything that is not
// ours is a 404 screen, and an unanswering Shopify a 502 one, changing nothing.
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { DEMO_CODES_FUNCTION_ID, newStandInState } from "../../app/demo/admin-stand-in";
import { DISCOUNT_UI_PATHS, uiPathsOf } from "../../app/domain/code-rules/discount-paths";
import type { CreateDiscountResult } from "../../app/routes/_admin.discounts.$functionId.new";
import { FakeHttpError, installFakeAdminApi } from "../helpers/fake-admin-api";
import { adminRequest, installedShops } from "../helpers/shopify";

// the app's modules first: importing them sets Shopify's library's fetch, which the fake replaces
const create = await import("../../app/routes/_admin.discounts.$functionId.new");
const details = await import("../../app/routes/_admin.discounts.$functionId.$id");

const CORE_SHOP = "discount-pages-core.myshopify.com";
const FREE_SHOP = "discount-pages-free.myshopify.com";
const NO_SCOPE_SHOP = "discount-pages-noscope.myshopify.com";
const FN = DEMO_CODES_FUNCTION_ID;
let functionsDown = false;
let deletedInShopify = false;
const fake = installFakeAdminApi([], {
  answers: {
    MarginGuardrailAppFunctions: () => (functionsDown ? new FakeHttpError(503) : undefined),
    MarginGuardrailCodeRulesDiscountState: () => (deletedInShopify ? { automaticDiscountNode: null } : undefined),
  },
  standIn: newStandInState(),
});

interface Answered<T> {
  data: T;
  init: { status?: number } | null;
}
const statusOf = (answer: Answered<unknown>) => answer.init?.status ?? 200;

async function loadCreate(shop: string, functionId: string) {
  const request = await adminRequest(`/discounts/${functionId}/new`, shop);
  return (await create.loader({ request, params: { functionId }, context: {} })) as unknown as Answered<
    Record<string, unknown>
  >;
}
async function loadDetails(shop: string, functionId: string, id: string) {
  const request = await adminRequest(`/discounts/${functionId}/${id}`, shop);
  return (await details.loader({ request, params: { functionId, id }, context: {} })) as unknown as Answered<
    Record<string, unknown>
  >;
}
async function submitCreate(shop: string, functionId: string, intent = "createDiscount") {
  const body = new FormData();
  body.append("intent", intent);
  const request = await adminRequest(`/discounts/${functionId}/new`, shop, { init: { method: "POST", body } });
  const answer = (await create.action({
    request,
    params: { functionId },
    context: {},
  })) as unknown as Answered<CreateDiscountResult>;
  return { ...answer.data, httpStatus: statusOf(answer) };
}
const creates = () => fake.operations.filter((operation) => operation.query.includes("discountAutomaticAppCreate"));
const rowOf = async (domain: string) => {
  const shop = await prisma.shop.findUniqueOrThrow({ where: { domain } });
  return prisma.codeRuleSettings.findUnique({ where: { shopId: shop.id } });
};

describe("the Function's declared paths", () => {
  it("are the paths the app serves, each a route file under the admin layout", () => {
    const toml = fs.readFileSync(path.resolve("extensions/margin-guardrail-codes/shopify.extension.toml"), "utf8");
    expect(toml).toMatch(/^\s*enable_create = true$/m);
    const declared = uiPathsOf(toml);
    expect(declared).toEqual(DISCOUNT_UI_PATHS);
    for (const declaredPath of Object.values(declared ?? {})) {
      // "/discounts/:functionId/new" is Remix's "_admin.discounts.$functionId.new.tsx"
      const file = `_admin${declaredPath.replace(/\//g, ".").replace(/:(\w+)/g, "$$$1")}.tsx`;
      expect(fs.existsSync(path.resolve("app/routes", file)), file).toBe(true);
    }
  });
});

describe("the create and details pages", () => {
  beforeAll(async () => {
    const [core, free, noScope] = await installedShops(CORE_SHOP, FREE_SHOP, NO_SCOPE_SHOP);
    const scopes = "read_orders,write_discounts";
    await prisma.shop.update({
      where: { id: core },
      data: { plan: "core", planCheckedAt: new Date(), grantedScopes: scopes },
    });
    await prisma.shop.update({
      where: { id: free },
      data: { plan: "free", planCheckedAt: new Date(), grantedScopes: scopes },
    });
    await prisma.shop.update({
      where: { id: noScope },
      data: { plan: "core", planCheckedAt: new Date(), grantedScopes: "read_orders" },
    });
  });

  it("create answers 200 and explains the discount; a Function that is not ours, or no id, is a 404 screen", async () => {
    const page = await loadCreate(CORE_SHOP, FN);
    expect(statusOf(page)).toBe(200);
    expect(page.data).toMatchObject({ page: "create", available: true, needsPermission: false, existing: null });

    for (const functionId of ["0196c0de-0000-7000-8000-0000000c4ec4", "another-apps-function", "..", "a b"]) {
      const missing = await loadCreate(CORE_SHOP, functionId);
      expect(statusOf(missing), functionId).toBe(404);
      expect(missing.data).toEqual({ page: "not-found" });
    }
  });

  it("refuses Free with the plan's message, and a shop without write_discounts, creating nothing", async () => {
    const before = creates().length;
    const free = await submitCreate(FREE_SHOP, FN);
    expect(free).toMatchObject({
      ok: false,
      httpStatus: 403,
      toast: { description: expect.stringContaining("Core plan") },
    });
    const noScope = await submitCreate(NO_SCOPE_SHOP, FN);
    expect(noScope).toMatchObject({
      ok: false,
      httpStatus: 403,
      toast: { description: expect.stringContaining("write_discounts") },
    });
    expect(creates()).toHaveLength(before);
    expect(await rowOf(FREE_SHOP)).toBeNull();
    expect(await rowOf(NO_SCOPE_SHOP)).toBeNull();
    // Free still sees the page, with the plan's note (the button's answer says why)
    expect((await loadCreate(FREE_SHOP, FN)).data).toMatchObject({ page: "create", available: false });
  });

  it("refuses another Function and another intent, creating nothing", async () => {
    const before = creates().length;
    expect(await submitCreate(CORE_SHOP, "another-apps-function")).toMatchObject({ ok: false, httpStatus: 404 });
    expect(await submitCreate(CORE_SHOP, FN, "saveCodeRules")).toMatchObject({ ok: false, httpStatus: 400 });
    expect(creates()).toHaveLength(before);
    expect(await rowOf(CORE_SHOP)).toBeNull();
  });

  it("creates the one discount on Core, tied to the Function by its handle, then leads to it", async () => {
    const created = await submitCreate(CORE_SHOP, FN);
    expect(created).toMatchObject({ ok: true, httpStatus: 201, toast: { title: "Discount created" } });
    const [mutation] = creates().slice(-1);
    expect(mutation.variables.automaticAppDiscount).toMatchObject({
      title: "Margin Guardrail: code rules",
      functionHandle: "margin-guardrail-codes",
      // it gives no discount of its own, so it never stops another from combining
      combinesWith: { orderDiscounts: true, productDiscounts: true, shippingDiscounts: true },
    });
    const row = await rowOf(CORE_SHOP);
    expect(row?.discountId).toMatch(/^gid:\/\/shopify\/DiscountAutomaticNode\/\d+$/);
    const number = row!.discountId!.split("/").pop();
    expect(created.value?.detailsPath).toBe(`/discounts/${FN}/${number}`);

    const count = creates().length;
    const again = await submitCreate(CORE_SHOP, FN);
    expect(again).toMatchObject({ ok: true, httpStatus: 200, value: created.value });
    expect(creates()).toHaveLength(count);
    expect((await loadCreate(CORE_SHOP, FN)).data).toMatchObject({
      page: "create",
      existing: created.value?.detailsPath,
    });
  });

  it("details answers 200 with the discount's state and its rules in brief", async () => {
    const row = await rowOf(CORE_SHOP);
    const number = row!.discountId!.split("/").pop()!;
    const empty = await loadDetails(CORE_SHOP, FN, number);
    expect(statusOf(empty)).toBe(200);
    expect(empty.data).toMatchObject({
      page: "details",
      title: "Margin Guardrail: code rules",
      switchedOn: true,
      shopify: { status: "ACTIVE", missing: false, error: null },
      rules: [],
      syncError: null,
    });
    expect(empty.data.syncedAt).toEqual(expect.any(String));

    await prisma.codeRuleSettings.update({
      where: { shopId: row!.shopId },
      data: {
        settings: {
          ...(row!.settings as object),
          maxCodes: 1,
          noCodesOnSaleItems: true,
          maxDiscountPercent: 30,
          backupCode: "BACKUP10",
        },
      },
    });
    const withRules = await loadDetails(CORE_SHOP, FN, encodeURIComponent(row!.discountId!));
    expect(withRules.data.rules).toEqual([
      "No code while the cart holds an item already on sale",
      "Codes together take at most 30% off",
      "At most 1 code together",
      "Turned-away codes suggest BACKUP10 instead",
    ]);
  });

  it("details is a 404 screen for another discount, another Function or a malformed id", async () => {
    const row = await rowOf(CORE_SHOP);
    const number = row!.discountId!.split("/").pop()!;
    for (const [functionId, id] of [
      [FN, String(Number(number) + 1000)],
      [FN, "gid://shopify/DiscountCodeNode/1"],
      [FN, "new-ish"],
      ["another-apps-function", number],
    ]) {
      const answer = await loadDetails(CORE_SHOP, functionId, id);
      expect(statusOf(answer), `${functionId}/${id}`).toBe(404);
      expect(answer.data).toEqual({ page: "not-found" });
    }
    // a shop without the discount has no details page at all
    expect(statusOf(await loadDetails(FREE_SHOP, FN, number))).toBe(404);
  });

  it("says when the discount is gone from Shopify, and when Shopify does not answer", async () => {
    const row = await rowOf(CORE_SHOP);
    const number = row!.discountId!.split("/").pop()!;
    deletedInShopify = true;
    try {
      expect((await loadDetails(CORE_SHOP, FN, number)).data).toMatchObject({ shopify: { missing: true } });
    } finally {
      deletedInShopify = false;
    }
    functionsDown = true;
    try {
      const details502 = await loadDetails(CORE_SHOP, FN, number);
      expect(statusOf(details502)).toBe(502);
      expect(details502.data).toMatchObject({ page: "unreachable", message: expect.stringMatching(/503/) });
      expect(statusOf(await loadCreate(CORE_SHOP, FN))).toBe(502);
      const before = creates().length;
      expect(await submitCreate(NO_SCOPE_SHOP, FN)).toMatchObject({ ok: false, httpStatus: 502 });
      expect(creates()).toHaveLength(before);
    } finally {
      functionsDown = false;
    }
  });
});
