import { describe, expect, it } from "vitest";
import {
  DEFAULT_CODE_REJECTION_MESSAGE,
  NO_CODE_RULES,
  decideCodes,
  decisionText,
  hasCodeRules,
  type CodeCart,
  type CodeCartLine,
  type CodeRules,
} from "./code-rules";

const line = (overrides: Partial<CodeCartLine> = {}): CodeCartLine => ({
  title: "Linen shirt",
  productId: "gid://shopify/Product/1",
  priceCents: 6000,
  compareAtPriceCents: null,
  inProtectedCollection: false,
  ...overrides,
});
const cart = (lines: CodeCartLine[], customerTags: string[] | null = null): CodeCart => ({ lines, customerTags });
const codes = (...entered: string[]) => entered.map((code) => ({ code, rejectable: true }));
const rules = (overrides: Partial<CodeRules>): CodeRules => ({
  ...NO_CODE_RULES,
  message: "Codes can't be used on this order.",
  ...overrides,
});

describe("code rules", () => {
  it("reject nothing without a configuration, or with every rule off", () => {
    for (const configuration of [null, undefined, NO_CODE_RULES, rules({ customerTags: { mode: "only", tags: [] } })]) {
      const result = decideCodes(configuration, cart([line({ compareAtPriceCents: 9000 })]), codes("SAVE20", "VIP"));
      expect(result.rejected).toEqual([]);
      expect(result.decisions.every((decision) => !decision.rejected)).toBe(true);
    }
    expect(hasCodeRules(NO_CODE_RULES)).toBe(false);
    expect(decideCodes(null, cart([]), []).message).toBe(DEFAULT_CODE_REJECTION_MESSAGE);
  });

  it("turn every code away from a cart with an item already on sale, and only then", () => {
    const onSale = rules({ noCodesOnSaleItems: true });
    const sale = decideCodes(
      onSale,
      cart([line(), line({ title: "Wool scarf", compareAtPriceCents: 9000 })]),
      codes("SAVE20"),
    );
    expect(sale.rejected).toEqual(["SAVE20"]);
    expect(decisionText(sale.decisions[0]!)).toBe(
      "SAVE20: rejected, because Wool scarf is already on sale ($60.00, was $90.00)",
    );
    expect(sale.message).toBe("Codes can't be used on this order.");
    // a compare-at price equal to or below the price is not a sale
    const full = decideCodes(
      onSale,
      cart([line({ compareAtPriceCents: 6000 }), line({ compareAtPriceCents: 5000 })]),
      codes("SAVE20"),
    );
    expect(full.rejected).toEqual([]);
  });

  it("keep the first N codes and turn away the rest", () => {
    const result = decideCodes(rules({ maxCodes: 2 }), cart([line()]), codes("A", "B", "C", "D"));
    expect(result.rejected).toEqual(["C", "D"]);
    expect(decisionText(result.decisions[2]!)).toBe("C: rejected, because only 2 codes can be used together");
    expect(decideCodes(rules({ maxCodes: 1 }), cart([line()]), codes("A", "B")).decisions[1]!.reasons).toEqual([
      "only 1 code can be used together",
    ]);
    expect(decideCodes(rules({ maxCodes: 0 }), cart([line()]), codes("A")).rejected).toEqual(["A"]);
  });

  it("turn away the second code of a forbidden pair, whatever the case", () => {
    const pairs = rules({ forbiddenPairs: [["WELCOME10", "VIP25"]] });
    const result = decideCodes(pairs, cart([line()]), codes("vip25", "SUMMER", "Welcome10"));
    expect(result.rejected).toEqual(["Welcome10"]);
    expect(result.decisions[2]!.reasons).toEqual(["Welcome10 can't be combined with vip25"]);
    expect(decideCodes(pairs, cart([line()]), codes("WELCOME10")).rejected).toEqual([]);
  });

  it("turn every code away from a cart with a protected product or a product of a protected collection", () => {
    const protectedProduct = rules({ protectedProductIds: ["gid://shopify/Product/7"] });
    expect(decideCodes(protectedProduct, cart([line()]), codes("A")).rejected).toEqual([]);
    const withIt = decideCodes(
      protectedProduct,
      cart([line(), line({ title: "Gift card", productId: "gid://shopify/Product/7" })]),
      codes("A", "B"),
    );
    expect(withIt.rejected).toEqual(["A", "B"]);
    expect(withIt.decisions[0]!.reasons).toEqual(["Gift card is a protected product"]);

    const protectedCollection = rules({ protectedCollectionIds: ["gid://shopify/Collection/3"] });
    expect(decideCodes(protectedCollection, cart([line()]), codes("A")).rejected).toEqual([]);
    const inIt = decideCodes(
      protectedCollection,
      cart([line({ title: "New arrival", inProtectedCollection: true })]),
      codes("A"),
    );
    expect(decisionText(inIt.decisions[0]!)).toBe("A: rejected, because New arrival is in a protected collection");
  });

  it("allow codes only to customers with a tag, or refuse them to those customers", () => {
    const only = rules({ customerTags: { mode: "only", tags: ["staff", "wholesale"] } });
    expect(decideCodes(only, cart([line()], ["Wholesale", "vip"]), codes("A")).rejected).toEqual([]);
    const guest = decideCodes(only, cart([line()], null), codes("A"));
    expect(guest.rejected).toEqual(["A"]);
    expect(guest.decisions[0]!.reasons).toEqual(["codes are only for customers tagged staff or wholesale"]);
    expect(decideCodes(only, cart([line()], ["vip"]), codes("A")).rejected).toEqual(["A"]);

    const refuse = rules({ customerTags: { mode: "refuse", tags: ["wholesale"] } });
    expect(decideCodes(refuse, cart([line()], null), codes("A")).rejected).toEqual([]);
    expect(decideCodes(refuse, cart([line()], ["vip"]), codes("A")).rejected).toEqual([]);
    const wholesale = decideCodes(refuse, cart([line()], ["WHOLESALE"]), codes("A"));
    expect(wholesale.decisions[0]!.reasons).toEqual(["codes are not for customers tagged wholesale"]);
  });

  it("never put a code Shopify marks not rejectable in the rejection, though the preview says why", () => {
    const result = decideCodes(rules({ maxCodes: 1, noCodesOnSaleItems: true }), cart([line()]), [
      { code: "LOCKED", rejectable: false },
      { code: "SAVE20", rejectable: true },
    ]);
    expect(result.rejected).toEqual(["SAVE20"]);
    expect(result.decisions[0]).toEqual({ code: "LOCKED", rejected: false, reasons: [] });
    const sale = decideCodes(rules({ noCodesOnSaleItems: true }), cart([line({ compareAtPriceCents: 9000 })]), [
      { code: "LOCKED", rejectable: false },
    ]);
    expect(sale.rejected).toEqual([]);
    expect(decisionText(sale.decisions[0]!)).toBe(
      "LOCKED: would be rejected, because Linen shirt is already on sale ($60.00, was $90.00), but Shopify does not let apps reject this code",
    );
  });

  it("give every reason that applies, and the default message when the merchant's is blank", () => {
    const result = decideCodes(
      rules({ message: "  ", noCodesOnSaleItems: true, customerTags: { mode: "refuse", tags: ["staff"] } }),
      cart([line({ compareAtPriceCents: 7000 })], ["staff"]),
      codes("A"),
    );
    expect(result.message).toBe(DEFAULT_CODE_REJECTION_MESSAGE);
    expect(result.decisions[0]!.reasons).toEqual([
      "Linen shirt is already on sale ($60.00, was $70.00)",
      "codes are not for customers tagged staff",
    ]);
  });
});
