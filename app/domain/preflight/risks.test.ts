// Configuration risks: which discounts the preflight names, and what it says of them.
import { describe, expect, it } from "vitest";
import { discountMaker } from "../../../tests/fixtures/preflight";
import { configurationRisks } from "./risks";
import type { PreflightDiscount } from "./types";

const discount = discountMaker();

describe("configurationRisks", () => {
  it("names typo values, open public codes, no end date and combining with everything", () => {
    const typo = discount({ code: "WELCOME90", value: { kind: "percentage", percent: 90 } });
    const bigFixed = discount({ code: "TAKE500", value: { kind: "fixed", amountCents: 50000, eachItem: false } });
    const open = discount({
      code: "OPEN",
      usageLimit: null,
      endsAt: null,
      combinesWith: { product: true, order: true, shipping: true },
    });
    const unique = discount({ code: "UNIQUE", usageLimit: null, codesCount: 500 });
    const segment = discount({ code: "VIP", usageLimit: null, allBuyers: false });
    const kinds = (item: PreflightDiscount) => configurationRisks([item], 8000, "EUR").map((risk) => risk.kind);
    expect(kinds(typo)).toEqual(["typo_value"]);
    expect(configurationRisks([typo], 8000, "EUR")[0].message).toBe("WELCOME90 takes 90% off: a typo for 9%?");
    expect(kinds(bigFixed)).toEqual(["typo_value"]);
    expect(kinds(open)).toEqual(["no_usage_limit", "no_end_date", "combines_with_everything"]);
    expect(kinds(unique)).toEqual([]);
    expect(kinds(segment)).toEqual([]);
    expect(kinds(discount({ value: { kind: "unmodelled", reason: "buy X get Y" } }))).toEqual(["not_modelled"]);
  });
});
