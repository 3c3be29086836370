// The code rules' combined cap (docs/product.md#code-rules), end to end: the
// settings through the API (bad input is 400 and stores nothing), the codes' values read from the
// fake Admin API on save and kept in step by signed discounts/* webhooks, the metafield the
// Function reads rewritten with them, and the preview deciding with the same values.
import { beforeAll, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { DEMO_CODE_RULES_DISCOUNT_IDS, demoShopDiscounts } from "../../app/demo/shop-discounts";
import { newStandInState, shopDiscountsOf } from "../../app/demo/admin-stand-in";
import { installFakeAdminApi } from "../helpers/fake-admin-api";
import { callRoute, installedShops, routeArgs, settle, webhookRequest } from "../helpers/shopify";

// the app's modules first: importing them sets Shopify's library's fetch, which the fake replaces
const config = await import("../../app/routes/api.config.code-rules._index");
const preview = await import("../../app/routes/api.config.code-rules.preview");
const created = await import("../../app/routes/webhooks.discounts.create");
const updated = await import("../../app/routes/webhooks.discounts.update");
const deleted = await import("../../app/routes/webhooks.discounts.delete");

const SHOP = "code-rules-cap.myshopify.com";
const state = newStandInState();
// the shop's code rules' codes alone (app/demo/shop-discounts.ts): the codes the cap decides here
state.shopDiscounts = new Map(
  demoShopDiscounts()
    .filter((node) => DEMO_CODE_RULES_DISCOUNT_IDS.includes(node.id))
    .map((node) => [node.id, node]),
);
const fake = installFakeAdminApi([], { standIn: state });
const put = (body: unknown) => callRoute(config.action, "/api/config/code-rules", SHOP, "PUT", body);
const post = (body: unknown) => callRoute(preview.action, "/api/config/code-rules/preview", SHOP, "POST", body);
const deliver = async (
  route: { action: (args: ReturnType<typeof routeArgs>) => unknown },
  topic: string,
  id: string,
  secret?: string,
) =>
  (await settle(() =>
    Promise.resolve(route.action(routeArgs(webhookRequest(topic, SHOP, { admin_graphql_api_id: id }, { secret })))),
  )) as Response;
const WELCOME5 = "gid://shopify/DiscountCodeNode/9302";
let shopId = "";

const stored = async () =>
  Object.fromEntries(
    (await prisma.discountCodeValue.findMany({ where: { shopId } })).map((row) => [
      row.code,
      [row.kind, row.percent ?? row.amountCents],
    ]),
  );
/** The values in the last metafield the app wrote to its discount. */
const lastMetafieldValues = () => {
  const writes = fake.operations.filter((op) => /discountAutomaticAppCreate|metafieldsSet/.test(op.query));
  const last = writes[writes.length - 1]!;
  const metafield = last.query.includes("discountAutomaticAppCreate")
    ? (last.variables.automaticAppDiscount as { metafields: { value: string }[] }).metafields[0]!
    : (last.variables.metafields as { value: string }[])[0]!;
  return (JSON.parse(metafield.value) as { values?: Record<string, unknown> }).values;
};
const cart = { lines: [{ title: "Linen shirt", price: "100.00" }] };

describe("the combined cap", () => {
  beforeAll(async () => {
    [shopId] = await installedShops(SHOP);
    await prisma.shop.update({ where: { id: shopId }, data: { plan: "core", planCheckedAt: new Date() } });
  });

  it("refuses a bad cap or backup code with 400, the field named, and stores nothing", async () => {
    for (const [body, field] of [
      [{ maxDiscountPercent: 0 }, "maxDiscountPercent"],
      [{ maxDiscountPercent: 100.5 }, "maxDiscountPercent"],
      [{ maxDiscountPercent: "thirty" }, "maxDiscountPercent"],
      [{ maxDiscountPercent: true }, "maxDiscountPercent"],
      [{ backupCode: "TWO WORDS" }, "backupCode"],
      [{ backupCode: 10 }, "backupCode"],
    ] as const) {
      const response = await put(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys((await response.json()).errors)).toEqual([field]);
    }
    expect(await prisma.codeRuleSettings.count({ where: { shopId } })).toBe(0);
    expect(await prisma.discountCodeValue.count({ where: { shopId } })).toBe(0);
  });

  it("saves the cap and the backup code, reads every code's value and writes them to the metafield", async () => {
    const response = await put({ maxDiscountPercent: "30", backupCode: "BACKUP10", message: "Too much off." });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.rules).toMatchObject({ maxDiscountPercent: 30, backupCode: "BACKUP10" });
    expect(await stored()).toEqual({
      SUMMER30: ["percentage", 30],
      WELCOME5: ["percentage", 5],
      TENOFF: ["fixed", 1000],
      BACKUP10: ["percentage", 10],
      SHIPFREE: ["free_shipping", null],
    });
    expect(lastMetafieldValues()).toEqual({
      summer30: ["p", 30],
      backup10: ["p", 10],
      tenoff: ["f", 1000, "USD", 2500],
      welcome5: ["p", 5],
      shipfree: ["s"],
    });
  });

  it("previews a 30 % and a 5 % code on a $100 cart: the 30 % stays, the 5 % goes, the backup is named", async () => {
    const response = await post({ cart, codes: ["WELCOME5", "SUMMER30", "MYSTERY"] });
    expect(response.status).toBe(200);
    const result = await response.json();
    expect(result.rejected).toEqual(["WELCOME5"]);
    expect(result.message).toBe("Too much off. Try BACKUP10 instead.");
    expect(result.decisions.map((decision: { text: string }) => decision.text)).toEqual([
      "WELCOME5 (5 % off): rejected, because together the codes would take 35 % of the $100.00 subtotal off, more than the 30 % cap",
      "SUMMER30 (30 % off): accepted",
      "MYSTERY: accepted",
    ]);
    // unsaved settings are previewed as typed; quantities count toward the subtotal
    const draft = await post({
      settings: { maxDiscountPercent: 60 },
      cart: { lines: [{ title: "Linen shirt", price: "10.00", quantity: 3 }] },
      codes: ["SUMMER30", "TENOFF"],
    });
    // $10 off $30 (TENOFF's minimum is $25) is 33 %: with 30 % that is 63 % > 60; either alone fits,
    // the lower (30 %) goes
    expect((await draft.json()).rejected).toEqual(["SUMMER30"]);
    const bad = await post({ cart: { lines: [{ title: "x", price: "1", quantity: 0 }] }, codes: ["A"] });
    expect(bad.status).toBe(400);
  });

  it("follows signed discounts/update, delete and create webhooks, and rewrites the metafield", async () => {
    // the merchant raises WELCOME5 to 50 % in Shopify
    const welcome = shopDiscountsOf(state).get(WELCOME5)!;
    (welcome.discount.customerGets as { value: unknown }).value = {
      __typename: "DiscountPercentage",
      percentage: 0.5,
    };
    expect((await deliver(updated, "discounts/update", WELCOME5)).status).toBe(200);
    expect((await stored()).WELCOME5).toEqual(["percentage", 50]);
    expect(lastMetafieldValues()).toMatchObject({ welcome5: ["p", 50] });
    // 50 % alone breaks the 30 % cap: WELCOME5 goes, with its new value, and SUMMER30 stays
    const now = await (await post({ cart, codes: ["WELCOME5", "SUMMER30"] })).json();
    expect(now.rejected).toEqual(["WELCOME5"]);
    expect(now.decisions[0].valueText).toBe("50 % off");

    // a forged delivery changes nothing
    shopDiscountsOf(state).delete(WELCOME5);
    const forged = await deliver(deleted, "discounts/delete", WELCOME5, "not-the-secret");
    expect(forged.status).toBe(401);
    expect((await stored()).WELCOME5).toEqual(["percentage", 50]);

    expect((await deliver(deleted, "discounts/delete", WELCOME5)).status).toBe(200);
    expect(await stored()).not.toHaveProperty("WELCOME5");
    expect(lastMetafieldValues()).not.toHaveProperty("welcome5");

    shopDiscountsOf(state).set("gid://shopify/DiscountCodeNode/9400", {
      id: "gid://shopify/DiscountCodeNode/9400",
      discount: {
        __typename: "DiscountCodeBasic",
        status: "ACTIVE",
        codes: { nodes: [{ code: "FLASH15" }] },
        customerGets: {
          value: { __typename: "DiscountPercentage", percentage: 0.15 },
          items: { __typename: "AllDiscountItems", allItems: true },
        },
        minimumRequirement: {
          __typename: "DiscountMinimumSubtotal",
          greaterThanOrEqualToSubtotal: { amount: "50.0", currencyCode: "USD" },
        },
      },
    });
    expect((await deliver(created, "discounts/create", "gid://shopify/DiscountCodeNode/9400")).status).toBe(200);
    const flash = await prisma.discountCodeValue.findFirstOrThrow({ where: { shopId, codeKey: "flash15" } });
    expect(flash).toMatchObject({ kind: "percentage", percent: 15, minimumCents: 5000, currency: "USD" });
    expect(lastMetafieldValues()).toMatchObject({ flash15: ["p", 15, "USD", 5000] });
    // an automatic discount has no codes: nothing is read
    const before = fake.operations.length;
    expect((await deliver(updated, "discounts/update", "gid://shopify/DiscountAutomaticNode/1")).status).toBe(200);
    expect(fake.operations.length).toBe(before);
  });
});
