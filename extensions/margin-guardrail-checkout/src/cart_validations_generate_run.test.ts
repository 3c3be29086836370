// The checkout Function, tested as Shopify runs it: every fixture in tests/ is a literal input
// and the output Shopify must receive, and the input query, every input and every output are
// validated against Shopify's schema for the target (schema.graphql, API 2026-10).
import fs from "node:fs";
import path from "node:path";
import { validateFixtureInput, type FixtureData } from "@shopify/shopify-function-test-helpers";
import type { DocumentNode, GraphQLSchema } from "graphql";
import { describe, expect, it } from "vitest";
import { functionFixtureTests } from "../../function-fixtures";
import { OVERRIDE_TAG, CONFIG_METAFIELD } from "../../../app/domain/checkout/checkout-blocking";
import { cartValidationsGenerateRun, type CartValidationsGenerateRunInput } from "./cart_validations_generate_run";

const HERE = path.resolve(__dirname, "..");
const QUERY = path.join(HERE, "src/cart_validations_generate_run.graphql");

let assets: () => { schema: GraphQLSchema; query: DocumentNode };

describe("the checkout Function's fixtures", () => {
  const tests = functionFixtureTests<CartValidationsGenerateRunInput>({
    dir: HERE,
    query: "src/cart_validations_generate_run.graphql",
    target: "cart.validations.generate.run",
    exportName: "cart-validations-generate-run",
    run: cartValidationsGenerateRun,
  });
  assets = tests.assets;

  it("cover the cases the product promises", () => {
    expect(tests.names.sort()).toEqual(
      [
        "at-threshold",
        "cart-interaction",
        "checkout-interaction",
        "checkout-interaction-not-instant",
        "empty-cart",
        "guest-checkout",
        "just-above-threshold",
        "just-below-threshold",
        "malformed-metafield",
        "no-metafield",
        "override-tag",
        "stacked-above-threshold",
      ].sort(),
    );
  });
});

describe("the input query", () => {
  it("asks for the override tag and the metafield the app writes", () => {
    const text = fs.readFileSync(QUERY, "utf8");
    expect(text).toContain(`hasAnyTag(tags: ["${OVERRIDE_TAG}"])`);
    expect(text).toContain(`metafield(namespace: "${CONFIG_METAFIELD.namespace}", key: "${CONFIG_METAFIELD.key}")`);
  });
});

/** A cart of `count` lines of $10, each with $4.50 off (45 %), against the 40 % threshold. */
function bigCart(count: number): FixtureData {
  const config = JSON.stringify({ thresholdPercent: 40, staffOverride: true, message: "Too much off" });
  return {
    export: "cart-validations-generate-run",
    target: "cart.validations.generate.run",
    input: {
      buyerJourney: { step: "CHECKOUT_COMPLETION" },
      presentmentCurrencyRate: "1.0",
      cart: {
        lines: Array.from({ length: count }, () => ({
          cost: { subtotalAmount: { amount: "10.0" } },
          discountAllocations: [{ discountedAmount: { amount: "4.5" } }],
        })),
        discountApplications: [{ targetType: "LINE_ITEM", totalAllocatedAmount: { amount: String(4.5 * count) } }],
        buyerIdentity: null,
      },
      validation: { metafield: { value: config } },
    },
    expectedOutput: { operations: [{ validationAdd: { errors: [{ message: "Too much off", target: "$.cart" }] } }] },
  };
}

describe("a cart of 250 lines", () => {
  it("is valid input, is blocked, and is decided in linear time (well under 1 ms)", async () => {
    const fixture = bigCart(250);
    const { schema, query } = assets();
    expect((await validateFixtureInput(query, schema, fixture.input)).errors).toEqual([]);
    const input = fixture.input as CartValidationsGenerateRunInput;
    expect(cartValidationsGenerateRun(input)).toEqual(fixture.expectedOutput);
    // a figure, not an assertion on speed: printed for the record (docs/architecture.md#checkout-blocking)
    const runs = 2_000;
    const started = performance.now();
    for (let run = 0; run < runs; run += 1) cartValidationsGenerateRun(input);
    const perRun = (performance.now() - started) / runs;
    console.log(`checkout Function, 250 lines: ${(perRun * 1000).toFixed(1)} µs per run in Node`);
    expect(cartValidationsGenerateRun(bigCart(2_500).input as CartValidationsGenerateRunInput)).toEqual(
      bigCart(2_500).expectedOutput,
    );
  });
});
