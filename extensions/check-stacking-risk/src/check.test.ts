// "Check stacking risk", offline: the request the action sends, every answer and failure turned into
// words, the modal's sentences from a check's figures, and the modal itself rendered to HTML by
// Preact's server renderer (Shopify's s-* elements as plain tags) in each state.
import { h } from "preact";
import { render } from "preact-render-to-string";
import { describe, expect, it } from "vitest";
import {
  adminHref,
  appHref,
  checkDiscount,
  MAX_SELECTED,
  MESSAGES,
  modalView,
  PREFLIGHT_ENDPOINT,
  selectedIds,
  type CheckState,
  type DiscountCheck,
  type Fetch,
} from "./check";
import { CheckModal, StackingRiskAction } from "./CheckModal";

const SUMMER20_ID = "gid://shopify/DiscountCodeNode/9401";
const ADMIN = "https://admin.shopify.com/store/preflight-check/discounts";

/** SUMMER20's check as POST /api/preflight answers it (the integration test's shop and carts). */
const SUMMER20: DiscountCheck = {
  check: "discount",
  discount: {
    id: SUMMER20_ID,
    title: "SUMMER20",
    label: "SUMMER20",
    code: "SUMMER20",
    method: "code",
    discountClass: "ORDER",
    status: "ACTIVE",
    adminUrl: `${ADMIN}/9401`,
  },
  days: 60,
  since: "2026-09-29T12:00:00.000Z",
  currency: "USD",
  discountsRead: 7,
  stackableCount: 2,
  cartsScanned: 3,
  cartsReached: 2,
  summary:
    "Worst reachable 40.3% ($96.80) on cart #6001 with automatic 'Summer Sale 15% off' + SUMMER20 + automatic 'Spend $150, save $20'",
  worst: {
    orderId: "gid://shopify/Order/6000001",
    orderName: "#6001",
    currency: "USD",
    subtotalCents: 24000,
    discountCents: 9680,
    percent: 40.3,
    depth: 3,
    marginPercent: 33,
    reachableFrom: "2026-11-01T00:00:00.000Z",
    codes: ["SUMMER20"],
    automatic: ["Summer Sale 15% off", "Spend $150, save $20"],
    stack: [],
    rulesBroken: [{ rule: "No more than 30% off", message: "Discount 40.3% exceeds 30%" }],
  },
  hygiene: [
    {
      discountId: SUMMER20_ID,
      title: "SUMMER20",
      kind: "no_usage_limit",
      finding: "SUMMER20 has no limit on the number of times it can be used",
      severity: "medium",
      fix: "Limit the total number of times it can be used.",
      adminUrl: `${ADMIN}/9401`,
    },
    {
      discountId: SUMMER20_ID,
      title: "SUMMER20",
      kind: "no_once_per_customer",
      finding: "SUMMER20 can be used more than once by the same customer",
      severity: "low",
      fix: "Limit it to one use per customer.",
      adminUrl: `${ADMIN}/9401`,
    },
  ],
  preflightPath: "/preflight",
  rolloutsNote: null,
};

/** BEANIE10: no cart has a beanie, one finding. */
const BEANIE10: DiscountCheck = {
  ...SUMMER20,
  discount: { ...SUMMER20.discount, id: "gid://shopify/DiscountCodeNode/9406", title: "BEANIE10", label: "BEANIE10" },
  stackableCount: 1,
  cartsReached: 0,
  summary: null,
  worst: null,
  hygiene: [
    {
      discountId: "gid://shopify/DiscountCodeNode/9406",
      title: "BEANIE10",
      kind: "on_sale_items",
      finding: "BEANIE10 applies to a variant already on sale (a compare-at price above the price)",
      severity: "high",
      fix: "Exclude the products on sale.",
      adminUrl: `${ADMIN}/9406`,
    },
  ],
};

/** A fetch that answers `respond` and keeps what it was asked. */
function fakeFetch(respond: () => Response | Promise<Response>) {
  const calls: { input: string; init?: RequestInit }[] = [];
  const fetchApp: Fetch = async (input, init) => {
    calls.push({ input, init });
    return respond();
  };
  return { calls, fetchApp };
}

const json = (body: unknown, status = 200) => Response.json(body, { status });

