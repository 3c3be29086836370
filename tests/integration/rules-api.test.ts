import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { ensureShop } from "../../app/db/shops.server";
import { adminRequest, settle, storeOfflineSession } from "../helpers/shopify";
import { TEST_APP_URL } from "../helpers/test-env";
import { PROBES } from "../fuzz/inputs";

const SHOP_A = "shop-a.myshopify.com";
const SHOP_B = "shop-b.myshopify.com";

const routes = {
  rules: await import("../../app/routes/api.rules"),
  rule: await import("../../app/routes/api.rules.$id"),
  shopRules: await import("../../app/routes/api.shops.$shopId.rules"),
  collections: await import("../../app/routes/api.rules.collections"),
  createCollection: await import("../../app/routes/api.rules.collections.create"),
  collection: await import("../../app/routes/api.rules.collections.$id"),
  stacking: await import("../../app/routes/api.rules.stacking"),
  blocking: await import("../../app/routes/api.rules.blocking"),
};

type Handler = (args: {
  request: Request;
  params: Record<string, string>;
  context: Record<string, unknown>;
}) => unknown;

/** Calls a route as the given shop, returning the Response it returned or threw. */
async function call(
  handler: Handler,
  shop: string,
  path: string,
  init: { method?: string; body?: unknown } = {},
  params: Record<string, string> = {},
) {
  const request = await adminRequest(path, shop, {
    init: {
      method: init.method ?? "GET",
      ...(init.body !== undefined
        ? { body: JSON.stringify(init.body), headers: { "Content-Type": "application/json" } }
        : {}),
    },
  });
  return (await settle(() => Promise.resolve(handler({ request, params, context: {} })))) as Response;
}

const rule = (overrides: Record<string, unknown> = {}) => ({
  name: "Cap at 30%",
  ruleType: "max_discount",
  threshold: "30",
  thresholdUnit: "PERCENT",
  action: "alert",
  conditions: {},
  ...overrides,
});

let shopA: { id: string };
let shopB: { id: string };

async function setPlan(id: string, plan: string) {
  await prisma.shop.update({ where: { id }, data: { plan, planCheckedAt: new Date() } });
}

