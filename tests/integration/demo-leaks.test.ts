// The demo store's leaked codes (docs/product.md#leaked-codes): VIP500, meant for
// 500 "vip" customers, spikes in the seed's current hour from outside its segment in many
// countries; it is flagged once with the signals that fired, and the stand-in of Shopify can
// deactivate it. CREATOR15 has no audience size: it burns through 90 % of Shopify's usage limit
// in under a day and is flagged for that alone (docs/product.md#leaked-codes).
import { describe, expect, it } from "vitest";
import { answerStandIn, newStandInState } from "../../app/demo/admin-stand-in";
import { DEMO_LEAKED_DISCOUNT_ID, DEMO_LIMITED_DISCOUNT_ID } from "../../app/demo/shop-discounts";
import { DEMO_SEEDED_AT, seededDemoStore } from "../helpers/seeded-demo";

process.env.SHOPIFY_API_KEY = "";
process.env.NODE_ENV = "development";

// the demo store seeded once for the run, at DEMO_SEEDED_AT, copied into this file's database
const seeded = await seededDemoStore();

describe("the demo store's leaked code", () => {
  it("flags VIP500 (velocity, segment, countries) and CREATOR15 (Shopify's usage limit), once each", async () => {
    const prisma = (await import("../../app/db.server")).default;
    const { listCodes } = await import("../../app/services/leaks/codes.server");
    const now = DEMO_SEEDED_AT;
    const { shop } = seeded;
    const codes = await listCodes({ id: shop.id, plan: "core" }, { limit: 500 }, now);
    const vip = codes.find((code) => code.code === "VIP500");
    expect(codes[0].code).toBe("VIP500");
    expect(vip).toMatchObject({
      uses: 52,
      lastHourUses: 36,
      audienceSize: 500,
      segmentTags: ["vip"],
      countries: 9,
      leakSuspected: true,
    });
    expect(vip?.signals.map((signal) => signal.name)).toEqual(["velocity_spike", "segment_breach", "country_spread"]);
    const events = await prisma.auditEvent.findMany({ where: { shopId: shop.id, eventType: "code_leak_suspected" } });
    expect(
      events.filter((event) => event.message.startsWith("Code VIP500 probably leaked: velocity spike: 36 uses")),
    ).toHaveLength(1);

    // CREATOR15: flagged before VIP500 (20 to 2 hours before the current hour), so listed second
    expect(codes[1].code).toBe("CREATOR15");
    expect(codes[1]).toMatchObject({
      uses: 37,
      customers: 37,
      audienceSize: null,
      usageLimit: 40,
      segmentTags: [],
      countries: 3,
      hourlyBaseline: null,
      leakSuspected: true,
      discountId: DEMO_LIMITED_DISCOUNT_ID,
    });
    expect(codes[1].firstTimeShare).toBeLessThan(0.8);
    expect(codes[1].signals).toEqual([{ name: "audience_exceeded", figure: 37, limit: 36, usageLimit: 40, days: 0.8 }]);
    const words =
      "audience exceeded: 37 uses in 0.8 days since the first use, 93 % of Shopify's usage limit of 40 (limit 90 % within 3 days)";
    expect(codes[1].signalsInWords).toEqual([words]);
    expect(codes[1].flaggedAt).toBe("2026-11-21T10:00:00.000Z");
    expect(events.filter((event) => event.message === `Code CREATOR15 probably leaked: ${words}`)).toHaveLength(1);
    expect(events).toHaveLength(2);

    // the stand-in of Shopify lists CREATOR15 with its limit: a full sync (a code rules save) keeps it
    const { syncAllDiscountCodeValues } = await import("../../app/services/code-rules/discount-values.server");
    const state = newStandInState();
    const graphql = (async (query: string, options?: { variables?: Record<string, unknown> }) =>
      Response.json(answerStandIn(state, { query, variables: options?.variables }))) as never;
    await syncAllDiscountCodeValues(shop.id, { graphql, standIn: true });
    const after = await listCodes({ id: shop.id, plan: "core" }, { limit: 500 }, now);
    expect(after.find((code) => code.code === "CREATOR15")).toMatchObject({
      usageLimit: 40,
      discountId: DEMO_LIMITED_DISCOUNT_ID,
    });
  });

  it("has the stand-in of Shopify find, deactivate and reactivate it", () => {
    const state = newStandInState();
    const found = answerStandIn(state, {
      query: "query MarginGuardrailCodeDiscountByCode($code: String!) { x }",
      variables: { code: "vip500" },
    }) as { data: { codeDiscountNodeByCode: { id: string } | null } };
    expect(found.data.codeDiscountNodeByCode?.id).toBe(DEMO_LEAKED_DISCOUNT_ID);
    const limited = answerStandIn(state, {
      query: "query MarginGuardrailCodeDiscountByCode($code: String!) { x }",
      variables: { code: "Creator15" },
    }) as { data: { codeDiscountNodeByCode: { id: string } | null } };
    expect(limited.data.codeDiscountNodeByCode?.id).toBe(DEMO_LIMITED_DISCOUNT_ID);
    const off = answerStandIn(state, {
      query: "mutation MarginGuardrailCodeDeactivate($id: ID!) { x }",
      variables: { id: DEMO_LEAKED_DISCOUNT_ID },
    }) as { data: { discountCodeDeactivate: { userErrors: unknown[] } } };
    expect(off.data.discountCodeDeactivate.userErrors).toEqual([]);
    expect(state.shopDiscounts?.get(DEMO_LEAKED_DISCOUNT_ID)?.discount.status).toBe("EXPIRED");
    const unknown = answerStandIn(state, {
      query: "mutation MarginGuardrailCodeActivate($id: ID!) { x }",
      variables: { id: "gid://shopify/DiscountCodeNode/1" },
    }) as { data: { discountCodeActivate: { userErrors: { message: string }[] } } };
    expect(unknown.data.discountCodeActivate.userErrors[0].message).toBe("Discount does not exist.");
  });
});