describe("asking the app", () => {
  it("posts the discount's id to POST /api/preflight as JSON", async () => {
    const { calls, fetchApp } = fakeFetch(() => json(SUMMER20));
    const state = await checkDiscount(fetchApp, SUMMER20_ID);
    expect(state).toEqual({ kind: "checked", discountId: SUMMER20_ID, answer: SUMMER20 });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.input).toBe(PREFLIGHT_ENDPOINT);
    expect(calls[0]!.init?.method).toBe("POST");
    expect(JSON.parse(String(calls[0]!.init?.body))).toEqual({ discountId: SUMMER20_ID });
    expect(calls[0]!.init?.headers).toMatchObject({ "Content-Type": "application/json" });
  });

  it("puts each failure in words", async () => {
    const cases: [() => Response | Promise<Response>, string][] = [
      [() => json({ error: "The shop has no active or scheduled discount with this id" }, 404), MESSAGES.notLive],
      [() => json({ error: "Unauthorized" }, 401), MESSAGES.unauthorized],
      [
        () => json({ error: "This store is not connected to Shopify's Admin API" }, 503),
        "Margin Guardrail could not check this discount: This store is not connected to Shopify's Admin API",
      ],
      [
        () => new Response("<html>Bad gateway</html>", { status: 502 }),
        "Margin Guardrail could not check this discount (it answered 502). Try again in a moment.",
      ],
      [() => json({ error: "Slow down" }, 429), "Too many checks at once. Wait a few seconds and try again."],
      [
        () => Promise.reject(new TypeError("Failed to fetch")),
        "Margin Guardrail could not be reached. Check your connection and try again.",
      ],
      [
        () => json({ id: "run-1", status: "running" }),
        "Margin Guardrail answered with something other than a check. Try again in a moment.",
      ],
      [
        () => new Response("not json", { status: 200 }),
        "Margin Guardrail answered with something other than a check. Try again in a moment.",
      ],
    ];
    for (const [respond, message] of cases) {
      const { fetchApp } = fakeFetch(respond);
      expect(await checkDiscount(fetchApp, SUMMER20_ID)).toEqual({ kind: "failed", discountId: SUMMER20_ID, message });
    }
  });

  it("checks each selected discount once, at most MAX_SELECTED", () => {
    expect(selectedIds({ selected: [] })).toEqual({ ids: [], skipped: 0 });
    expect(selectedIds(undefined)).toEqual({ ids: [], skipped: 0 });
    expect(selectedIds({ selected: [{ id: "a" }, { id: "a" }, { id: "b" }] })).toEqual({ ids: ["a", "b"], skipped: 0 });
    const many = Array.from({ length: MAX_SELECTED + 2 }, (_, index) => ({
      id: `gid://shopify/DiscountNode/${index}`,
    }));
    const picked = selectedIds({ selected: many });
    expect(picked.ids).toHaveLength(MAX_SELECTED);
    expect(picked.skipped).toBe(2);
  });
});

describe("the modal's sentences", () => {
  it("says the worst stack's depth, margin, codes, automatic discounts and broken rules from the answer's figures", () => {
    const view = modalView(SUMMER20);
    expect(view.heading).toBe("Stacking risk of SUMMER20");
    expect(view.summary).toBe(`${SUMMER20.summary}.`);
    expect(view.tone).toBe("critical");
    expect(view.worst).toEqual({
      depth: "3 discounts stack on cart #6001: $96.80 off $240.00 (40.3%).",
      margin: "Margin left on that cart after the stack: 33.0%.",
      codes: "Codes: SUMMER20",
      automatic: "Automatic discounts: Summer Sale 15% off, Spend $150, save $20",
      rulesNote: "It would break one of your rules:",
      rulesBroken: ["Breaks your rule “No more than 30% off”: Discount 40.3% exceeds 30%"],
    });
    expect(view.preflightHref).toBe("app:preflight");
  });

  it("says when the margin is unknown, when no rule breaks, and when the stack has no code or no automatic discount", () => {
    const worst = {
      ...SUMMER20.worst!,
      marginPercent: null,
      rulesBroken: [],
      codes: [],
      automatic: ["Summer Sale 15% off"],
    };
    const view = modalView({ ...SUMMER20, worst });
    expect(view.tone).toBe("warning");
    expect(view.worst?.margin).toBe("Margin left: unknown, no line of that cart has a unit cost in Shopify.");
    expect(view.worst?.rulesNote).toBe("It breaks none of your rules.");
    expect(view.worst?.rulesBroken).toEqual([]);
    expect(view.worst?.codes).toBe("Codes: none");
    expect(view.worst?.automatic).toBe("Automatic discounts: Summer Sale 15% off");
  });

  it("says so when no cart reaches the discount", () => {
    const view = modalView(BEANIE10);
    expect(view.worst).toBeNull();
    expect(view.tone).toBe("success");
    expect(view.summary).toBe(
      "No cart of the last 60 days reaches BEANIE10 (3 carts checked, 1 other live or scheduled discount it combines with).",
    );
  });

  it("lists the hygiene findings with their fix and a link to the discount in Shopify's admin", () => {
    const view = modalView(SUMMER20);
    expect(view.hygieneHeading).toBe("2 settings to review");
    expect(view.hygiene).toEqual([
      {
        severity: "medium",
        severityLabel: "Medium",
        tone: "warning",
        finding: "SUMMER20 has no limit on the number of times it can be used.",
        fix: "Limit the total number of times it can be used.",
        href: "shopify:admin/discounts/9401",
        linkText: "Open SUMMER20 in Shopify",
      },
      expect.objectContaining({ severityLabel: "Low", tone: "info", href: "shopify:admin/discounts/9401" }),
    ]);
    expect(modalView({ ...SUMMER20, hygiene: [] }).hygieneHeading).toBe("No risky setting found on this discount.");
  });

  it("links a discount as the admin opens it, and an app page by its path", () => {
    expect(adminHref(`${ADMIN}/9401`)).toBe("shopify:admin/discounts/9401");
    expect(adminHref(null)).toBeNull();
    expect(adminHref("https://example.com/elsewhere")).toBe("https://example.com/elsewhere");
    expect(appHref("/preflight")).toBe("app:preflight");
    expect(appHref("/preflight?days=30")).toBe("app:preflight?days=30");
  });
});

