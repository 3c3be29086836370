// New accounts and big codes (docs/product.md#new-accounts-and-big-codes): a code worth more than
// X % of the subtotal, as the cap counts it, only for accounts at least N days old, counted to the
// start of the shop's date (a Function has no clock); guests as the merchant chooses.
import { describe, expect, it } from "vitest";
import {
  NO_CODE_RULES,
  accountAgeMs,
  codeRulesMetafield,
  codeRulesWeighValues,
  decideCodes,
  decisionText,
  hasCodeRules,
  parseCodeRulesMetafield,
  parseCodeValues,
  type CodeCart,
  type CodeRules,
  type CodeValues,
} from "./code-rules";

const TODAY = "2026-11-28";
/** an account created `seconds` before the start (00:00 UTC) of TODAY */
const createdBefore = (seconds: number) => new Date(Date.parse(`${TODAY}T00:00:00Z`) - seconds * 1000).toISOString();
const DAY = 86_400;

const cart = (customerCreatedAt: string | null, { guest = false, today = TODAY as string | null } = {}): CodeCart => ({
  lines: [
    {
      title: "Linen shirt",
      productId: "gid://shopify/Product/1",
      priceCents: 10_000,
      compareAtPriceCents: null,
      inProtectedCollection: false,
    },
  ],
  subtotalCents: 10_000,
  currency: "USD",
  itemCount: 1,
  customerTags: guest ? null : [],
  customerCreatedAt: guest ? null : customerCreatedAt,
  today,
});
const rules = (overrides: Partial<CodeRules> = {}): CodeRules => ({
  ...NO_CODE_RULES,
  message: "Big codes are for accounts older than 30 days.",
  newAccountDays: 30,
  newAccountMaxPercent: 25,
  ...overrides,
});
const VALUES: CodeValues = {
  big40: { kind: "percentage", percent: 40 },
  exact25: { kind: "percentage", percent: 25 },
  over25: { kind: "percentage", percent: 25.01 },
  fixed30: { kind: "fixed", amountCents: 3000, currency: "USD" },
  fixed30eur: { kind: "fixed", amountCents: 3000, currency: "EUR" },
  ship: { kind: "free_shipping" },
  small10: { kind: "percentage", percent: 10 },
  min200: { kind: "percentage", percent: 40, minimumCents: 20_000, currency: "USD" },
};
const decide = (codeCart: CodeCart, entered: string[], overrides: Partial<CodeRules> = {}) =>
  decideCodes(
    rules(overrides),
    codeCart,
    entered.map((code) => ({ code, rejectable: true })),
    VALUES,
  );

