// The demo store's leaked code (docs/decisions/0064-leaked-code-detector.md): VIP500, meant for
// 500 "vip" customers, spikes in the seed's current hour from outside its segment in many
// countries; it is flagged once with the signals that fired, and the stand-in of Shopify can
// deactivate it.
import { describe, expect, it } from "vitest";
import { answerStandIn, newStandInState } from "../../app/demo/admin-stand-in";
import { DEMO_LEAKED_DISCOUNT_ID } from "../../app/demo/leak-discounts";

process.env.SHOPIFY_API_KEY = "";
process.env.NODE_ENV = "development";

describe("the demo store's leaked code", () => {
  it("is flagged once with a velocity spike, a segment breach and a country spread", async () => {
    const { seedDemoStore } = await import("../../app/demo/seed.server");
    const prisma = (await import("../../app/db.server")).default;
    const { listCodes } = await import("../../app/services/leaks/codes.server");
    const now = new Date("2026-11-21T12:40:00Z");
    const { shop } = await seedDemoStore("demo-leaks.myshopify.com", now);
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
  });

  it("has the stand-in of Shopify find, deactivate and reactivate it", () => {
    const state = newStandInState();
    const found = answerStandIn(state, {
      query: "query MarginGuardrailCodeDiscountByCode($code: String!) { x }",
      variables: { code: "vip500" },
    }) as { data: { codeDiscountNodeByCode: { id: string } | null } };
    expect(found.data.codeDiscountNodeByCode?.id).toBe(DEMO_LEAKED_DISCOUNT_ID);
    const off = answerStandIn(state, {
      query: "mutation MarginGuardrailCodeDeactivate($id: ID!) { x }",
      variables: { id: DEMO_LEAKED_DISCOUNT_ID },
    }) as { data: { discountCodeDeactivate: { userErrors: unknown[] } } };
    expect(off.data.discountCodeDeactivate.userErrors).toEqual([]);
    expect(state.codeDiscounts?.get(DEMO_LEAKED_DISCOUNT_ID)?.codeDiscount.status).toBe("EXPIRED");
    const unknown = answerStandIn(state, {
      query: "mutation MarginGuardrailCodeActivate($id: ID!) { x }",
      variables: { id: "gid://shopify/DiscountCodeNode/1" },
    }) as { data: { discountCodeActivate: { userErrors: { message: string }[] } } };
    expect(unknown.data.discountCodeActivate.userErrors[0].message).toBe("Discount does not exist.");
  });
});
