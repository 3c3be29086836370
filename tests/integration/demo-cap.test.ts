// The demo store's combined cap (docs/product.md#code-rules): codes with values,
// a 30 % cap and the backup code BACKUP10, so the Code rules preview keeps SUMMER30 and turns
// WELCOME5 away on a $100 cart, and SUMMER30 away from a 3-day-old account (the new-account rule); the
// stand-in of Shopify answers the same codes when a save reads them.
import { describe, expect, it } from "vitest";
import { answerStandIn, newStandInState } from "../../app/demo/admin-stand-in";
import { seededDemoStore } from "../helpers/seeded-demo";

process.env.SHOPIFY_API_KEY = "";
process.env.NODE_ENV = "development";

// the demo store seeded once for the run, at DEMO_SEEDED_AT, copied into this file's database
const seeded = await seededDemoStore();

describe("the demo store's combined cap", () => {
  it("is seeded with codes' values, a cap and a backup code, deciding as the preview shows", async () => {
    const prisma = (await import("../../app/db.server")).default;
    const { codeValuesOf } = await import("../../app/services/code-rules/discount-values.server");
    const { getCodeRules, previewCodeRules } = await import("../../app/services/code-rules/code-rules.server");
    const { codeRulesPreviewSchema } = await import("../../app/forms/code-rules");
    const { shop } = seeded;
    const values = await codeValuesOf(shop.id);
    expect(values).toMatchObject({
      summer30: { kind: "percentage", percent: 30 },
      welcome5: { kind: "percentage", percent: 5 },
      tenoff: { kind: "fixed", amountCents: 1000, currency: "USD" },
      backup10: { kind: "percentage", percent: 10 },
      shipfree: { kind: "free_shipping" },
      // the shop's other codes are stored as a full sync would store them: one list of discounts
      vip500: { kind: "percentage", percent: 25 },
      creator15: { kind: "percentage", percent: 15 },
      summer20: { kind: "percentage", percent: 20 },
    });
    const { rules } = await getCodeRules({ id: shop.id, plan: "core" });
    expect(rules).toMatchObject({ maxDiscountPercent: 30, backupCode: "BACKUP10" });
    const input = codeRulesPreviewSchema.parse({
      cart: { lines: [{ title: "Linen shirt", price: "100" }] },
      codes: ["SUMMER30", "WELCOME5"],
    });
    const result = previewCodeRules(rules, input, { values, currency: "USD" });
    expect(result.rejected).toEqual(["WELCOME5"]);
    expect(result.message).toMatch(/Try BACKUP10 instead\.$/);
    // the new-account rule: SUMMER30 (30 %, above 25 %) is not for a 3-day-old account
    expect(rules).toMatchObject({ newAccountDays: 30, newAccountMaxPercent: 25, newAccountGuests: "allow" });
    const newAccount = codeRulesPreviewSchema.parse({
      cart: { lines: [{ title: "Linen shirt", price: "100" }], accountAgeDays: 3 },
      codes: ["SUMMER30"],
    });
    expect(previewCodeRules(rules, newAccount, { values, currency: "USD" }).rejected).toEqual(["SUMMER30"]);
    // seeding the cap again leaves one row per code of the shop's 13
    const { seedCodeCap } = await import("../../app/demo/seed-cap.server");
    await seedCodeCap(shop.id);
    expect(await prisma.discountCodeValue.count({ where: { shopId: shop.id } })).toBe(13);
  });

  it("has the stand-in of Shopify answer the same codes", () => {
    const answer = answerStandIn(newStandInState(), {
      query: "query MarginGuardrailCodeDiscountValues($after: String) { x }",
    }) as { data: { codeDiscountNodes: { nodes: { codeDiscount: { codes: { nodes: { code: string }[] } } }[] } } };
    const codes = answer.data.codeDiscountNodes.nodes.flatMap((node) =>
      node.codeDiscount.codes.nodes.map((c) => c.code),
    );
    // and every other code of the shop's one list (app/demo/shop-discounts.ts), as Shopify lists every code discount
    expect(codes).toEqual([
      ...["SUMMER30", "WELCOME5", "TENOFF", "BACKUP10", "SHIPFREE"],
      ...["SUMMER20", "WELCOME10", "FREESHIP", "BUNDLE15", "GIFT500", "BEANIE10"],
      ...["VIP500", "CREATOR15"],
    ]);
  });
});
