import { describe, expect, it } from "vitest";
import { HYGIENE_DEFAULTS, hygieneAudit, hygieneOf, type HygieneKind } from "./hygiene";
import type { PreflightDiscount } from "./types";

const NOW = new Date("2026-11-30T12:00:00Z");
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY).toISOString();

/** A code with nothing to flag: an end date, recent, limited, once per customer, combining with nothing. */
const clean = (over: Partial<PreflightDiscount> = {}): PreflightDiscount => ({
  id: "gid://shopify/DiscountCodeNode/1",
  title: "TIDY10",
  code: "TIDY10",
  method: "code",
  discountClass: "ORDER",
  value: { kind: "percentage", percent: 10 },
  appliesTo: { kind: "all" },
  minimumCents: null,
  minimumQuantity: null,
  startsAt: daysAgo(3),
  endsAt: daysAgo(-10),
  status: "ACTIVE",
  combinesWith: { product: false, order: false, shipping: false },
  sameLineTags: [],
  tags: [],
  usageLimit: 100,
  appliesOncePerCustomer: true,
  allBuyers: true,
  codesCount: 1,
  ...over,
});

const kinds = (discount: PreflightDiscount, thresholds = HYGIENE_DEFAULTS): HygieneKind[] =>
  hygieneOf(discount, thresholds, NOW).map((finding) => finding.kind);

