import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import type { PageActionResult } from "../../app/forms/page-action";
import { adminRequest, installedShops } from "../helpers/shopify";

const { action, loader } = await import("../../app/routes/_admin.rules/route");
const SHOP = "page-a.myshopify.com";
const OTHER = "page-b.myshopify.com";

async function submit(shop: string, fields: Record<string, string | string[]>) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(key, item);
  }
  const request = await adminRequest("/rules", shop, { init: { method: "POST", body } });
  const result = (await action({ request, params: {}, context: {} })) as unknown as {
    data: PageActionResult;
    init: { status: number };
  };
  return { ...result.data, httpStatus: result.init.status };
}

const ruleFields = {
  intent: "create",
  name: "Cap",
  ruleType: "max_discount",
  threshold: "30",
  thresholdUnit: "PERCENT",
  action: "alert",
};

describe("the Rules page's action", () => {
  let shopId: string;
  beforeAll(async () => {
    [shopId] = await installedShops(SHOP, OTHER);
  });
  beforeEach(async () => {
    await prisma.rule.deleteMany();
    await prisma.collectionRule.deleteMany();
    await prisma.shop.updateMany({ data: { plan: "free", planCheckedAt: new Date() } });
  });

  it("creates a rule with the product's toast", async () => {
    const result = await submit(SHOP, ruleFields);
    expect(result).toMatchObject({ ok: true, httpStatus: 200, toast: { title: "Rule created successfully" } });
    expect(await prisma.rule.findFirstOrThrow({ where: { shopId } })).toMatchObject({
      name: "Cap",
      thresholdPercent: 30,
    });
  });

  it("answers each invalid field in the form, storing nothing", async () => {
    const result = await submit(SHOP, { ...ruleFields, name: "", threshold: "abc" });
    expect(result).toMatchObject({ ok: false, httpStatus: 400, toast: { title: "Error creating rule", error: true } });
    expect(result.result?.error).toMatchObject({
      name: ["Name is required"],
      threshold: ["Must be a valid positive number"],
    });
    expect(await prisma.rule.count()).toBe(0);
  });

  it("refuses a third active rule on Free, and says why", async () => {
    await submit(SHOP, ruleFields);
    await submit(SHOP, ruleFields);
    const third = await submit(SHOP, ruleFields);
    expect(third).toMatchObject({
      ok: false,
      httpStatus: 409,
      toast: {
        title: "Error creating rule",
        description: "You've reached your 2-rule limit. Upgrade to Core for 10 rules.",
      },
    });
    const request = await adminRequest("/rules", SHOP);
    const page = (await loader({ request, params: {}, context: {} })) as {
      limitNotice: string | null;
      rules: unknown[];
    };
    expect(page.limitNotice).toBe("You've reached your 2-rule limit. Upgrade to Core for 10 rules.");
    expect(page.rules).toHaveLength(2);
  });

  it("toggles, edits and deletes, with the product's toasts", async () => {
    await submit(SHOP, ruleFields);
    const id = (await prisma.rule.findFirstOrThrow()).id;
    expect(await submit(SHOP, { intent: "toggle", id, isActive: "false" })).toMatchObject({ ok: true });
    expect((await prisma.rule.findUniqueOrThrow({ where: { id } })).isActive).toBe(false);
    const edited = await submit(SHOP, {
      ...ruleFields,
      intent: "update",
      id,
      ruleType: "max_discount_amount",
      threshold: "12.5",
    });
    expect(edited.toast?.title).toBe("Rule updated successfully");
    expect(await prisma.rule.findUniqueOrThrow({ where: { id } })).toMatchObject({
      thresholdAmountCents: 1250,
      isActive: false,
    });
    expect((await submit(SHOP, { intent: "delete", id })).toast?.title).toBe("Rule deleted successfully");
    expect(await prisma.rule.count()).toBe(0);
  });

  it("creates and deletes collection rules and saves settings", async () => {
    const created = await submit(SHOP, {
      intent: "createCollectionRule",
      collectionId: "99",
      collectionTitle: "Clearance",
      ruleType: "margin_floor",
      threshold: "15",
    });
    expect(created.toast?.title).toBe("Collection rule created");
    const id = (await prisma.collectionRule.findFirstOrThrow()).id;
    expect((await submit(SHOP, { intent: "deleteCollectionRule", id })).toast?.title).toBe("Rule deleted successfully");
    expect(
      await submit(SHOP, {
        intent: "saveStacking",
        enabled: "true",
        blockedStacking: ["DiscountCodeBasic+DiscountAutomaticBasic", "DiscountCodeBxgy+DiscountCodeFreeShipping"],
      }),
    ).toMatchObject({ ok: true, toast: { title: "Stacking rules saved" } });
    expect(await prisma.stackingSettings.findUniqueOrThrow({ where: { shopId } })).toMatchObject({
      enabled: true,
      blockedStacking: [
        ["DiscountCodeBasic", "DiscountAutomaticBasic"],
        ["DiscountCodeBxgy", "DiscountCodeFreeShipping"],
      ],
    });
    const bad = await submit(SHOP, {
      intent: "saveBlocking",
      instantBlocking: "true",
      staffOverride: "true",
      customerMessage: "",
    });
    expect(bad).toMatchObject({ ok: false, toast: { title: "Failed to save blocking settings" } });
    expect((await prisma.blockingSettings.findUniqueOrThrow({ where: { shopId } })).instantBlocking).toBe(false);
  });

  it("never touches another shop's rules", async () => {
    await submit(SHOP, ruleFields);
    const id = (await prisma.rule.findFirstOrThrow()).id;
    expect(await submit(OTHER, { intent: "toggle", id, isActive: "false" })).toMatchObject({
      ok: false,
      httpStatus: 404,
      toast: { title: "Failed to update rule status" },
    });
    expect(await submit(OTHER, { ...ruleFields, intent: "update", id, name: "Stolen" })).toMatchObject({
      ok: false,
      httpStatus: 404,
    });
    expect(await submit(OTHER, { intent: "delete", id })).toMatchObject({
      ok: false,
      toast: { title: "Error deleting rule", description: "Failed to delete rule: 404 Rule not found" },
    });
    expect(await prisma.rule.findUniqueOrThrow({ where: { id } })).toMatchObject({ name: "Cap", isActive: true });
    const otherPage = (await loader({ request: await adminRequest("/rules", OTHER), params: {}, context: {} })) as {
      rules: unknown[];
    };
    expect(otherPage.rules).toEqual([]);
  });
});
