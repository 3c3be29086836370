// The combined-discount cap at code entry (docs/product.md#code-rules): which
// codes go when the entered codes would take more than the cap, or are more than "most codes
// together"; the codes' values as the metafield carries them, within Shopify's size limit.
import { describe, expect, it } from "vitest";
import {
  CODE_RULES_METAFIELD_MAX_BYTES,
  NO_CODE_RULES,
  codeRulesMetafield,
  codeShare,
  decideCodes,
  decisionText,
  parseCodeRulesMetafield,
  parseCodeValues,
  type CodeCart,
  type CodeRules,
  type CodeValues,
  type EnteredCode,
} from "./code-rules";

const cart = (subtotalCents = 10_000, currency = "USD", itemCount = 2): CodeCart => ({
  lines: [
    {
      title: "Linen shirt",
      productId: "gid://shopify/Product/1",
      priceCents: subtotalCents,
      compareAtPriceCents: null,
      inProtectedCollection: false,
    },
  ],
  customerTags: null,
  subtotalCents,
  currency,
  itemCount,
});
const codes = (...entered: string[]): EnteredCode[] => entered.map((code) => ({ code, rejectable: true }));
const rules = (overrides: Partial<CodeRules>): CodeRules => ({
  ...NO_CODE_RULES,
  message: "Too much off.",
  ...overrides,
});
const values: CodeValues = {
  save30: { kind: "percentage", percent: 30 },
  save5: { kind: "percentage", percent: 5 },
  other5: { kind: "percentage", percent: 5 },
  save10: { kind: "percentage", percent: 10 },
  ten: { kind: "fixed", amountCents: 1000, currency: "USD" },
  euro10: { kind: "fixed", amountCents: 1000, currency: "EUR" },
  ship: { kind: "free_shipping" },
  bxgy: { kind: "other" },
  big: { kind: "percentage", percent: 20, minimumCents: 20_000, currency: "USD" },
  three: { kind: "percentage", percent: 20, minimumQuantity: 3 },
};