describe("discount hygiene", () => {
  it("finds nothing on a tidy code", () => {
    expect(hygieneOf(clean(), HYGIENE_DEFAULTS, NOW)).toEqual([]);
  });

  it("flags a discount without an end date, unless a serving Rollout makes it live", () => {
    expect(kinds(clean({ endsAt: null }))).toEqual(["no_end_date"]);
    expect(kinds(clean({ endsAt: null, method: "automatic", code: null }))).toEqual(["no_end_date"]);
    expect(kinds(clean({ endsAt: null, method: "automatic", code: null, rollout: "Winter test" }))).toEqual([]);
  });

  it("flags an active discount started more than the threshold's days ago, not at it", () => {
    expect(kinds(clean({ startsAt: daysAgo(42) }))).toEqual([]);
    expect(kinds(clean({ startsAt: new Date(NOW.getTime() - 42 * DAY - 1).toISOString() }))).toEqual([
      "active_too_long",
    ]);
    const [finding] = hygieneOf(clean({ startsAt: daysAgo(50) }), HYGIENE_DEFAULTS, NOW);
    expect(finding.finding).toBe("TIDY10 has been active for 50 days, more than 42");
    // the merchant's own threshold
    expect(kinds(clean({ startsAt: daysAgo(20) }), { ...HYGIENE_DEFAULTS, activeDays: 14 })).toEqual([
      "active_too_long",
    ]);
    // a scheduled one has not been active; no start date is not known to be long
    expect(kinds(clean({ startsAt: daysAgo(50), status: "SCHEDULED" }))).toEqual([]);
    expect(kinds(clean({ startsAt: null }))).toEqual([]);
  });

  it("flags a code without a usage limit, more severely when every buyer may use it", () => {
    const open = hygieneOf(clean({ usageLimit: null }), HYGIENE_DEFAULTS, NOW);
    expect(open.map((finding) => [finding.kind, finding.severity])).toEqual([["no_usage_limit", "medium"]]);
    const segment = hygieneOf(clean({ usageLimit: null, allBuyers: false }), HYGIENE_DEFAULTS, NOW);
    expect(segment.map((finding) => finding.severity)).toEqual(["low"]);
    // automatic discounts have no usage limit in Shopify
    expect(kinds(clean({ usageLimit: null, method: "automatic", code: null }))).toEqual([]);
  });

  it("flags a code any customer may use more than once, never an automatic discount", () => {
    expect(kinds(clean({ appliesOncePerCustomer: false }))).toEqual(["no_once_per_customer"]);
    expect(kinds(clean({ appliesOncePerCustomer: false, method: "automatic", code: null }))).toEqual([]);
  });

  it("flags a percentage at or above the threshold, first, as high", () => {
    expect(kinds(clean({ value: { kind: "percentage", percent: 99.9 } }))).toEqual([]);
    const full = hygieneOf(
      clean({ value: { kind: "percentage", percent: 100 }, usageLimit: null }),
      HYGIENE_DEFAULTS,
      NOW,
    );
    expect(full.map((finding) => [finding.kind, finding.severity])).toEqual([
      ["full_discount", "high"],
      ["no_usage_limit", "medium"],
    ]);
    expect(
      kinds(clean({ value: { kind: "percentage", percent: 80 } }), { ...HYGIENE_DEFAULTS, fullPercent: 80 }),
    ).toEqual(["full_discount"]);
  });

  it("flags a discount naming variants already on sale, and not when none is or none was read", () => {
    expect(kinds(clean({ saleVariants: 0 }))).toEqual([]);
    expect(kinds(clean({ saleVariants: undefined }))).toEqual([]);
    const [one] = hygieneOf(clean({ saleVariants: 1 }), HYGIENE_DEFAULTS, NOW);
    expect(one.finding).toBe("TIDY10 applies to a variant already on sale (a compare-at price above the price)");
    expect(hygieneOf(clean({ saleVariants: 3 }), HYGIENE_DEFAULTS, NOW)[0].finding).toContain("3 variants");
  });

  it("flags combining with every class, a shipping discount's own class aside", () => {
    expect(kinds(clean({ combinesWith: { product: true, order: true, shipping: true } }))).toEqual([
      "combines_with_every_class",
    ]);
    expect(kinds(clean({ combinesWith: { product: true, order: true, shipping: false } }))).toEqual([]);
    expect(
      kinds(
        clean({
          discountClass: "SHIPPING",
          value: { kind: "free_shipping", maxShippingCents: null },
          combinesWith: { product: true, order: true, shipping: false },
        }),
      ),
    ).toEqual(["combines_with_every_class"]);
  });

  it("flags a code a Rollout's treatment makes live, not an automatic discount", () => {
    expect(kinds(clean({ rollout: "Winter test" }))).toEqual(["code_in_rollout"]);
    expect(kinds(clean({ rollout: "Winter test", method: "automatic", code: null }))).toEqual([]);
  });

  it("lists every discount's findings most severe first, then in the list's order", () => {
    const findings = hygieneAudit(
      [
        clean({ endsAt: null, appliesOncePerCustomer: false }),
        clean({ id: "gid://shopify/DiscountCodeNode/2", value: { kind: "percentage", percent: 100 } }),
      ],
      HYGIENE_DEFAULTS,
      NOW,
    );
    expect(findings.map((finding) => `${finding.kind} ${finding.discountId.slice(-1)}`)).toEqual([
      "full_discount 2",
      "no_end_date 1",
      "no_once_per_customer 1",
    ]);
  });

  it("names the discount, its title and a fix in every finding, discount by discount", () => {
    const findings = hygieneAudit(
      [
        clean({ endsAt: null }),
        clean({
          id: "gid://shopify/DiscountAutomaticNode/2",
          title: "Sale",
          method: "automatic",
          code: null,
          endsAt: null,
        }),
      ],
      HYGIENE_DEFAULTS,
      NOW,
    );
    expect(findings).toEqual([
      {
        discountId: "gid://shopify/DiscountCodeNode/1",
        title: "TIDY10",
        kind: "no_end_date",
        finding: "TIDY10 has no end date",
        severity: "medium",
        fix: "Set an end date.",
      },
      {
        discountId: "gid://shopify/DiscountAutomaticNode/2",
        title: "Sale",
        kind: "no_end_date",
        finding: "automatic 'Sale' has no end date",
        severity: "medium",
        fix: "Set an end date.",
      },
    ]);
  });
});
