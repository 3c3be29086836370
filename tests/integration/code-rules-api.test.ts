// The code rules' JSON API (docs/product.md#code-rules): settings saved on Core and Plus only,
// every bad field named and nothing stored, and the preview deciding as the Function would.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { DEFAULT_CODE_REJECTION_MESSAGE } from "../../app/domain/code-rules/code-rules";
import { callRoute, installedShops } from "../helpers/shopify";
import { PROBES } from "../fuzz/inputs";
import { CODE_RULES_OVER_LIMITS, syncCodeRulesDiscount } from "../../app/services/code-rules/code-rules.server";
import { protectionStatus } from "../../app/services/protection/status.server";
import type { ActionClient } from "../../app/services/actions/admin-client.server";

const SHOP = "code-rules.myshopify.com";
const OTHER = "code-rules-other.myshopify.com";
const settingsRoute = await import("../../app/routes/api.config.code-rules._index");
const previewRoute = await import("../../app/routes/api.config.code-rules.preview");

let shopId: string;
/** The protection status's code rules layer, as the Dashboard card reads it. */
const codeRulesLayer = async (id: string) => {
  const shop = await prisma.shop.findUniqueOrThrow({ where: { id } });
  return (await protectionStatus(shop)).layers.find((layer) => layer.key === "code_rules");
};
const OVER_LIMITS = /^The code rules are over Shopify's limits, so Shopify lets every code through: These code rules/;
const setPlan = (id: string, plan: string) =>
  prisma.shop.update({ where: { id }, data: { plan, planCheckedAt: new Date() } });

const get = (shop = SHOP) => callRoute(settingsRoute.loader, "/api/config/code-rules", shop);
const put = (body: unknown, shop = SHOP) =>
  callRoute(settingsRoute.action, "/api/config/code-rules", shop, "PUT", body);
const preview = (body: unknown, shop = SHOP) =>
  callRoute(previewRoute.action, "/api/config/code-rules/preview", shop, "POST", body);

const SETTINGS = {
  message: "Codes don't apply to sale items or gift cards.",
  noCodesOnSaleItems: true,
  maxCodes: 2,
  forbiddenPairs: ["WELCOME10 + VIP25"],
  protectedProductIds: "7, gid://shopify/Product/8",
  protectedCollectionIds: ["55"],
  customerTagsMode: "refuse",
  customerTags: "wholesale",
};

const cart = (lines: Record<string, unknown>[], customerTags: string[] | null = null) => ({ lines, customerTags });
const shirt = { title: "Linen shirt", productId: "1", price: 60, compareAtPrice: null, collectionIds: [] };

