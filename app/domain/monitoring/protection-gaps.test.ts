// Protection gaps (docs/product.md#protection-gaps): which orders got past a block, and why the
// block did not hold, decided from what the order says. Orders from tests/fixtures/orders.ts and
// a draft order exactly as Shopify delivered it (tests/fixtures/shopify/).
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { NO_CODE_RULES, type CodeRules } from "../code-rules/code-rules";
import type { CheckoutConfig } from "../checkout/checkout-blocking";
import { orderFactsFromPayload } from "./order-payload";
import type { OrderFacts } from "./order-facts";
import {
  PROTECTION_GAP_CAUSES,
  PROTECTION_GAP_TEXT,
  blockedRulesBroken,
  protectionGapCause,
  protectionGaps,
  type ProtectionGapCause,
  type ProtectionSetup,
} from "./protection-gaps";
import { orderPayload, percentCodeOrder, stackedCodeAndAutomatic } from "../../../tests/fixtures/orders";

const CONFIG: CheckoutConfig = {
  thresholdPercent: 5,
  maxDiscountCents: null,
  maxStackedDiscounts: null,
  staffOverride: true,
  instantBlocking: true,
  message: "Not allowed",
};

/** A code may take at most 30 % of the subtotal. */
const CAP_30: CodeRules = { ...NO_CODE_RULES, maxDiscountPercent: 30 };

const setup = (over: Partial<ProtectionSetup> = {}): ProtectionSetup => ({
  checkout: { config: CONFIG, active: true },
  codeRules: null,
  functionInputWithinLimits: true,
  ...over,
});

function factsOf(payload: unknown): OrderFacts {
  const parsed = orderFactsFromPayload(payload);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.facts;
}

/** The fixture's order placed from `source` (Shopify's source_name). */
const from = (source: string | null, payload: object = stackedCodeAndAutomatic) =>
  factsOf({ ...payload, source_name: source });

const draftOrder = factsOf(
  JSON.parse(fs.readFileSync("tests/fixtures/shopify/orders-create-code-discount.json", "utf8")),
);

const context = {
  customerId: null,
  topic: "orders/create",
  at: new Date("2026-11-20T15:00:00Z"),
  digest: (t: string) => t,
};

function causeOf(facts: OrderFacts, protection: ProtectionSetup, edited = false): ProtectionGapCause {
  const [broken] = blockedRulesBroken(facts, protection);
  if (!broken) throw new Error("the order broke no block");
  return protectionGapCause(facts, broken, protection, { edited });
}

describe("which orders got past a block", () => {
  it("an order above the checkout rule's limit, with the discount past the limit", () => {
    // #1054: $25.00 off $399.00 (6.27%) against 5%: $19.95 allowed, $5.05 past it
    const [broken] = blockedRulesBroken(draftOrder, setup());
    expect(broken).toMatchObject({ kind: "checkout", overLimitCents: 505 });
  });

  it("not an order within the limits, a cancelled one, or one with nothing blocked", () => {
    expect(
      blockedRulesBroken(
        draftOrder,
        setup({ checkout: { config: { ...CONFIG, thresholdPercent: 10 }, active: true } }),
      ),
    ).toEqual([]);
    expect(blockedRulesBroken({ ...draftOrder, cancelled: true }, setup())).toEqual([]);
    expect(blockedRulesBroken(draftOrder, setup({ checkout: null }))).toEqual([]);
  });

  it("not a tagged customer's order while staff override is on: that is an admin override", () => {
    const tagged = { ...draftOrder, override: { by: null, reason: null } };
    expect(blockedRulesBroken(tagged, setup())).toEqual([]);
    const off = { config: { ...CONFIG, staffOverride: false }, active: true };
    expect(blockedRulesBroken(tagged, setup({ checkout: off }))).toHaveLength(1);
  });

  it("a code the code rules turn away, decided as the Function decides, with what the code took", () => {
    const order = factsOf(percentCodeOrder("BIG40", 40, { id: 1, number: 1, customerId: 5 }));
    const [broken] = blockedRulesBroken(order, setup({ checkout: null, codeRules: { rules: CAP_30, active: true } }));
    expect(broken).toMatchObject({ kind: "code_rules", codes: ["BIG40"], overLimitCents: 4_000 });
    expect(
      blockedRulesBroken(
        order,
        setup({ checkout: null, codeRules: { rules: { ...CAP_30, maxDiscountPercent: 40 }, active: true } }),
      ),
    ).toEqual([]);
  });

  it("a protected product, and a code for tagged customers only, named in the merchant's words", () => {
    const order = factsOf(percentCodeOrder("TEN", 10, { id: 2, number: 2, customerId: 5 }));
    const protectedProduct = { ...NO_CODE_RULES, protectedProductIds: ["gid://shopify/Product/1"] };
    const [product] = blockedRulesBroken(
      order,
      setup({ checkout: null, codeRules: { rules: protectedProduct, active: true } }),
    );
    expect(product).toMatchObject({ kind: "code_rules", reasons: ["Product 1 is a protected product"] });
    const vipOnly: CodeRules = { ...NO_CODE_RULES, customerTags: { mode: "only", tags: ["vip"] } };
    const vipSetup = setup({ checkout: null, codeRules: { rules: vipOnly, active: true } });
    expect(blockedRulesBroken(order, vipSetup)).toHaveLength(1);
    expect(blockedRulesBroken({ ...order, customerTags: ["VIP"] }, vipSetup)).toEqual([]);
    // tags the app does not know (an order read after an edit) are not judged: no guest is assumed
    expect(blockedRulesBroken({ ...order, customerTags: undefined }, vipSetup)).toEqual([]);
  });
});

