// The APIs' names, probed as a client would: each name round-trips through its API, and bad
// input to each is a 400 naming the field that leaves what was stored exactly as it was (not only
// "nothing new": a saved rule, cost settings and code rules keep every field).
import { beforeAll, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { DEMO_CODE_RULES_DISCOUNT_IDS, demoShopDiscounts } from "../../app/demo/shop-discounts";
import { newStandInState } from "../../app/demo/admin-stand-in";
import { installFakeAdminApi } from "../helpers/fake-admin-api";
import { coreShopWithLimit } from "../helpers/breaches";
import { adminRequest, callRoute, settle, storeOfflineSession } from "../helpers/shopify";

const rules = await import("../../app/routes/api.rules");
const rule = await import("../../app/routes/api.rules.$id");
const costs = await import("../../app/routes/api.settings.costs");
const codeRules = await import("../../app/routes/api.config.code-rules._index");

const SHOP = "api-names.myshopify.com";
const state = newStandInState();
// the shop's code rules' codes alone (app/demo/shop-discounts.ts): the codes the cap decides here
state.shopDiscounts = new Map(
  demoShopDiscounts()
    .filter((node) => DEMO_CODE_RULES_DISCOUNT_IDS.includes(node.id))
    .map((node) => [node.id, node]),
);
installFakeAdminApi([], { standIn: state });
let shopId = "";

async function putRule(id: string, body: unknown) {
  const request = await adminRequest(`/api/rules/${id}`, SHOP, {
    init: { method: "PUT", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } },
  });
  return (await settle(() => Promise.resolve(rule.action({ request, params: { id }, context: {} })))) as Response;
}
const fieldsOf = async (response: Response) => Object.keys((await response.json()).errors ?? {});

beforeAll(async () => {
  shopId = await coreShopWithLimit(SHOP, "Europe/Berlin");
  await storeOfflineSession(SHOP);
});

describe("the APIs' names", () => {
  it("/api/rules: status testing and dates with an offset round-trip; bad ones change nothing", async () => {
    const created = await callRoute(rules.action, "/api/rules", SHOP, "POST", {
      name: "Black Friday week",
      ruleType: "max_discount",
      threshold: "25",
      thresholdUnit: "PERCENT",
      action: "alert",
      status: "testing",
      startsAt: "2026-11-27T00:00:00-05:00",
      endsAt: "2026-12-01T00:00",
    });
    expect(created.status).toBe(201);
    const view = await created.json();
    // the offset one as written, shown in Berlin's zone; the one without, read in Berlin's zone
    expect(view).toMatchObject({
      status: "testing",
      isActive: true,
      startsAt: "2026-11-27T06:00:00+01:00",
      endsAt: "2026-12-01T00:00:00+01:00",
    });
    const before = await prisma.rule.findUniqueOrThrow({ where: { id: view.id } });
    for (const [body, field] of [
      [{ status: "paused" }, "status"],
      [{ startsAt: "next friday" }, "startsAt"],
      [{ endsAt: "2026-11-26T00:00:00+01:00" }, "endsAt"],
      [{ status: "inactive", isActive: true }, "status"],
    ] as const) {
      const response = await putRule(view.id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await fieldsOf(response)).toContain(field);
    }
    expect(await prisma.rule.findUniqueOrThrow({ where: { id: view.id } })).toEqual(before);
  });

  it("/api/settings/costs: paymentFeePercent and gateway rates round-trip; bad input changes nothing", async () => {
    const saved = await callRoute(costs.action, "/api/settings/costs", SHOP, "PUT", {
      paymentFeesEnabled: true,
      paymentFeePercent: 2.7,
      gatewayFees: [{ gateway: "paypal", percent: 3.49, fixedCents: 49 }],
    });
    expect(saved.status).toBe(200);
    const before = await (await callRoute(costs.loader, "/api/settings/costs", SHOP)).json();
    expect(before).toMatchObject({ paymentFeePercent: 2.7, gatewayFees: [{ gateway: "paypal", percent: 3.49 }] });
    for (const [body, field] of [
      [{ paymentFeePercent: 21 }, "paymentFeePercent"],
      [{ paymentFeePercent: 1, gatewayFees: [{ gateway: "", percent: 1, fixedCents: 0 }] }, "gatewayFees.0.gateway"],
      [
        {
          gatewayFees: [
            { gateway: "paypal", percent: 1, fixedCents: 0 },
            { gateway: "PayPal", percent: 2, fixedCents: 0 },
          ],
        },
        "gatewayFees",
      ],
      [{ shippingCostCents: 100_001 }, "shippingCostCents"],
    ] as const) {
      const response = await callRoute(costs.action, "/api/settings/costs", SHOP, "PUT", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await fieldsOf(response)).toEqual([field]);
    }
    expect(await (await callRoute(costs.loader, "/api/settings/costs", SHOP)).json()).toEqual(before);
  });

  it("/api/config/code-rules: maxDiscountPercent and backupCode round-trip; bad ones change nothing", async () => {
    const saved = await callRoute(codeRules.action, "/api/config/code-rules", SHOP, "PUT", {
      maxDiscountPercent: 30,
      backupCode: "BACKUP10",
    });
    expect(saved.status).toBe(200);
    const before = await (await callRoute(codeRules.loader, "/api/config/code-rules", SHOP)).json();
    expect(before.settings).toMatchObject({ maxDiscountPercent: 30, backupCode: "BACKUP10" });
    const row = await prisma.codeRuleSettings.findUniqueOrThrow({ where: { shopId } });
    for (const [body, field] of [
      [{ maxDiscountPercent: 101 }, "maxDiscountPercent"],
      [{ maxDiscountPercent: 20, backupCode: "NO SPACES" }, "backupCode"],
    ] as const) {
      const response = await callRoute(codeRules.action, "/api/config/code-rules", SHOP, "PUT", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await fieldsOf(response)).toEqual([field]);
    }
    expect(await prisma.codeRuleSettings.findUniqueOrThrow({ where: { shopId } })).toEqual(row);
    expect(await (await callRoute(codeRules.loader, "/api/config/code-rules", SHOP)).json()).toEqual(before);
  });
});