describe("the combined cap", () => {
  it("keeps the 30 % code and turns the 5 % one away when both would pass a 30 % cap", () => {
    const result = decideCodes(rules({ maxDiscountPercent: 30 }), cart(), codes("SAVE5", "SAVE30"), values);
    expect(result.rejected).toEqual(["SAVE5"]);
    expect(decisionText(result.decisions[0]!)).toBe(
      "SAVE5 (5 % off): rejected, because together the codes would take 35 % of the $100.00 subtotal off, more than the 30 % cap",
    );
    expect(decisionText(result.decisions[1]!)).toBe("SAVE30 (30 % off): accepted");
  });

  it("keeps every code within the cap, the cap included", () => {
    const result = decideCodes(rules({ maxDiscountPercent: 35 }), cart(), codes("SAVE5", "SAVE30"), values);
    expect(result.rejected).toEqual([]);
  });

  it("rejects the fewest codes: one large code rather than two small ones", () => {
    // 30 + 5 + 5 = 40 > 32: dropping SAVE30 alone fits (10); dropping both 5s fits too (30), but is two codes
    const result = decideCodes(rules({ maxDiscountPercent: 32 }), cart(), codes("SAVE30", "SAVE5", "OTHER5"), values);
    expect(result.rejected).toEqual(["SAVE30"]);
    // 40 > 36: one 5 % code is enough, and the lowest value goes rather than the 30
    const loose = decideCodes(rules({ maxDiscountPercent: 36 }), cart(), codes("SAVE30", "SAVE5", "OTHER5"), values);
    expect(loose.rejected).toEqual(["OTHER5"]);
    const tight = decideCodes(rules({ maxDiscountPercent: 12 }), cart(), codes("SAVE30", "SAVE5", "OTHER5"), values);
    expect(tight.rejected).toEqual(["SAVE30"]);
  });

  it("breaks ties by entry order: of two equal codes the later entered goes", () => {
    const result = decideCodes(rules({ maxDiscountPercent: 36 }), cart(), codes("OTHER5", "SAVE30", "SAVE5"), values);
    expect(result.rejected).toEqual(["SAVE5"]);
    const swapped = decideCodes(rules({ maxDiscountPercent: 36 }), cart(), codes("SAVE5", "SAVE30", "OTHER5"), values);
    expect(swapped.rejected).toEqual(["OTHER5"]);
  });

  it("converts a fixed amount by the cart's subtotal, in the cart's currency", () => {
    // $10 off $100 is 10 %: with 30 % that is 40 %, above 35
    expect(decideCodes(rules({ maxDiscountPercent: 35 }), cart(), codes("SAVE30", "TEN"), values).rejected).toEqual([
      "TEN",
    ]);
    // $10 off $200 is 5 %: 35 % fits
    expect(
      decideCodes(rules({ maxDiscountPercent: 35 }), cart(20_000), codes("SAVE30", "TEN"), values).rejected,
    ).toEqual([]);
    expect(codeShare(values.ten, cart(4_000)).percent).toBe(25);
    expect(codeShare(values.ten, cart(500)).percent).toBe(100);
  });

  it("never rejects on guesswork: a code in another currency, of another kind or unknown counts nothing", () => {
    const result = decideCodes(
      rules({ maxDiscountPercent: 30 }),
      cart(),
      codes("SAVE30", "EURO10", "BXGY", "NOBODY"),
      values,
    );
    expect(result.rejected).toEqual([]);
    expect(result.decisions.map((decision) => decision.percentOfSubtotal)).toEqual([
      30,
      undefined,
      undefined,
      undefined,
    ]);
    expect(decisionText(result.decisions[1]!)).toBe("EURO10 (10.00 EUR off, not in the cart's currency): accepted");
    expect(decisionText(result.decisions[3]!)).toBe("NOBODY: accepted");
    // a cart in euros converts the euro code and not the dollar one
    const euros = decideCodes(
      rules({ maxDiscountPercent: 30 }),
      cart(10_000, "EUR"),
      codes("SAVE30", "EURO10", "TEN"),
      values,
    );
    expect(euros.rejected).toEqual(["EURO10"]);
  });

  it("counts free shipping as nothing off the subtotal", () => {
    const result = decideCodes(rules({ maxDiscountPercent: 30 }), cart(), codes("SAVE30", "SHIP"), values);
    expect(result.rejected).toEqual([]);
    expect(result.decisions[1]!.valueText).toBe("free shipping (nothing off the subtotal)");
  });

  it("counts a code whose minimum the cart does not reach as nothing", () => {
    expect(
      decideCodes(rules({ maxDiscountPercent: 30 }), cart(), codes("SAVE30", "BIG", "THREE"), values).rejected,
    ).toEqual([]);
    expect(
      decideCodes(rules({ maxDiscountPercent: 30 }), cart(20_000, "USD", 3), codes("SAVE30", "BIG", "THREE"), values)
        .rejected,
    ).toEqual(["BIG", "THREE"]);
  });

  it("never rejects a code Shopify marks not rejectable, but counts it toward the cap", () => {
    const entered = [
      { code: "SAVE30", rejectable: false },
      { code: "SAVE10", rejectable: true },
      { code: "SAVE5", rejectable: true },
    ];
    const result = decideCodes(rules({ maxDiscountPercent: 35 }), cart(), entered, values);
    // 30 is fixed: 10 must go (30 + 5 = 35 fits)
    expect(result.rejected).toEqual(["SAVE10"]);
    const over = decideCodes(rules({ maxDiscountPercent: 20 }), cart(), entered, values);
    expect(over.rejected).toEqual(["SAVE10", "SAVE5"]);
    expect(over.decisions[0]!.notRejectable).toBe(true);
    expect(decisionText(over.decisions[0]!)).toMatch(/^SAVE30 \(30 % off\): would be rejected, because together/);
  });

  it("applies the cap and most codes together at once, keeping the highest values", () => {
    const both = rules({ maxDiscountPercent: 40, maxCodes: 2 });
    const result = decideCodes(both, cart(), codes("SAVE5", "SAVE10", "SAVE30"), values);
    // two at most: drop the 5; 10 + 30 = 40 fits the cap
    expect(result.rejected).toEqual(["SAVE5"]);
    expect(result.decisions[0]!.reasons).toEqual([
      "only 2 codes can be used together",
      "together the codes would take 45 % of the $100.00 subtotal off, more than the 40 % cap",
    ]);
    expect(
      decideCodes(rules({ maxCodes: 2 }), cart(), codes("SAVE5", "SAVE10", "SAVE30"), values).decisions[0]!.reasons,
    ).toEqual(["only 2 codes can be used together"]);
    const tighter = decideCodes(
      rules({ maxDiscountPercent: 35, maxCodes: 2 }),
      cart(),
      codes("SAVE5", "SAVE10", "SAVE30"),
      values,
    );
    // keep 30 + 5 (35): the 10 goes, one code, as few as the count needs
    expect(tighter.rejected).toEqual(["SAVE10"]);
    expect(tighter.decisions[1]!.reasons).toEqual([
      "only 2 codes can be used together",
      "together the codes would take 45 % of the $100.00 subtotal off, more than the 35 % cap",
    ]);
  });

  it("most codes together alone keeps the highest-value codes; unknown ones go first, then the latest", () => {
    expect(decideCodes(rules({ maxCodes: 1 }), cart(), codes("SAVE5", "SAVE30"), values).rejected).toEqual(["SAVE5"]);
    expect(decideCodes(rules({ maxCodes: 1 }), cart(), codes("SAVE30", "NOBODY"), values).rejected).toEqual(["NOBODY"]);
    expect(decideCodes(rules({ maxCodes: 1 }), cart(), codes("A", "B"), values).rejected).toEqual(["B"]);
  });

  it("names the backup code in the message, unless it was entered or every code is turned away anyway", () => {
    const withBackup = rules({ maxDiscountPercent: 30, backupCode: "BACKUP10" });
    expect(decideCodes(withBackup, cart(), codes("SAVE30", "SAVE5"), values).message).toBe(
      "Too much off. Try BACKUP10 instead.",
    );
    expect(decideCodes(withBackup, cart(), codes("SAVE30", "SAVE5", "backup10"), values).message).toBe("Too much off.");
    const sale = decideCodes(
      { ...withBackup, noCodesOnSaleItems: true },
      {
        ...cart(),
        lines: [{ ...cart().lines[0]!, compareAtPriceCents: 20_000 }],
      },
      codes("SAVE5"),
      values,
    );
    expect(sale.rejected).toEqual(["SAVE5"]);
    expect(sale.message).toBe("Too much off.");
  });
});