describe("rules JSON API", () => {
  beforeAll(async () => {
    shopA = await ensureShop(SHOP_A);
    shopB = await ensureShop(SHOP_B);
    await storeOfflineSession(SHOP_A);
    await storeOfflineSession(SHOP_B);
  });
  beforeEach(async () => {
    await prisma.rule.deleteMany();
    await prisma.collectionRule.deleteMany();
    await prisma.auditEvent.deleteMany();
    await prisma.eventRollup.deleteMany();
    await setPlan(shopA.id, "core");
    await setPlan(shopB.id, "core");
  });

  it.each([
    ["max_discount", rule(), { thresholdUnit: "PERCENT", thresholdPercent: 30, thresholdAmountCents: null }],
    [
      "max_discount_amount",
      rule({ ruleType: "max_discount_amount", threshold: "49.99", thresholdUnit: undefined }),
      { thresholdUnit: "AMOUNT", thresholdAmountCents: 4999, thresholdPercent: null },
    ],
    [
      "margin_floor",
      rule({ ruleType: "margin_floor", threshold: 25, thresholdUnit: "AMOUNT" }),
      { thresholdUnit: "PERCENT", thresholdPercent: 25, thresholdAmountCents: null },
    ],
    [
      "stacking_prevention",
      rule({ ruleType: "stacking_prevention", threshold: "0", thresholdUnit: undefined }),
      { thresholdUnit: "AMOUNT", thresholdAmountCents: 0 },
    ],
  ])("creates a %s rule with the product's storage and records rule_created", async (_type, body, stored) => {
    const response = await call(
      routes.shopRules.action,
      SHOP_A,
      `/api/shops/${shopA.id}/rules`,
      { method: "POST", body },
      { shopId: shopA.id },
    );
    expect(response.status).toBe(201);
    const created = await response.json();
    expect(created).toMatchObject({
      ...stored,
      shopId: shopA.id,
      currency: "USD",
      priority: 0,
      isActive: true,
      conditions: {},
    });
    const event = await prisma.auditEvent.findFirstOrThrow({ where: { shopId: shopA.id } });
    expect(event).toMatchObject({ eventType: "rule_created", ruleId: created.id, ruleName: "Cap at 30%" });
  });

  it.each([
    ["name", { name: "" }, "Name is required"],
    ["ruleType", { ruleType: "" }, "Rule type is required"],
    ["threshold", { threshold: "" }, "Threshold is required"],
    ["threshold", { threshold: "-2" }, "Must be a valid positive number"],
    ["threshold", { threshold: "150" }, "Must be 100 or less for a percentage"],
    ["action", { action: undefined }, "Action is required"],
    ["action", { action: "block" }, "Block Checkout is coming soon with the Plus plan"],
    ["conditions", { conditions: [] }, "Conditions must be an object"],
  ])("refuses a bad %s with its message and stores nothing", async (field, overrides, message) => {
    const response = await call(routes.rules.action, SHOP_A, "/api/rules", { method: "POST", body: rule(overrides) });
    expect(response.status).toBe(400);
    expect((await response.json()).errors[field]).toContain(message);
    expect(await prisma.rule.count()).toBe(0);
    expect(await prisma.auditEvent.count()).toBe(0);
  });

  it("refuses every probe of a wrong type with 400, the field named, and stores nothing", async () => {
    const refused = async (handler: Handler, path: string, body: Record<string, unknown>, field: string) => {
      const response = await call(handler, SHOP_A, path, { method: "POST", body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys((await response.json()).errors), JSON.stringify(body)).toEqual([field]);
    };
    for (const priority of PROBES.wholeNumber) {
      await refused(routes.rules.action, "/api/rules", rule({ priority }), "priority");
    }
    for (const threshold of PROBES.decimal) {
      await refused(routes.rules.action, "/api/rules", rule({ threshold }), "threshold");
    }
    for (const name of PROBES.text) await refused(routes.rules.action, "/api/rules", rule({ name }), "name");
    for (const description of PROBES.text) {
      await refused(routes.rules.action, "/api/rules", rule({ description }), "description");
    }
    const collectionRule = { collectionId: "7", ruleType: "margin_floor", threshold: 20, action: "alert" };
    for (const collectionId of PROBES.id) {
      await refused(
        routes.createCollection.action,
        "/api/rules/collections/create",
        { ...collectionRule, collectionId },
        "collectionId",
      );
    }
    for (const collectionTitle of PROBES.text) {
      await refused(
        routes.createCollection.action,
        "/api/rules/collections/create",
        { ...collectionRule, collectionTitle },
        "collectionTitle",
      );
    }
    expect(await prisma.rule.count()).toBe(0);
    expect(await prisma.collectionRule.count()).toBe(0);
    expect(await prisma.auditEvent.count()).toBe(0);

    const blocking = await (await call(routes.blocking.loader, SHOP_A, "/api/rules/blocking")).json();
    for (const customerMessage of PROBES.text) {
      await refused(routes.blocking.action, "/api/rules/blocking", { ...blocking, customerMessage }, "customerMessage");
    }
    const stacking = await (await call(routes.stacking.loader, SHOP_A, "/api/rules/stacking")).json();
    for (const blockedStacking of PROBES.list) {
      await refused(
        routes.stacking.action,
        "/api/rules/stacking",
        { enabled: true, blockedStacking },
        "blockedStacking",
      );
    }
    expect(await (await call(routes.blocking.loader, SHOP_A, "/api/rules/blocking")).json()).toEqual(blocking);
    expect(await (await call(routes.stacking.loader, SHOP_A, "/api/rules/stacking")).json()).toEqual(stacking);
  });

  it("stores a collection id beyond 2^53 exactly when sent as text, and tells to send a large number as text", async () => {
    const body = { collectionId: 2 ** 53 + 1, ruleType: "margin_floor", threshold: 20, action: "alert" };
    const lossy = await call(routes.createCollection.action, SHOP_A, "/api/rules/collections/create", {
      method: "POST",
      body,
    });
    expect(lossy.status).toBe(400);
    expect((await lossy.json()).errors.collectionId[0]).toMatch(/send it as a string/);
    const exact = await call(routes.createCollection.action, SHOP_A, "/api/rules/collections/create", {
      method: "POST",
      body: { ...body, collectionId: "9007199254740993", collectionTitle: "Big ids" },
    });
    expect(exact.status).toBe(201);
    expect((await prisma.collectionRule.findFirstOrThrow()).collectionId).toBe(
      "gid://shopify/Collection/9007199254740993",
    );
  });

  it("refuses a body that is not JSON", async () => {
    const request = await adminRequest("/api/rules", SHOP_A, {
      init: { method: "POST", body: "nope", headers: { "Content-Type": "application/json" } },
    });
    const response = await routes.rules
      .action({ request, params: {}, context: {} })
      .catch((thrown: Response) => thrown);
    expect(response.status).toBe(400);
  });

  it("limits Free to 2 active rules: creating or turning on a third is refused with 409", async () => {
    await setPlan(shopA.id, "free");
    for (let i = 0; i < 2; i += 1) {
      expect(
        (await call(routes.rules.action, SHOP_A, "/api/rules", { method: "POST", body: rule({ name: `R${i}` }) }))
          .status,
      ).toBe(201);
    }
    const third = await call(routes.rules.action, SHOP_A, "/api/rules", { method: "POST", body: rule({ name: "R3" }) });
    expect(third.status).toBe(409);
    expect((await third.json()).error).toBe("You've reached your 2-rule limit. Upgrade to Core for 10 rules.");
    // An inactive rule fits, but cannot be turned on.
    const paused = await call(routes.rules.action, SHOP_A, "/api/rules", {
      method: "POST",
      body: rule({ name: "Paused", isActive: false }),
    });
    expect(paused.status).toBe(201);
    const { id } = await paused.json();
    const toggle = await call(
      routes.rule.action,
      SHOP_A,
      `/api/rules/${id}`,
      { method: "PUT", body: { isActive: true } },
      { id },
    );
    expect(toggle.status).toBe(409);
    expect(await prisma.rule.count({ where: { shopId: shopA.id, isActive: true } })).toBe(2);
    // Collection rules count toward the limit too.
    const collection = await call(routes.createCollection.action, SHOP_A, "/api/rules/collections/create", {
      method: "POST",
      body: { collectionId: "1", collectionTitle: "Sale", ruleType: "margin_floor", threshold: 20, action: "alert" },
    });
    expect(collection.status).toBe(409);
  });

  it("limits Core to 10 active rules, and Plus to none", async () => {
    for (let i = 0; i < 10; i += 1) {
      expect(
        (await call(routes.rules.action, SHOP_A, "/api/rules", { method: "POST", body: rule({ name: `R${i}` }) }))
          .status,
      ).toBe(201);
    }
    const eleventh = await call(routes.rules.action, SHOP_A, "/api/rules", {
      method: "POST",
      body: rule({ name: "R11" }),
    });
    expect(eleventh.status).toBe(409);
    expect((await eleventh.json()).error).toBe(
      "Your Core plan allows 10 active rules. Upgrade to Plus for unlimited rules (coming soon).",
    );
    await setPlan(shopA.id, "plus");
    expect(
      (await call(routes.rules.action, SHOP_A, "/api/rules", { method: "POST", body: rule({ name: "R11" }) })).status,
    ).toBe(201);
  });

  it("edits, toggles and deletes a rule", async () => {
    const { id } = await (
      await call(routes.rules.action, SHOP_A, "/api/rules", { method: "POST", body: rule() })
    ).json();
    const edited = await call(
      routes.rule.action,
      SHOP_A,
      `/api/rules/${id}`,
      {
        method: "PUT",
        body: rule({ name: "Cap at $20", ruleType: "max_discount_amount", threshold: "20", thresholdUnit: undefined }),
      },
      { id },
    );
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({
      name: "Cap at $20",
      thresholdAmountCents: 2000,
      thresholdUnit: "AMOUNT",
      thresholdPercent: null,
    });
    const off = await call(
      routes.rule.action,
      SHOP_A,
      `/api/rules/${id}`,
      { method: "PUT", body: { isActive: false } },
      { id },
    );
    expect((await off.json()).isActive).toBe(false);
    const got = await call(routes.rule.loader, SHOP_A, `/api/rules/${id}`, {}, { id });
    expect((await got.json()).isActive).toBe(false);
    expect((await call(routes.rule.action, SHOP_A, `/api/rules/${id}`, { method: "DELETE" }, { id })).status).toBe(204);
    expect(await prisma.rule.count()).toBe(0);
  });

  it("updates only what a partial PUT gives, validating it, and keeps the rest", async () => {
    const { id } = await (
      await call(routes.rules.action, SHOP_A, "/api/rules", {
        method: "POST",
        body: rule({ description: "Summer limit", priority: 5 }),
      })
    ).json();
    const put = (body: unknown) =>
      call(routes.rule.action, SHOP_A, `/api/rules/${id}`, { method: "PUT", body }, { id });
    const tagged = await put({ orderActions: { tag: true } });
    expect(tagged.status).toBe(200);
    expect(await tagged.json()).toMatchObject({
      name: "Cap at 30%",
      description: "Summer limit",
      ruleType: "max_discount",
      thresholdPercent: 30,
      priority: 5,
      isActive: true,
      orderActions: { tag: true, hold: false, flow: false },
    });
    expect(await (await put({ threshold: "45" })).json()).toMatchObject({
      name: "Cap at 30%",
      thresholdPercent: 45,
      orderActions: { tag: true },
    });
    // a new type without a unit takes the type's own
    expect(await (await put({ ruleType: "max_discount_amount", threshold: "25" })).json()).toMatchObject({
      thresholdUnit: "AMOUNT",
      thresholdAmountCents: 2_500,
      description: "Summer limit",
    });
    // what is given is validated as the edit dialog's form; a refusal changes nothing
    const bad = await put({ name: "  " });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors.name).toEqual(["Name is required"]);
    expect(await prisma.rule.findUniqueOrThrow({ where: { id } })).toMatchObject({ name: "Cap at 30%" });
    const missing = await call(
      routes.rule.action,
      SHOP_A,
      "/api/rules/nope",
      { method: "PUT", body: { threshold: 5 } },
      { id: "nope" },
    );
    expect(missing.status).toBe(404);
  });

  it("lists collection rules mapped into rules, creates and deletes them", async () => {
    const created = await call(routes.createCollection.action, SHOP_A, "/api/rules/collections/create", {
      method: "POST",
      body: {
        collectionId: "424242",
        collectionTitle: "Summer Sale",
        ruleType: "margin_floor",
        threshold: 20,
        action: "alert",
      },
    });
    expect(created.status).toBe(201);
    const mapped = await created.json();
    expect(mapped).toMatchObject({
      ruleType: "collection_rule",
      name: "Summer Sale - Margin Floor",
      thresholdUnit: "PERCENT",
      thresholdPercent: 20,
    });
    const list = await (await call(routes.collections.loader, SHOP_A, "/api/rules/collections")).json();
    expect(list).toHaveLength(1);
    const bad = await call(routes.createCollection.action, SHOP_A, "/api/rules/collections/create", {
      method: "POST",
      body: { collectionId: "summer", ruleType: "margin_floor", threshold: 20 },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors.collectionId).toEqual([
      "Enter a collection id such as 123456789 or gid://shopify/Collection/123456789",
    ]);
    expect(
      (
        await call(
          routes.collection.action,
          SHOP_A,
          `/api/rules/collections/${mapped.id}`,
          { method: "DELETE" },
          { id: mapped.id },
        )
      ).status,
    ).toBe(204);
    expect(await prisma.collectionRule.count()).toBe(0);
  });

  it("keeps a collection rule's Maximum Discount (%) a percentage and its Maximum Discount ($) money", async () => {
    const create = (body: Record<string, unknown>) =>
      call(routes.createCollection.action, SHOP_A, "/api/rules/collections/create", {
        method: "POST",
        body: { collectionId: "31", collectionTitle: "Hats", action: "alert", ...body },
      });
    const percent = await create({ ruleType: "max_discount", threshold: 12 });
    expect(percent.status).toBe(201);
    expect(await percent.json()).toMatchObject({
      description: "Maximum 12% discount allowed for Hats collection",
      thresholdUnit: "PERCENT",
      thresholdPercent: 12,
      thresholdAmountCents: null,
    });
    const amount = await create({ ruleType: "max_discount_amount", threshold: 150 });
    expect(await amount.json()).toMatchObject({
      name: "Hats - Max Discount ($)",
      description: "Maximum $150.00 discount allowed for Hats collection",
      thresholdUnit: "AMOUNT",
      thresholdAmountCents: 15_000,
    });
    // a percentage past 100 is refused and saves nothing, on create and on edit
    const tooHigh = await create({ ruleType: "max_discount", threshold: 150 });
    expect(tooHigh.status).toBe(400);
    expect((await tooHigh.json()).errors.threshold).toEqual(["Must be 100 or less for a percentage"]);
    const { id } = await (await create({ ruleType: "margin_floor", threshold: 20 })).json();
    const edit = await call(
      routes.collection.action,
      SHOP_A,
      `/api/rules/collections/${id}`,
      { method: "PUT", body: { collectionId: "31", ruleType: "max_discount", threshold: 101 } },
      { id },
    );
    expect(edit.status).toBe(400);
    expect(await prisma.collectionRule.count()).toBe(3);
    expect(await prisma.collectionRule.findUniqueOrThrow({ where: { id } })).toMatchObject({
      ruleType: "margin_floor",
      threshold: 20,
    });
    const listed = await (await call(routes.collections.loader, SHOP_A, "/api/rules/collections")).json();
    expect(listed.map((item: { thresholdUnit: string }) => item.thresholdUnit)).toEqual([
      "PERCENT",
      "AMOUNT",
      "PERCENT",
    ]);
  });

  it("edits and toggles a collection rule, within the plan's limit and the caller's shop", async () => {
    await setPlan(shopA.id, "free");
    const created = await call(routes.createCollection.action, SHOP_A, "/api/rules/collections/create", {
      method: "POST",
      body: { collectionId: "777", collectionTitle: "Caps", ruleType: "margin_floor", threshold: 20, action: "alert" },
    });
    const { id } = await created.json();
    const put = (shop: string, body: unknown) =>
      call(routes.collection.action, shop, `/api/rules/collections/${id}`, { method: "PUT", body }, { id });

    const edited = await put(SHOP_A, {
      collectionId: "778",
      collectionTitle: "Beanies",
      ruleType: "max_discount",
      threshold: 12.5,
      action: "alert",
    });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({
      name: "Beanies - Max Discount",
      collectionRuleType: "max_discount",
      thresholdUnit: "PERCENT",
      thresholdPercent: 12.5,
      thresholdAmountCents: null,
    });
    const off = await put(SHOP_A, { isActive: false });
    expect(await off.json()).toMatchObject({ isActive: false });
    // the other shop can neither edit nor toggle it
    expect((await put(SHOP_B, { isActive: true })).status).toBe(404);
    expect((await put(SHOP_B, { collectionId: "1", ruleType: "margin_floor", threshold: 1 })).status).toBe(404);
    // turning it back on counts against Free's two active rules
    for (const name of ["One", "Two"]) {
      await call(routes.rules.action, SHOP_A, "/api/rules", { method: "POST", body: rule({ name }) });
    }
    const refused = await put(SHOP_A, { isActive: true });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error).toBe("You've reached your 2-rule limit. Upgrade to Core for 10 rules.");
    expect((await prisma.collectionRule.findUniqueOrThrow({ where: { id } })).isActive).toBe(false);
    await setPlan(shopA.id, "core");
  });

  it("keeps stacking and blocking settings", async () => {
    expect(await (await call(routes.blocking.loader, SHOP_A, "/api/rules/blocking")).json()).toEqual({
      instantBlocking: false,
      staffOverride: true,
      customerMessage: "This discount combination isn't allowed. Please contact support for assistance.",
    });
    const stacking = { enabled: true, blockedStacking: [["DiscountCodeBasic", "DiscountAutomaticBasic"]] };
    expect(
      (await call(routes.stacking.action, SHOP_A, "/api/rules/stacking", { method: "POST", body: stacking })).status,
    ).toBe(200);
    expect(await (await call(routes.stacking.loader, SHOP_A, "/api/rules/stacking")).json()).toEqual(stacking);
    const blocking = {
      instantBlocking: true,
      staffOverride: false,
      customerMessage: "Only one code per order, please.",
    };
    expect(
      (await call(routes.blocking.action, SHOP_A, "/api/rules/blocking", { method: "POST", body: blocking })).status,
    ).toBe(200);
    expect(await (await call(routes.blocking.loader, SHOP_A, "/api/rules/blocking")).json()).toEqual(blocking);
    const bad = await call(routes.blocking.action, SHOP_A, "/api/rules/blocking", {
      method: "POST",
      body: { customerMessage: "" },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors.customerMessage).toEqual(["Customer message is required"]);
    expect((await (await call(routes.blocking.loader, SHOP_A, "/api/rules/blocking")).json()).customerMessage).toBe(
      "Only one code per order, please.",
    );
    // the product's other name for the list, preventedCategories, is read the same
    const prevented = { enabled: true, preventedCategories: [["DiscountCodeBasic", "DiscountCodeFreeShipping"]] };
    expect(
      (await call(routes.stacking.action, SHOP_A, "/api/rules/stacking", { method: "POST", body: prevented })).status,
    ).toBe(200);
    expect(await (await call(routes.stacking.loader, SHOP_A, "/api/rules/stacking")).json()).toEqual({
      enabled: true,
      blockedStacking: [["DiscountCodeBasic", "DiscountCodeFreeShipping"]],
    });
    const badStacking = await call(routes.stacking.action, SHOP_A, "/api/rules/stacking", {
      method: "POST",
      body: { blockedStacking: [["DiscountCodeBasic"]] },
    });
    expect(badStacking.status).toBe(400);
  });

  it("answers 401 in JSON without a session token", async () => {
    const response = await routes.rules
      .loader({ request: new Request(`${TEST_APP_URL}/api/rules`), params: {}, context: {} })
      .catch((thrown: Response) => thrown);
    expect(response.status).toBe(401);
    expect((await response.json()).error).toMatch(/Unauthorized/);
  });

  it("never lets another shop list, edit, toggle or delete a shop's rules", async () => {
    const { id } = await (
      await call(routes.rules.action, SHOP_A, "/api/rules", { method: "POST", body: rule() })
    ).json();
    const collection = await (
      await call(routes.createCollection.action, SHOP_A, "/api/rules/collections/create", {
        method: "POST",
        body: { collectionId: "7", collectionTitle: "Socks", ruleType: "max_discount", threshold: 5 },
      })
    ).json();
    await call(routes.stacking.action, SHOP_A, "/api/rules/stacking", {
      method: "POST",
      body: { enabled: true, blockedStacking: [] },
    });

    expect(await (await call(routes.rules.loader, SHOP_B, "/api/rules")).json()).toEqual([]);
    expect(await (await call(routes.collections.loader, SHOP_B, "/api/rules/collections")).json()).toEqual([]);
    expect(
      (await call(routes.shopRules.loader, SHOP_B, `/api/shops/${shopA.id}/rules`, {}, { shopId: shopA.id })).status,
    ).toBe(403);
    expect(
      (await call(routes.shopRules.loader, SHOP_B, `/api/shops/${SHOP_A}/rules`, {}, { shopId: SHOP_A })).status,
    ).toBe(403);
    expect(
      (
        await call(
          routes.shopRules.action,
          SHOP_B,
          `/api/shops/${shopA.id}/rules`,
          { method: "POST", body: rule() },
          { shopId: shopA.id },
        )
      ).status,
    ).toBe(403);
    expect((await call(routes.rule.loader, SHOP_B, `/api/rules/${id}`, {}, { id })).status).toBe(404);
    expect(
      (
        await call(
          routes.rule.action,
          SHOP_B,
          `/api/rules/${id}`,
          { method: "PUT", body: rule({ name: "Mine now" }) },
          { id },
        )
      ).status,
    ).toBe(404);
    expect(
      (await call(routes.rule.action, SHOP_B, `/api/rules/${id}`, { method: "PUT", body: { isActive: false } }, { id }))
        .status,
    ).toBe(404);
    expect((await call(routes.rule.action, SHOP_B, `/api/rules/${id}`, { method: "DELETE" }, { id })).status).toBe(404);
    expect(
      (
        await call(
          routes.collection.action,
          SHOP_B,
          `/api/rules/collections/${collection.id}`,
          { method: "DELETE" },
          { id: collection.id },
        )
      ).status,
    ).toBe(404);
    expect((await (await call(routes.stacking.loader, SHOP_B, "/api/rules/stacking")).json()).enabled).toBe(false);

    const untouched = await prisma.rule.findUniqueOrThrow({ where: { id } });
    expect(untouched).toMatchObject({ shopId: shopA.id, name: "Cap at 30%", isActive: true });
    expect(await prisma.collectionRule.count({ where: { shopId: shopA.id } })).toBe(1);
    // The caller's own shop id or domain works.
    expect(
      (await call(routes.shopRules.loader, SHOP_A, `/api/shops/${SHOP_A}/rules`, {}, { shopId: SHOP_A })).status,
    ).toBe(200);
  });
});