describe("new accounts and big codes", () => {
  it("let an account exactly N days old through, and turn one a second younger away", () => {
    expect(decide(cart(createdBefore(30 * DAY)), ["BIG40"]).rejected).toEqual([]);
    const young = decide(cart(createdBefore(30 * DAY - 1)), ["BIG40", "SMALL10"]);
    expect(young.rejected).toEqual(["BIG40"]);
    expect(young.message).toBe("Big codes are for accounts older than 30 days.");
    expect(decisionText(young.decisions[0]!)).toBe(
      "BIG40 (40 % off): rejected, because codes worth more than 25 % are only for accounts at least 30 days old; this account is 29 days old",
    );
    expect(decisionText(young.decisions[1]!)).toBe("SMALL10 (10 % off): accepted");
  });

  it("weigh a code as the cap does: exactly X % passes, more is turned away, fixed amounts against the subtotal", () => {
    const young = cart(createdBefore(DAY));
    expect(decide(young, ["EXACT25"]).rejected).toEqual([]);
    expect(decide(young, ["OVER25"]).rejected).toEqual(["OVER25"]);
    // $30 off a $100 subtotal is 30 %
    expect(decide(young, ["FIXED30"]).rejected).toEqual(["FIXED30"]);
    // a minimum the cart does not reach gives nothing, free shipping takes nothing off the subtotal
    expect(decide(young, ["MIN200", "SHIP"]).rejected).toEqual([]);
    // not known (no value, another currency): the rule cannot tell, and lets it through as the cap does
    expect(decide(young, ["UNKNOWN", "FIXED30EUR"]).rejected).toEqual([]);
    // 0 %: every code worth anything is for older accounts
    expect(decide(young, ["SMALL10"], { newAccountMaxPercent: 0 }).rejected).toEqual(["SMALL10"]);
  });

  it("hold guests to the rule as new accounts, or let them through, as the merchant chose", () => {
    const guest = cart(null, { guest: true });
    const held = decide(guest, ["BIG40", "SMALL10"]);
    expect(held.rejected).toEqual(["BIG40"]);
    expect(held.decisions[0]!.reasons).toEqual([
      "codes worth more than 25 % are only for accounts at least 30 days old, and a guest checkout has no account",
    ]);
    expect(decide(guest, ["BIG40"], { newAccountGuests: "allow" }).rejected).toEqual([]);
    // an old account is let through either way
    expect(decide(cart(createdBefore(400 * DAY)), ["BIG40"], { newAccountGuests: "allow" }).rejected).toEqual([]);
  });

  it("count the age to the start of the shop's date, from a time in any offset, and judge nothing it cannot date", () => {
    // 2026-10-29T01:00:00+01:00 is exactly 30 days before 2026-11-28T00:00:00Z
    expect(accountAgeMs(cart("2026-10-29T01:00:00+01:00"))).toBe(30 * DAY * 1000);
    expect(decide(cart("2026-10-29T01:00:01+01:00"), ["BIG40"]).rejected).toEqual(["BIG40"]);
    // an account made later today is 0 days old
    expect(decide(cart(`${TODAY}T08:00:00Z`), ["BIG40"]).decisions[0]!.reasons[0]).toContain(
      "this account is 0 days old",
    );
    for (const unknown of [cart(null), cart("not a date"), cart(createdBefore(DAY), { today: null })]) {
      expect(accountAgeMs(unknown)).toBeNull();
      expect(decide(unknown, ["BIG40"]).rejected).toEqual([]);
    }
    expect(accountAgeMs(cart(createdBefore(DAY), { today: "28/11/2026" }))).toBeNull();
  });

  it("are on only with both the days and the share, and then weigh the codes' values", () => {
    expect(hasCodeRules(rules())).toBe(true);
    expect(codeRulesWeighValues(rules())).toBe(true);
    for (const half of [{ newAccountDays: null }, { newAccountMaxPercent: null }]) {
      expect(hasCodeRules(rules(half))).toBe(false);
      expect(codeRulesWeighValues(rules(half))).toBe(false);
      expect(decide(cart(createdBefore(DAY)), ["BIG40"], half).rejected).toEqual([]);
    }
    // the metafield carries the values the Function weighs, and reads back as written
    const written = JSON.parse(JSON.stringify(codeRulesMetafield(rules({ newAccountGuests: "allow" }), VALUES)));
    expect(parseCodeValues(written).big40).toMatchObject({ kind: "percentage", percent: 40 });
    expect(parseCodeRulesMetafield(written)).toMatchObject({
      newAccountDays: 30,
      newAccountMaxPercent: 25,
      newAccountGuests: "allow",
    });
  });

  it("read a metafield written before the rule as the rule off, and refuse one not in its shape", () => {
    const old = { rules: { ...NO_CODE_RULES } as Record<string, unknown> };
    delete old.rules.newAccountDays;
    delete old.rules.newAccountMaxPercent;
    delete old.rules.newAccountGuests;
    expect(parseCodeRulesMetafield(old)).toMatchObject({
      newAccountDays: null,
      newAccountMaxPercent: null,
      newAccountGuests: "new",
    });
    for (const bad of [
      { newAccountDays: 0 },
      { newAccountDays: 2.5 },
      { newAccountDays: "30" },
      { newAccountMaxPercent: 100 },
      { newAccountMaxPercent: -1 },
      { newAccountGuests: "maybe" },
    ]) {
      expect(parseCodeRulesMetafield({ rules: { ...rules(), ...bad } }), JSON.stringify(bad)).toBeNull();
    }
  });

  it("suggest no backup code the rule would turn away too", () => {
    const young = cart(createdBefore(DAY));
    expect(decide(young, ["BIG40"], { backupCode: "SMALL10" }).message).toBe(
      "Big codes are for accounts older than 30 days. Try SMALL10 instead.",
    );
    expect(decide(young, ["BIG40"], { backupCode: "FIXED30" }).message).toBe(
      "Big codes are for accounts older than 30 days.",
    );
  });
});