describe("code rules API", () => {
  beforeAll(async () => {
    [shopId] = await installedShops(SHOP, OTHER);
  });
  beforeEach(async () => {
    await prisma.codeRuleSettings.deleteMany();
    await setPlan(shopId, "core");
  });

  it("starts with nothing on, and saves and reads back the settings in the Function's terms", async () => {
    const empty = await (await get()).json();
    expect(empty).toMatchObject({ available: true, discountId: null });
    expect(empty.rules).toMatchObject({ noCodesOnSaleItems: false, maxCodes: null, customerTags: null });
    expect(empty.rules.message).toBe(DEFAULT_CODE_REJECTION_MESSAGE);

    const saved = await put(SETTINGS);
    expect(saved.status).toBe(200);
    const body = await saved.json();
    expect(body.rules).toEqual({
      message: "Codes don't apply to sale items or gift cards.",
      noCodesOnSaleItems: true,
      maxCodes: 2,
      forbiddenPairs: [["WELCOME10", "VIP25"]],
      protectedProductIds: ["gid://shopify/Product/7", "gid://shopify/Product/8"],
      protectedCollectionIds: ["gid://shopify/Collection/55"],
      customerTags: { mode: "refuse", tags: ["wholesale"] },
      // the combined cap and the backup code, off unless set
      maxDiscountPercent: null,
      backupCode: null,
      // the new-account rule, off unless both its days and share are set
      newAccountDays: null,
      newAccountMaxPercent: null,
      newAccountGuests: "new",
    });
    expect((await (await get()).json()).rules).toEqual(body.rules);
    // another shop has its own
    expect((await (await get(OTHER)).json()).rules.maxCodes).toBeNull();
  });

  it("names every bad field and stores nothing", async () => {
    const response = await put({
      maxCodes: "21",
      forbiddenPairs: ["ONLYONE", "SAME + same"],
      protectedProductIds: "shirt",
      protectedCollectionIds: "gid://shopify/Product/1",
      customerTagsMode: "only",
      customerTags: "",
      message: "x".repeat(301),
    });
    expect(response.status).toBe(400);
    const { errors } = await response.json();
    expect(errors).toEqual({
      maxCodes: ["Must be a whole number from 0 to 20, or empty for any number"],
      forbiddenPairs: ["Write a pair as two codes: WELCOME10 + VIP25", "A pair needs two different codes"],
      protectedProductIds: ['"shirt" is not a product id (a number, or gid://shopify/Product/…)'],
      protectedCollectionIds: [
        '"gid://shopify/Product/1" is not a collection id (a number, or gid://shopify/Collection/…)',
      ],
      message: ["Message must be at most 300 characters"],
    });
    // a list of tags for the chosen mode is checked once the fields themselves are right
    const noTags = await put({ customerTagsMode: "only", customerTags: "" });
    expect((await noTags.json()).errors).toEqual({ customerTags: ["Name at least one customer tag"] });
    expect(await prisma.codeRuleSettings.count()).toBe(0);
  });

  it("refuses rules past Shopify's limits for a Function's input, naming the field, and stores nothing", async () => {
    // 50 pairs (the form's most) of long codes: within every list's count, over the 10,000 bytes
    const long = (letter: string, i: number) => `${letter}${i}`.padEnd(120, "X");
    const pairs = Array.from({ length: 50 }, (_, i) => `${long("A", i)} + ${long("B", i)}`);
    const response = await put({ ...SETTINGS, forbiddenPairs: pairs });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error).toBe(CODE_RULES_OVER_LIMITS);
    expect(Object.keys(body.errors)).toEqual(["forbiddenPairs"]);
    expect(body.errors.forbiddenPairs[0]).toMatch(
      /^These code rules would take [\d,]+ bytes; Shopify gives a Function at most 10,000 bytes of them\. Codes that can't be combined take the most/,
    );
    // past the form's own 50 collections: named with the limit
    const collections = Array.from({ length: 51 }, (_, i) => String(i + 1));
    const tooMany = await put({ ...SETTINGS, protectedCollectionIds: collections });
    expect(tooMany.status).toBe(400);
    expect((await tooMany.json()).errors).toEqual({ protectedCollectionIds: ["At most 50 collections"] });
    expect(await prisma.codeRuleSettings.count()).toBe(0);
    // 50 short pairs and 50 collections fit
    const fits = await put({
      ...SETTINGS,
      forbiddenPairs: pairs.map((_, i) => `A${i} + B${i}`),
      protectedCollectionIds: collections.slice(0, 50),
    });
    expect(fits.status).toBe(200);
    expect((await codeRulesLayer(shopId))?.detail).not.toMatch(/limits/);
  });

  it("tells the protection status when stored rules are past the limits, and does not write them", async () => {
    expect(await codeRulesLayer(shopId)).toMatchObject({ state: "off", detail: "No code rules are set." });
    // settings stored before the limits were checked: 50 pairs of 120-character codes
    const long = (letter: string, i: number) => `${letter}${i}`.padEnd(120, "X");
    await prisma.codeRuleSettings.create({
      data: {
        shopId,
        discountId: "gid://shopify/DiscountAutomaticNode/1",
        settings: { forbiddenPairs: Array.from({ length: 50 }, (_, i) => [long("A", i), long("B", i)]) },
      },
    });
    expect(await codeRulesLayer(shopId)).toMatchObject({
      state: "failing",
      detail: expect.stringMatching(OVER_LIMITS),
    });
    const calls: unknown[] = [];
    const client = {
      graphql: async (...args: unknown[]) => {
        calls.push(args);
        throw new Error("nothing is written");
      },
    } as unknown as ActionClient;
    await syncCodeRulesDiscount(shopId, client);
    expect(calls).toEqual([]);
    const row = await prisma.codeRuleSettings.findUniqueOrThrow({ where: { shopId } });
    expect(row.syncError).toMatch(/^These code rules would take [\d,]+ bytes/);
  });

  it("refuses every probe of a wrong type with 400, the field named, and stores nothing", async () => {
    const refused = async (body: Record<string, unknown>, field: string, message?: string | RegExp) => {
      const response = await put({ ...SETTINGS, ...body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      const { errors } = await response.json();
      expect(Object.keys(errors), JSON.stringify(body)).toEqual([field]);
      if (typeof message === "string") expect(errors[field], JSON.stringify(body)).toEqual([message]);
      if (message instanceof RegExp) expect(errors[field][0], JSON.stringify(body)).toMatch(message);
    };
    for (const maxCodes of PROBES.wholeNumber) {
      await refused({ maxCodes }, "maxCodes", "Must be a whole number from 0 to 20, or empty for any number");
    }
    // a number beyond 2^53 has lost its digits: another product would be protected
    await refused(
      { protectedProductIds: [2 ** 53 + 1] },
      "protectedProductIds",
      /^A product id above 9007199254740991 loses its last digits as a JSON number: send it as a string/,
    );
    for (const value of PROBES.idList) {
      await refused({ protectedProductIds: value }, "protectedProductIds");
      await refused({ protectedCollectionIds: value }, "protectedCollectionIds");
    }
    // {"toString":1} was a 500; an object was stored as "[object Object]", refusing every code
    for (const customerTags of PROBES.tagList) await refused({ customerTags }, "customerTags");
    await refused({ customerTags: [{}] }, "customerTags", "A customer tag is text, not an object");
    for (const forbiddenPairs of PROBES.list) {
      await refused(
        { forbiddenPairs },
        "forbiddenPairs",
        "Forbidden pairs must be a list: a JSON array, or text with one item per line",
      );
    }
    for (const message of PROBES.text) await refused({ message }, "message");
    await refused({ message: "No codes\u0000" }, "message", "Message must not contain control characters");
    expect(await prisma.codeRuleSettings.count()).toBe(0);
  });

  it("stores ids beyond 2^53 exactly when they are sent as text, and safe JSON integers as ids", async () => {
    const response = await put({
      ...SETTINGS,
      protectedProductIds: ["9007199254740993", 42],
      protectedCollectionIds: "gid://shopify/Collection/18446744073709551615",
      maxCodes: " 3 ",
    });
    expect(response.status).toBe(200);
    expect((await response.json()).rules).toMatchObject({
      maxCodes: 3,
      protectedProductIds: ["gid://shopify/Product/9007199254740993", "gid://shopify/Product/42"],
      protectedCollectionIds: ["gid://shopify/Collection/18446744073709551615"],
    });
  });

  it("refuses Free with 403 and stores nothing", async () => {
    await setPlan(shopId, "free");
    const response = await put(SETTINGS);
    expect(response.status).toBe(403);
    expect((await response.json()).error).toBe(
      "Code rules come with the Core plan. Upgrade to turn codes away at checkout.",
    );
    expect(await prisma.codeRuleSettings.count()).toBe(0);
    expect((await (await get()).json()).available).toBe(false);
  });

  it("previews the saved settings on a cart: this cart, these codes, and why", async () => {
    await put(SETTINGS);
    const accepted = await (await preview({ cart: cart([shirt]), codes: ["SAVE20"] })).json();
    expect(accepted.summary).toBe("This cart, these codes: all accepted.");
    expect(accepted.rejected).toEqual([]);

    const sale = await (
      await preview({
        cart: cart([shirt, { title: "Wool scarf", price: 30, compareAtPrice: 45, collectionIds: [] }]),
        codes: ["SAVE20"],
      })
    ).json();
    expect(sale.rejected).toEqual(["SAVE20"]);
    expect(sale.decisions[0].text).toBe("SAVE20: rejected, because Wool scarf is already on sale ($30.00, was $45.00)");
    expect(sale.summary).toBe(
      `This cart, these codes: 1 of 1 rejected, with the message "Codes don't apply to sale items or gift cards."`,
    );

    const several = await (
      await preview({
        cart: cart([{ ...shirt, collectionIds: ["gid://shopify/Collection/55"] }], ["Wholesale"]),
        codes: ["VIP25", "WELCOME10", "THIRD"],
      })
    ).json();
    expect(several.decisions.map((decision: { text: string }) => decision.text)).toEqual([
      "VIP25: rejected, because Linen shirt is in a protected collection; codes are not for customers tagged wholesale",
      "WELCOME10: rejected, because Linen shirt is in a protected collection; codes are not for customers tagged wholesale",
      "THIRD: rejected, because Linen shirt is in a protected collection; codes are not for customers tagged wholesale",
    ]);
  });

  it("previews unsaved settings as given, saving nothing, and checks the cart", async () => {
    const draft = await (await preview({ settings: { maxCodes: "1" }, cart: cart([shirt]), codes: ["A", "B"] })).json();
    expect(draft.rejected).toEqual(["B"]);
    expect(draft.decisions[1].text).toBe("B: rejected, because only 1 code can be used together");
    expect(await prisma.codeRuleSettings.count()).toBe(0);

    const bad = await preview({ cart: cart([]), codes: [] });
    expect(bad.status).toBe(400);
    const { errors } = await bad.json();
    expect(errors.cart).toEqual(["Add at least one item to the cart"]);
    expect(errors.codes).toEqual(["Enter at least one code"]);
    expect((await preview({ settings: { maxCodes: "many" }, cart: cart([shirt]), codes: ["A"] })).status).toBe(400);
  });
});
