// The code rules Function, tested as Shopify runs it: every fixture in tests/ is a literal input
// and the output Shopify must receive, and the input query, every input and every output are
// validated against Shopify's published Discount Function schema for the target (schema.graphql, API
// 2026-10, docs/architecture.md#the-functions).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CODE_RULES_METAFIELD, NO_CODE_RULES, codeRulesMetafield } from "../../../app/domain/code-rules/code-rules";
import { functionFixtureTests } from "../../function-fixtures";
import {
  cartLinesDiscountsGenerateRun,
  type CartLinesDiscountsGenerateRunInput,
} from "./cart_lines_discounts_generate_run";

const HERE = path.resolve(__dirname, "..");
const QUERY = path.join(HERE, "src/cart_lines_discounts_generate_run.graphql");

describe("the code rules Function's fixtures", () => {
  const { names } = functionFixtureTests<CartLinesDiscountsGenerateRunInput>({
    dir: HERE,
    query: "src/cart_lines_discounts_generate_run.graphql",
    target: "cart.lines.discounts.generate.run",
    exportName: "cart-lines-discounts-generate-run",
    run: cartLinesDiscountsGenerateRun,
  });

  it("cover each rule, both ways, and the inputs that reject nothing", () => {
    expect(names.sort()).toEqual(
      [
        "cap-and-max-codes",
        "cap-fixed-amount",
        "cap-keeps-highest",
        "cap-not-rejectable",
        "cap-other-currency",
        "cap-tie-entry-order",
        "cap-unknown-code",
        "cap-within",
        "custom-product",
        "forbidden-pair",
        "full-price",
        "malformed-metafield",
        "max-codes",
        "new-account-a-second-short",
        "new-account-at-the-percent",
        "new-account-exactly-n-days",
        "new-account-guest",
        "new-account-guest-allowed",
        "no-codes",
        "no-metafield",
        "not-rejectable",
        "protected-collection",
        "sale-item",
        "tag-only-guest",
        "tag-only-staff",
        "tag-refuse-wholesale",
      ].sort(),
    );
  });
});

describe("the input query and the metafield", () => {
  it("reads the metafield the app writes, and takes its variables from it", () => {
    const text = fs.readFileSync(QUERY, "utf8");
    expect(text).toContain(
      `metafield(namespace: "${CODE_RULES_METAFIELD.namespace}", key: "${CODE_RULES_METAFIELD.key}")`,
    );
    const toml = fs.readFileSync(path.join(HERE, "shopify.extension.toml"), "utf8");
    expect(toml).toContain(`namespace = "${CODE_RULES_METAFIELD.namespace}"`);
    expect(toml).toContain(`key = "${CODE_RULES_METAFIELD.key}"`);
    // the query's variables are the metafield's top-level keys
    const value = codeRulesMetafield({
      ...NO_CODE_RULES,
      protectedCollectionIds: ["gid://shopify/Collection/55"],
      customerTags: { mode: "only", tags: ["staff"] },
    });
    expect(text).toContain("$collectionIds: [ID!]");
    expect(text).toContain("$customerTags: [String!]");
    expect(value.collectionIds).toEqual(["gid://shopify/Collection/55"]);
    expect(value.customerTags).toEqual(["staff"]);
  });
});