describe("why the block did not hold, from what the order says", () => {
  it("draft_order_bypass: completed from a draft order (as Shopify delivered one)", () => {
    expect(draftOrder.origin?.sourceName).toBe("shopify_draft_order");
    expect(causeOf(draftOrder, setup())).toBe("draft_order_bypass");
  });

  it("pos: placed at Shopify POS", () => {
    expect(causeOf(from("pos"), setup())).toBe("pos");
  });

  it("subscription: a subscription renewal", () => {
    expect(causeOf(from("subscription_contract"), setup())).toBe("subscription");
  });

  it("order_edit: an edit, whatever the order's source, whether the order or the engine says so", () => {
    expect(causeOf(from("pos"), setup(), true)).toBe("order_edit");
    expect(causeOf({ ...from("web"), edited: true }, setup())).toBe("order_edit");
  });

  it("function_not_active: an online order while the Function was switched off", () => {
    expect(causeOf(from("web"), setup({ checkout: { config: CONFIG, active: false } }))).toBe("function_not_active");
    const order = factsOf({
      ...percentCodeOrder("BIG40", 40, { id: 3, number: 3, customerId: 5 }),
      source_name: "web",
    });
    expect(causeOf(order, setup({ checkout: null, codeRules: { rules: CAP_30, active: false } }))).toBe(
      "function_not_active",
    );
  });

  it("function_input_limit: the app knows the Function's input went over Shopify's limits", () => {
    expect(causeOf(from("web"), setup({ functionInputWithinLimits: false }))).toBe("function_input_limit");
  });

  it("code_not_rejectable: an online order kept a code the live code rules turn away", () => {
    const order = factsOf({
      ...percentCodeOrder("BIG40", 40, { id: 4, number: 4, customerId: 5 }),
      source_name: "web",
    });
    expect(causeOf(order, setup({ checkout: null, codeRules: { rules: CAP_30, active: true } }))).toBe(
      "code_not_rejectable",
    );
  });

  it("unknown: an online order past a live checkout rule, or one whose source Shopify did not give", () => {
    expect(causeOf(from("web"), setup())).toBe("unknown");
    expect(causeOf(from(null), setup())).toBe("unknown");
  });

  it("every cause says why and what to do", () => {
    for (const cause of PROTECTION_GAP_CAUSES) {
      expect(PROTECTION_GAP_TEXT[cause].why.length).toBeGreaterThan(20);
      expect(PROTECTION_GAP_TEXT[cause].fix).toMatch(/\.$/);
    }
  });
});

describe("the protection_gap event", () => {
  it("names the order, what it broke and the cause, with the cause and fix in its details", () => {
    const [gap] = protectionGaps(draftOrder, setup(), { ...context, edited: false });
    expect(gap!.event).toMatchObject({
      eventType: "protection_gap",
      severity: "high",
      orderName: "#1054",
      marginSavedCents: 505,
      ruleKey: "checkout_validation",
      ruleName: "Checkout blocking",
      details: {
        cause: "draft_order_bypass",
        fix: PROTECTION_GAP_TEXT.draft_order_bypass.fix,
        source_name: "shopify_draft_order",
      },
    });
    expect(gap!.event.message).toBe(
      "Protection gap: order #1054 took 6.27% off, above the 5% limit, yet went through: the order was completed from a draft order in Shopify's admin, where staff can complete an order without checkout rules.",
    );
  });

  it("keeps its key while the order's amounts stay, and gets a new one when an edit changes them", () => {
    const key = (facts: OrderFacts) =>
      protectionGaps(facts, setup(), { ...context, edited: false })[0]!.event.dedupeKey;
    expect(key({ ...draftOrder, override: undefined, customerTags: ["new"] })).toBe(key(draftOrder));
    const edited = factsOf(
      orderPayload({
        id: 6198432301356,
        number: 1054,
        lines: [
          { variant: 1, product: 1, price: { shop: "100.00" }, allocations: [{ index: 0, amount: { shop: "30.00" } }] },
        ],
        applications: [
          { type: "manual", target: "line_item", valueType: "fixed_amount", value: "30.0", title: "Staff" },
        ],
      }),
    );
    expect(key(edited)).not.toBe(key(draftOrder));
  });
});
