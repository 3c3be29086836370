import { describe, expect, it } from "vitest";
import { NO_CODE_RULES, type CodeRules } from "../code-rules/code-rules";
import { MAX_MESSAGE_LENGTH, serializeCheckoutConfig } from "../checkout/checkout-blocking";
import {
  FUNCTION_LIST_MAX,
  FUNCTION_METAFIELD_MAX_BYTES,
  checkoutConfigInputLimits,
  codeRulesInputLimits,
  limitFieldErrors,
  utf8Bytes,
} from "./input-limits";

const ids = (kind: string, count: number) => Array.from({ length: count }, (_, i) => `gid://shopify/${kind}/${i + 1}`);

/** Each list of the code rules, filled with `count` short entries. */
const LISTS: { field: string; label: string; rules: (count: number) => CodeRules }[] = [
  {
    field: "forbiddenPairs",
    label: "Codes that can't be combined: up to 100 pairs",
    rules: (count) => ({
      ...NO_CODE_RULES,
      forbiddenPairs: Array.from({ length: count }, (_, i) => [`A${i}`, `B${i}`] as [string, string]),
    }),
  },
  {
    field: "protectedProductIds",
    label: "Protected products: up to 100 products",
    rules: (count) => ({ ...NO_CODE_RULES, protectedProductIds: ids("Product", count) }),
  },
  {
    field: "protectedCollectionIds",
    label: "Protected collections: up to 100 collections",
    rules: (count) => ({ ...NO_CODE_RULES, protectedCollectionIds: ids("Collection", count) }),
  },
  {
    field: "customerTags",
    label: "Customer tags: up to 100 tags",
    rules: (count) => ({
      ...NO_CODE_RULES,
      customerTags: { mode: "only", tags: Array.from({ length: count }, (_, i) => `t${i}`) },
    }),
  },
];

describe("codeRulesInputLimits: each list the Function receives", () => {
  for (const list of LISTS) {
    it(`${list.field}: ${FUNCTION_LIST_MAX - 1} and ${FUNCTION_LIST_MAX} pass, ${FUNCTION_LIST_MAX + 1} is refused on the field`, () => {
      expect(codeRulesInputLimits(list.rules(FUNCTION_LIST_MAX - 1)).withinLimits).toBe(true);
      expect(codeRulesInputLimits(list.rules(FUNCTION_LIST_MAX)).withinLimits).toBe(true);
      const over = codeRulesInputLimits(list.rules(FUNCTION_LIST_MAX + 1));
      expect(over.withinLimits).toBe(false);
      expect(over.problems).toEqual([{ field: list.field, message: `${list.label} (there are 101).` }]);
    });
  }
});

