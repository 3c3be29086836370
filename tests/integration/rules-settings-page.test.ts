import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import type { PageActionResult } from "../../app/forms/page-action";
import { adminRequest, installedShops } from "../helpers/shopify";

// /rules/settings: the stacking and blocking settings as one form (docs/product.md#rules)
const { action, loader } = await import("../../app/routes/_admin.rules_.settings");
const SHOP = "settings-a.myshopify.com";
const OTHER = "settings-b.myshopify.com";

async function submit(shop: string, fields: Record<string, string | string[]>) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(key, item);
  }
  const request = await adminRequest("/rules/settings", shop, { init: { method: "POST", body } });
  const result = (await action({ request, params: {}, context: {} })) as unknown as {
    data: PageActionResult;
    init: { status: number };
  };
  return { ...result.data, httpStatus: result.init.status };
}

async function shown(shop: string) {
  return loader({ request: await adminRequest("/rules/settings", shop), params: {}, context: {} });
}

const SETTINGS = {
  intent: "saveSettings",
  enabled: "true",
  blockedStacking: ["DiscountCodeBxgy+DiscountCodeFreeShipping"],
  instantBlocking: "true",
  staffOverride: "false",
  customerMessage: "One promotion per order, please.",
};

describe("the Stacking & blocking page", () => {
  let shopId: string;
  beforeAll(async () => {
    [shopId] = await installedShops(SHOP, OTHER);
  });
  beforeEach(async () => {
    await prisma.stackingSettings.deleteMany();
    await prisma.blockingSettings.deleteMany();
  });

  it("shows the shop's settings, the defaults at first", async () => {
    expect(await shown(SHOP)).toMatchObject({
      settings: {
        stacking: { enabled: false, blockedStacking: [] },
        blocking: { instantBlocking: false, staffOverride: true },
      },
    });
  });

  it("saves both settings with one post and one toast", async () => {
    expect(await submit(SHOP, SETTINGS)).toMatchObject({
      ok: true,
      httpStatus: 200,
      toast: { title: "Stacking and blocking settings saved" },
    });
    expect(await shown(SHOP)).toEqual({
      settings: {
        stacking: { enabled: true, blockedStacking: [["DiscountCodeBxgy", "DiscountCodeFreeShipping"]] },
        blocking: { instantBlocking: true, staffOverride: false, customerMessage: "One promotion per order, please." },
      },
    });
    // another shop's settings are its own
    expect(await shown(OTHER)).toMatchObject({ settings: { stacking: { enabled: false, blockedStacking: [] } } });
  });

  it("refuses a bad field and saves neither setting", async () => {
    const refused = await submit(SHOP, { ...SETTINGS, customerMessage: "" });
    expect(refused).toMatchObject({
      ok: false,
      httpStatus: 400,
      toast: { title: "Failed to save stacking and blocking settings", error: true },
    });
    expect(refused.result?.error).toMatchObject({ customerMessage: ["Customer message is required"] });
    const badPair = await submit(SHOP, { ...SETTINGS, blockedStacking: ["DiscountCodeBxgy+Nonsense"] });
    expect(badPair).toMatchObject({ ok: false, httpStatus: 400 });
    expect(await prisma.stackingSettings.count({ where: { shopId } })).toBe(0);
    expect((await shown(SHOP)).settings.blocking).toMatchObject({ instantBlocking: false, staffOverride: true });
  });

  it("keeps the earlier intents, each with its own toast", async () => {
    expect(
      await submit(SHOP, {
        intent: "saveStacking",
        enabled: "true",
        blockedStacking: "DiscountCodeBasic+DiscountAutomaticBasic",
      }),
    ).toMatchObject({ ok: true, toast: { title: "Stacking rules saved" } });
    expect(
      await submit(SHOP, {
        intent: "saveBlocking",
        instantBlocking: "false",
        staffOverride: "true",
        customerMessage: "",
      }),
    ).toMatchObject({ ok: false, toast: { title: "Failed to save blocking settings" } });
  });
});
