// The demo store's code-rules discount (docs/product.md#shopifys-discounts-page): seeded as
// if created from Shopify's Discounts page, so the demo's details page has a discount to show, at
// the path the Function's toml declares, with the Function id the demo's stand-in gives it.
import { describe, expect, it } from "vitest";
import { DEMO_CODES_FUNCTION_ID, answerStandIn, newStandInState } from "../../app/demo/admin-stand-in";
import {
  DEMO_CODE_RULES_DISCOUNT_ID,
  DEMO_DISCOUNT_CREATE_PATH,
  DEMO_DISCOUNT_DETAILS_PATH,
} from "../../app/demo/demo-discount";
import { discountDetailsPath } from "../../app/domain/code-rules/discount-paths";
import { parseDiscountId, parseFunctionId } from "../../app/domain/code-rules/discount-paths";
import { DEMO_SEEDED_AT, seededDemoStore } from "../helpers/seeded-demo";

process.env.SHOPIFY_API_KEY = "";
process.env.NODE_ENV = "development";

// the demo store seeded once for the run, at DEMO_SEEDED_AT, copied into this file's database
const seeded = await seededDemoStore();

describe("the demo store's code-rules discount", () => {
  it("is seeded, active, and its details path names it", async () => {
    const prisma = (await import("../../app/db.server")).default;
    const now = DEMO_SEEDED_AT;
    const { shop } = seeded;
    const row = await prisma.codeRuleSettings.findUniqueOrThrow({ where: { shopId: shop.id } });
    expect(row).toMatchObject({ discountId: DEMO_CODE_RULES_DISCOUNT_ID, discountActive: true, syncError: null });
    expect(row.syncedAt?.toISOString()).toBe(now.toISOString());

    const [, , functionId, id] = DEMO_DISCOUNT_DETAILS_PATH.split("/");
    expect(parseFunctionId(functionId)).toBe(DEMO_CODES_FUNCTION_ID);
    expect(parseDiscountId(id)).toBe(DEMO_CODE_RULES_DISCOUNT_ID);
    expect(DEMO_DISCOUNT_DETAILS_PATH).toBe(discountDetailsPath(DEMO_CODES_FUNCTION_ID, DEMO_CODE_RULES_DISCOUNT_ID));
    expect(DEMO_DISCOUNT_CREATE_PATH).toBe(`/discounts/${DEMO_CODES_FUNCTION_ID}/new`);
  });

  it("is one the stand-in of Shopify answers for, as active, run by the app's Function", () => {
    const state = newStandInState();
    const functions = answerStandIn(state, { query: "query MarginGuardrailAppFunctions { x }" });
    expect(functions).toMatchObject({
      data: {
        shopifyFunctions: {
          nodes: expect.arrayContaining([
            { id: DEMO_CODES_FUNCTION_ID, handle: "margin-guardrail-codes", apiType: "discount" },
          ]),
        },
      },
    });
    const discount = answerStandIn(state, {
      query: "query MarginGuardrailCodeRulesDiscountState($id: ID!) { x }",
      variables: { id: DEMO_CODE_RULES_DISCOUNT_ID },
    });
    expect(discount).toMatchObject({
      data: {
        automaticDiscountNode: {
          automaticDiscount: { status: "ACTIVE", appDiscountType: { functionId: DEMO_CODES_FUNCTION_ID } },
        },
      },
    });
    // deactivated (the plan below Core), the stand-in says so
    answerStandIn(state, {
      query: "mutation MarginGuardrailCodeRulesOff($id: ID!) { x }",
      variables: { id: DEMO_CODE_RULES_DISCOUNT_ID },
    });
    expect(
      answerStandIn(state, {
        query: "query MarginGuardrailCodeRulesDiscountState($id: ID!) { x }",
        variables: { id: DEMO_CODE_RULES_DISCOUNT_ID },
      }),
    ).toMatchObject({ data: { automaticDiscountNode: { automaticDiscount: { status: "EXPIRED" } } } });
    // an id that is no automatic discount's: none
    expect(
      answerStandIn(state, {
        query: "query MarginGuardrailCodeRulesDiscountState($id: ID!) { x }",
        variables: { id: "gid://shopify/DiscountCodeNode/1" },
      }),
    ).toEqual({ data: { automaticDiscountNode: null } });
  });
});