describe("the modal", () => {
  const draw = (states: CheckState[], skipped = 0) =>
    render(h(CheckModal, { states, skipped, onClose: () => undefined, onRetry: () => undefined }));

  it("shows the check: the worst stack, the findings with their links, the full preflight's link and Done", () => {
    const html = draw([{ kind: "checked", discountId: SUMMER20_ID, answer: SUMMER20 }]);
    expect(html).toContain('<s-admin-action heading="Stacking risk of SUMMER20"');
    for (const text of [
      "3 discounts stack on cart #6001: $96.80 off $240.00 (40.3%).",
      "Margin left on that cart after the stack: 33.0%.",
      "Codes: SUMMER20",
      "Automatic discounts: Summer Sale 15% off, Spend $150, save $20",
      "Breaks your rule “No more than 30% off”: Discount 40.3% exceeds 30%",
      "SUMMER20 has no limit on the number of times it can be used.",
      "Limit it to one use per customer.",
      "Open the full preflight in Margin Guardrail",
    ]) {
      expect(html).toContain(text);
    }
    expect(html).toContain('<s-link href="shopify:admin/discounts/9401">Open SUMMER20 in Shopify</s-link>');
    expect(html).toContain('<s-link href="app:preflight">');
    expect(html).toMatch(/<s-button slot="primary-action" variant="primary">Done<\/s-button>/);
    expect(html).not.toContain("Try again");
  });

  it("shows the waiting, the failure with Try again, and no cart reaching the discount", () => {
    const loading = draw([{ kind: "loading", discountId: SUMMER20_ID }]);
    expect(loading).toContain("<s-spinner");
    expect(loading).toContain(MESSAGES.loading);
    expect(loading).toMatch(/<s-admin-action heading="Check stacking risk" loading/);

    const failed = draw([{ kind: "failed", discountId: SUMMER20_ID, message: MESSAGES.notLive }]);
    expect(failed).toContain(MESSAGES.notLive);
    expect(failed).toContain('<s-button slot="secondary-actions">Try again</s-button>');

    const none = draw([{ kind: "checked", discountId: BEANIE10.discount.id, answer: BEANIE10 }]);
    expect(none).toContain("No cart of the last 60 days reaches BEANIE10");
    expect(none).not.toContain("Worst reachable stack");
    expect(none).toContain("BEANIE10 applies to a variant already on sale");
  });

  it("shows several selected discounts one under the other, and says which were left out", () => {
    const html = draw(
      [
        { kind: "checked", discountId: SUMMER20_ID, answer: SUMMER20 },
        { kind: "checked", discountId: BEANIE10.discount.id, answer: BEANIE10 },
      ],
      3,
    );
    expect(html).toContain('<s-admin-action heading="Check stacking risk"');
    expect(html).toContain("<s-heading>Stacking risk of SUMMER20</s-heading>");
    expect(html).toContain("<s-heading>Stacking risk of BEANIE10</s-heading>");
    expect(html).toContain("3 more selected discounts were not checked: select at most 5 at a time.");
    expect(draw([])).toContain(MESSAGES.noSelection);
  });

  it("opens waiting on the selected discount, before the app answers", () => {
    const { calls, fetchApp } = fakeFetch(() => json(SUMMER20));
    const html = render(
      h(StackingRiskAction, { api: { data: { selected: [{ id: SUMMER20_ID }] }, close: () => undefined }, fetchApp }),
    );
    expect(html).toContain(MESSAGES.loading);
    // the server renderer runs no effect: nothing was asked yet
    expect(calls).toEqual([]);
  });
});
