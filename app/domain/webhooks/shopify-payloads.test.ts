// The parser and the evaluator on four orders/create payloads exactly as Shopify delivered
// them (tests/fixtures/shopify/, personal data redacted), with their known discount figures.
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { evaluateOrder, type EvaluableRule } from "../monitoring/evaluate";
import { orderFactsFromPayload } from "../monitoring/order-payload";

const read = (name: string): unknown => JSON.parse(fs.readFileSync(`tests/fixtures/shopify/${name}.json`, "utf8"));

const MAX_ONE_PERCENT: EvaluableRule = {
  id: "r1",
  name: "At most 1%",
  ruleType: "max_discount",
  thresholdUnit: "PERCENT",
  thresholdPercent: 1,
  thresholdAmountCents: null,
};

const CASES = [
  {
    file: "orders-create-code-discount",
    name: "#1054",
    subtotal: 39_900,
    discount: 2_500,
    percent: 6.3,
    codes: ["TEST 0123B"],
  },
  {
    file: "orders-create-fixed-amount-line-and-shipping",
    name: "#1070",
    subtotal: 29_900,
    discount: 1_500,
    percent: 5.0,
    codes: ["0124C"],
  },
  { file: "orders-create-line-item-discount", name: "#1069", subtotal: 29_900, discount: 500, percent: 1.7, codes: [] },
  {
    file: "orders-create-percentage-line-and-shipping",
    name: "#1071",
    subtotal: 19_900,
    discount: 3_410,
    percent: 17.1,
    codes: ["0124D"],
  },
];

describe("Shopify's own orders/create payloads", () => {
  it.each(CASES)("$file: $percent% off $name", (expected) => {
    const parsed = orderFactsFromPayload(read(expected.file));
    if (!parsed.ok) throw new Error(parsed.error);
    const facts = parsed.facts;
    expect(facts.orderName).toBe(expected.name);
    expect(facts.currency).toBe("HKD");
    expect(facts.preDiscountSubtotalCents).toBe(expected.subtotal);
    expect(facts.totalDiscountCents).toBe(expected.discount);
    expect(facts.discountCodes).toEqual(expected.codes);
    const [outcome] = evaluateOrder(facts, [MAX_ONE_PERCENT]);
    expect(outcome).toMatchObject({ breached: true, discountPercent: expected.percent });
  });

  it("sees the stacked code and automatic discount of #1054 as two applications", () => {
    const parsed = orderFactsFromPayload(read("orders-create-code-discount"));
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.facts.applications.map((application) => application.kind).sort()).toEqual(
      ["DiscountAutomaticBasic", "DiscountCodeBasic"].sort(),
    );
  });
});