describe("codeRulesInputLimits: the metafield's size", () => {
  /** Rules whose metafield is exactly `bytes` long, padded through the message. */
  function rulesOf(bytes: number, extra: Partial<CodeRules> = {}): CodeRules {
    const base = { ...NO_CODE_RULES, message: "", ...extra };
    const empty = codeRulesInputLimits(base).bytes;
    return { ...base, message: "m".repeat(bytes - empty) };
  }

  it("counts the JSON as written, in UTF-8 bytes", () => {
    const rules = { ...NO_CODE_RULES, message: "é€😀" };
    const check = codeRulesInputLimits(rules);
    const ascii = codeRulesInputLimits({ ...NO_CODE_RULES, message: "" }).bytes;
    expect(check.bytes).toBe(ascii + 2 + 3 + 4);
    expect(utf8Bytes("é€😀")).toBe(9);
  });

  it(`passes at ${FUNCTION_METAFIELD_MAX_BYTES - 1} and ${FUNCTION_METAFIELD_MAX_BYTES} bytes, refuses ${FUNCTION_METAFIELD_MAX_BYTES + 1}`, () => {
    const below = codeRulesInputLimits(rulesOf(FUNCTION_METAFIELD_MAX_BYTES - 1));
    expect(below).toMatchObject({ withinLimits: true, bytes: FUNCTION_METAFIELD_MAX_BYTES - 1 });
    const at = codeRulesInputLimits(rulesOf(FUNCTION_METAFIELD_MAX_BYTES));
    expect(at).toMatchObject({ withinLimits: true, bytes: FUNCTION_METAFIELD_MAX_BYTES, problems: [] });
    const over = codeRulesInputLimits(rulesOf(FUNCTION_METAFIELD_MAX_BYTES + 1));
    expect(over.withinLimits).toBe(false);
    expect(over.bytes).toBe(FUNCTION_METAFIELD_MAX_BYTES + 1);
    expect(over.problems).toEqual([
      {
        field: "message",
        message: "These code rules would take 10,001 bytes; Shopify gives a Function at most 10,000 bytes of them.",
      },
    ]);
  });

  it("counts the cap's empty values and names the list that takes the most when over", () => {
    // 50 pairs of two 100-character codes: within the form's 50, far over the bytes
    const code = (letter: string, i: number) => `${letter}${String(i).padStart(2, "0")}`.padEnd(100, "X");
    const rules: CodeRules = {
      ...NO_CODE_RULES,
      maxDiscountPercent: 30,
      forbiddenPairs: Array.from({ length: 50 }, (_, i) => [code("A", i), code("B", i)] as [string, string]),
      protectedCollectionIds: ids("Collection", 50),
    };
    const check = codeRulesInputLimits(rules);
    expect(check.withinLimits).toBe(false);
    expect(check.bytes).toBe(
      utf8Bytes(JSON.stringify({ rules, collectionIds: rules.protectedCollectionIds, customerTags: [], values: {} })),
    );
    expect(check.problems).toHaveLength(1);
    expect(check.problems[0]!.field).toBe("forbiddenPairs");
    expect(check.problems[0]!.message).toMatch(
      /^These code rules would take [\d,]+ bytes; Shopify gives a Function at most 10,000 bytes of them\. Codes that can't be combined take the most \([\d,]+ bytes\): remove some\.$/,
    );
  });

  it("counts the collections and the tags twice: the input query's variables repeat them", () => {
    const rules: CodeRules = {
      ...NO_CODE_RULES,
      message: "",
      protectedCollectionIds: ids("Collection", 3),
      customerTags: { mode: "refuse", tags: ["wholesale"] },
    };
    const written = JSON.stringify({
      rules,
      collectionIds: rules.protectedCollectionIds,
      customerTags: ["wholesale"],
    });
    expect(codeRulesInputLimits(rules).bytes).toBe(utf8Bytes(written));
  });

  it("answers the problems as field errors", () => {
    expect(
      limitFieldErrors([
        { field: "a", message: "one" },
        { field: "a", message: "two" },
        { field: "b", message: "three" },
      ]),
    ).toEqual({ a: ["one", "two"], b: ["three"] });
  });
});

describe("checkoutConfigInputLimits", () => {
  it("holds the largest configuration the app can save far within 10,000 bytes", () => {
    const largest = serializeCheckoutConfig({
      thresholdPercent: 99.99,
      maxDiscountCents: 999_999_999_99,
      maxStackedDiscounts: 99,
      staffOverride: true,
      instantBlocking: true,
      // the longest message (255 UTF-16 units), in 3-byte characters: the most bytes it can take
      message: "€".repeat(MAX_MESSAGE_LENGTH),
    });
    const check = checkoutConfigInputLimits(largest);
    expect(check.withinLimits).toBe(true);
    expect(check.bytes).toBeLessThan(1_000);
  });

  it(`passes at ${FUNCTION_METAFIELD_MAX_BYTES - 1} and ${FUNCTION_METAFIELD_MAX_BYTES} bytes, refuses ${FUNCTION_METAFIELD_MAX_BYTES + 1}`, () => {
    const sized = (bytes: number) => JSON.stringify({ message: "m".repeat(bytes - 14) });
    expect(checkoutConfigInputLimits(sized(FUNCTION_METAFIELD_MAX_BYTES - 1)).withinLimits).toBe(true);
    expect(checkoutConfigInputLimits(sized(FUNCTION_METAFIELD_MAX_BYTES))).toEqual({
      withinLimits: true,
      bytes: FUNCTION_METAFIELD_MAX_BYTES,
      problems: [],
    });
    expect(checkoutConfigInputLimits(sized(FUNCTION_METAFIELD_MAX_BYTES + 1))).toEqual({
      withinLimits: false,
      bytes: FUNCTION_METAFIELD_MAX_BYTES + 1,
      problems: [
        {
          field: "customerMessage",
          message:
            "The checkout configuration would take 10,001 bytes; Shopify gives a Function at most 10,000 bytes of them.",
        },
      ],
    });
  });
});
