// New accounts and big codes (docs/product.md#new-accounts-and-big-codes), end to end through the
// code rules' API: bad settings are 400 with the field named and store nothing; saved, the rule
// and the codes' values reach the metafield the Function reads; the preview says when the rule
// turns a code away, for an account's age in days and for a guest.
import { beforeAll, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { DEMO_CODE_RULES_DISCOUNT_IDS, demoShopDiscounts } from "../../app/demo/shop-discounts";
import { newStandInState } from "../../app/demo/admin-stand-in";
import { installFakeAdminApi } from "../helpers/fake-admin-api";
import { callRoute, installedShops } from "../helpers/shopify";

// the app's modules first: importing them sets Shopify's library's fetch, which the fake replaces
const config = await import("../../app/routes/api.config.code-rules._index");
const preview = await import("../../app/routes/api.config.code-rules.preview");

const SHOP = "code-rules-new-accounts.myshopify.com";
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
let shopId = "";

/** The last metafield the app wrote to its discount. */
const lastMetafield = () => {
  const writes = fake.operations.filter((op) => /discountAutomaticAppCreate|metafieldsSet/.test(op.query));
  const last = writes[writes.length - 1]!;
  const metafield = last.query.includes("discountAutomaticAppCreate")
    ? (last.variables.automaticAppDiscount as { metafields: { value: string }[] }).metafields[0]!
    : (last.variables.metafields as { value: string }[])[0]!;
  return JSON.parse(metafield.value) as { rules: Record<string, unknown>; values?: Record<string, unknown> };
};
const texts = async (response: Response) =>
  ((await response.json()) as { decisions: { text: string }[] }).decisions.map((decision) => decision.text);
const cart = (extra: Record<string, unknown> = {}, price = "100.00") => ({
  lines: [{ title: "Linen shirt", price }],
  ...extra,
});

describe("new accounts and big codes", () => {
  beforeAll(async () => {
    [shopId] = await installedShops(SHOP);
    await prisma.shop.update({ where: { id: shopId }, data: { plan: "core", planCheckedAt: new Date() } });
  });

  it("refuses half a rule or a bad value with 400, the field named, and stores nothing", async () => {
    for (const [body, field] of [
      [{ newAccountDays: 30 }, "newAccountMaxPercent"],
      [{ newAccountMaxPercent: 20 }, "newAccountDays"],
      [{ newAccountDays: 0, newAccountMaxPercent: 20 }, "newAccountDays"],
      [{ newAccountDays: "a month", newAccountMaxPercent: 20 }, "newAccountDays"],
      [{ newAccountDays: 30, newAccountMaxPercent: 100 }, "newAccountMaxPercent"],
      [{ newAccountDays: 30, newAccountMaxPercent: 20, newAccountGuests: "block" }, "newAccountGuests"],
    ] as const) {
      const response = await put(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys((await response.json()).errors), JSON.stringify(body)).toEqual([field]);
    }
    expect(await prisma.codeRuleSettings.count({ where: { shopId } })).toBe(0);
  });

  it("saves the rule and writes it, with the codes' values, to the metafield the Function reads", async () => {
    const response = await put({
      newAccountDays: "30",
      newAccountMaxPercent: "20",
      message: "Big codes need an older account.",
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.settings).toMatchObject({ newAccountDays: 30, newAccountMaxPercent: 20, newAccountGuests: "new" });
    expect(body.rules).toMatchObject({ newAccountDays: 30, newAccountMaxPercent: 20, newAccountGuests: "new" });
    const metafield = lastMetafield();
    expect(metafield.rules).toMatchObject({ newAccountDays: 30, newAccountMaxPercent: 20, newAccountGuests: "new" });
    expect(metafield.values).toMatchObject({
      summer30: ["p", 30],
      welcome5: ["p", 5],
      tenoff: ["f", 1000, "USD", 2500],
    });
  });

  it("previews the rule: a day short is turned away, exactly the days is not, a guest as chosen", async () => {
    const young = await post({ cart: cart({ accountAgeDays: 29 }), codes: ["SUMMER30", "WELCOME5"] });
    expect(young.status).toBe(200);
    expect(await texts(young)).toEqual([
      "SUMMER30 (30 % off): rejected, because codes worth more than 20 % are only for accounts at least 30 days old; this account is 29 days old",
      "WELCOME5 (5 % off): accepted",
    ]);
    expect(await texts(await post({ cart: cart({ accountAgeDays: 30 }), codes: ["SUMMER30"] }))).toEqual([
      "SUMMER30 (30 % off): accepted",
    ]);
    // no tags and no age: a guest, held to the rule as saved, let through by a draft that allows guests
    expect(await texts(await post({ cart: cart(), codes: ["SUMMER30"] }))).toEqual([
      "SUMMER30 (30 % off): rejected, because codes worth more than 20 % are only for accounts at least 30 days old, and a guest checkout has no account",
    ]);
    const allowing = { newAccountDays: 30, newAccountMaxPercent: 20, newAccountGuests: "allow" };
    expect((await (await post({ settings: allowing, cart: cart(), codes: ["SUMMER30"] })).json()).rejected).toEqual([]);
    // $10 off is worth 20 % of $50 (not more than 20 %), 25 % of $40
    expect(
      (await (await post({ cart: cart({ accountAgeDays: 1 }, "50.00"), codes: ["TENOFF"] })).json()).rejected,
    ).toEqual([]);
    expect(
      (await (await post({ cart: cart({ accountAgeDays: 1 }, "40.00"), codes: ["TENOFF"] })).json()).rejected,
    ).toEqual(["TENOFF"]);
    const bad = await post({ cart: cart({ accountAgeDays: "old" }), codes: ["SUMMER30"] });
    expect(bad.status).toBe(400);
  });
});