describe("the metafield's values", () => {
  it("round-trip compactly and read back; entries not in the app's shape are unknown", () => {
    const written = codeRulesMetafield(rules({ maxDiscountPercent: 30 }), values);
    expect(written.values).toMatchObject({ save30: ["p", 30], ten: ["f", 1000, "USD"], ship: ["s"] });
    expect(written.values).not.toHaveProperty("bxgy");
    const read = parseCodeValues(JSON.parse(JSON.stringify(written)));
    expect(read.ten).toEqual({
      kind: "fixed",
      amountCents: 1000,
      currency: "USD",
      minimumCents: null,
      minimumQuantity: null,
    });
    expect(read.big).toMatchObject({ kind: "percentage", percent: 20, minimumCents: 20_000 });
    expect(parseCodeValues({ values: { a: ["x", 1], b: ["f", 100], c: ["p", -1], d: "p" } })).toEqual({});
    expect(parseCodeValues(null)).toEqual({});
  });

  it("carry no values when neither the cap nor the count is on", () => {
    expect(codeRulesMetafield(rules({ noCodesOnSaleItems: true }), values).values).toBeUndefined();
  });

  it("stay within Shopify's 10,000 bytes, keeping the largest values and saying which were left out", () => {
    const many: CodeValues = {};
    for (let i = 0; i < 800; i++) many[`code${String(i).padStart(4, "0")}`] = { kind: "percentage", percent: i % 50 };
    many.huge = { kind: "fixed", amountCents: 9_000, currency: "USD" };
    const written = codeRulesMetafield(rules({ maxDiscountPercent: 30 }), many);
    const { left, ...value } = written;
    const bytes = Buffer.byteLength(JSON.stringify(value));
    expect(bytes).toBeLessThanOrEqual(CODE_RULES_METAFIELD_MAX_BYTES);
    expect(bytes).toBeGreaterThan(CODE_RULES_METAFIELD_MAX_BYTES - 40);
    expect(left.length).toBeGreaterThan(0);
    expect(Object.keys(value.values!).length + left.length).toBe(801);
    // the $90 code (90 % of a $100 cart) and every 49 % code are kept; 0 % codes are the first cut
    expect(value.values!.huge).toEqual(["f", 9000, "USD"]);
    expect(value.values!.code0049).toEqual(["p", 49]);
    expect(left).toContain("code0000");
    expect(left.every((code) => (many[code] as { percent: number }).percent <= 25)).toBe(true);
  });

  it("reads a metafield written before the cap as no cap and no backup code, and refuses a bad cap", () => {
    const old = { rules: { ...NO_CODE_RULES, maxCodes: 1 } as Record<string, unknown> };
    delete old.rules.maxDiscountPercent;
    delete old.rules.backupCode;
    expect(parseCodeRulesMetafield(old)).toMatchObject({ maxCodes: 1, maxDiscountPercent: null, backupCode: null });
    expect(parseCodeRulesMetafield({ rules: { ...NO_CODE_RULES, maxDiscountPercent: 0 } })).toBeNull();
    expect(parseCodeRulesMetafield({ rules: { ...NO_CODE_RULES, maxDiscountPercent: "30" } })).toBeNull();
    expect(parseCodeRulesMetafield({ rules: { ...NO_CODE_RULES, maxDiscountPercent: 30 } })?.maxDiscountPercent).toBe(
      30,
    );
  });
});
