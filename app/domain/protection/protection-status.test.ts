import { describe, expect, it } from "vitest";
import {
  alertsLayer,
  checkoutBlockingLayer,
  codeRulesLayer,
  failingNotice,
  overallState,
  turnedFailing,
  webhooksLayer,
  type CodeRulesFacts,
} from "./protection-status";

const NOW = new Date("2026-11-28T12:00:00Z");
const MINUTES = 60_000;
const sweep = (minutesAgo: number, missed = 0) => ({
  at: new Date(NOW.getTime() - minutesAgo * MINUTES),
  checked: 12,
  missed,
  evaluated: missed,
});

describe("webhooks layer", () => {
  const every = 15 * MINUTES;
  const INSTALLED = new Date(NOW.getTime() - 10 * MINUTES);
  it("fails when Shopify does not send an order topic, whatever the sweep found", () => {
    const layer = webhooksLayer(
      { lastSweep: sweep(1), missingTopics: ["orders/create"], sweepEveryMs: every, installedAt: INSTALLED },
      NOW,
    );
    expect(layer).toMatchObject({ state: "failing", fix: { url: "/support" } });
    expect(layer.detail).toContain("orders/create");
    expect(layer.detail).toContain("15 minutes late");
  });
  it("ignores a missing topic that is not about orders", () => {
    const layer = webhooksLayer(
      { lastSweep: sweep(1), missingTopics: ["discounts/create"], sweepEveryMs: every, installedAt: INSTALLED },
      NOW,
    );
    expect(layer.state).toBe("ok");
  });
  it("waits for the first sweep an interval, warns after three missed intervals and when orders were missed", () => {
    expect(
      webhooksLayer({ lastSweep: null, missingTopics: [], sweepEveryMs: every, installedAt: INSTALLED }, NOW).state,
    ).toBe("ok");
    const longAgo = new Date(NOW.getTime() - 50 * MINUTES);
    expect(
      webhooksLayer({ lastSweep: null, missingTopics: [], sweepEveryMs: every, installedAt: longAgo }, NOW).state,
    ).toBe("warning");
    expect(
      webhooksLayer({ lastSweep: sweep(45), missingTopics: [], sweepEveryMs: every, installedAt: INSTALLED }, NOW)
        .state,
    ).toBe("ok");
    expect(
      webhooksLayer({ lastSweep: sweep(46), missingTopics: [], sweepEveryMs: every, installedAt: INSTALLED }, NOW)
        .state,
    ).toBe("warning");
    const missed = webhooksLayer(
      { lastSweep: sweep(1, 2), missingTopics: [], sweepEveryMs: every, installedAt: INSTALLED },
      NOW,
    );
    expect(missed).toMatchObject({ state: "warning" });
    expect(missed.detail).toBe("The last check found 2 orders Shopify did not send by webhook; 2 checked since.");
  });
  it("is ok when the last sweep missed nothing", () => {
    expect(
      webhooksLayer({ lastSweep: sweep(3), missingTopics: [], sweepEveryMs: every, installedAt: INSTALLED }, NOW),
    ).toMatchObject({
      state: "ok",
      detail: "The last check went through 12 orders: none missed.",
      fix: null,
    });
  });
});

describe("code rules layer", () => {
  const set: CodeRulesFacts = {
    included: true,
    configured: true,
    discountId: "gid://shopify/DiscountAutomaticNode/1",
    discountActive: true,
    syncError: null,
    inputs: { withinLimits: true },
  };
  it("is off off the plan and without rules (saying where to change that), ok with everything in Shopify", () => {
    expect(codeRulesLayer({ ...set, included: false })).toMatchObject({ state: "off", fix: { url: "/pricing" } });
    expect(codeRulesLayer({ ...set, configured: false, discountId: null })).toMatchObject({
      state: "off",
      fix: { url: "/rules/code-rules" },
    });
    expect(codeRulesLayer(set).state).toBe("ok");
  });
  it.each([
    [{ inputs: { withinLimits: false, detail: "up to 100 collections" } }, "over Shopify's limits"],
    [{ syncError: "Shopify answered 502" }, "Shopify answered 502"],
    [{ discountId: null }, "not in Shopify yet"],
    [{ discountActive: false }, "switched off in Shopify"],
  ] as const)("fails when codes would pass: %j", (change, words) => {
    const layer = codeRulesLayer({ ...set, ...change });
    expect(layer).toMatchObject({ state: "failing", fix: { url: "/rules/code-rules" } });
    expect(layer.detail).toContain(words);
  });
});

const OK = { withinLimits: true };

describe("checkout blocking layer", () => {
  it("is off off the plan, warns when not deployed, fails when switched off in Shopify", () => {
    expect(
      checkoutBlockingLayer({ included: false, validationId: null, validationEnabled: false, inputs: OK }).state,
    ).toBe("off");
    expect(
      checkoutBlockingLayer({ included: true, validationId: null, validationEnabled: false, inputs: OK }).state,
    ).toBe("warning");
    expect(
      checkoutBlockingLayer({ included: true, validationId: "v1", validationEnabled: false, inputs: OK }),
    ).toMatchObject({
      state: "failing",
      fix: { url: "/integration" },
    });
    expect(
      checkoutBlockingLayer({ included: true, validationId: "v1", validationEnabled: true, inputs: OK }).state,
    ).toBe("ok");
    expect(
      checkoutBlockingLayer({
        included: true,
        validationId: "v1",
        validationEnabled: true,
        inputs: { withinLimits: false, detail: "11,000 bytes" },
      }).state,
    ).toBe("failing");
  });
});

describe("alerts layer", () => {
  const quiet = { lastFailure: null, retrying: 0 };
  it("warns with no channel on, fails on a dead delivery or a switched-off URL, warns while retrying", () => {
    expect(alertsLayer({ included: true, channels: [] }).state).toBe("warning");
    const dead = alertsLayer({
      included: true,
      channels: [
        { channel: "email", ...quiet },
        { channel: "slack", lastFailure: { at: NOW, error: "invalid_token" }, retrying: 0 },
      ],
    });
    expect(dead).toMatchObject({ state: "failing", detail: "Slack alerts are not delivered: invalid_token" });
    expect(alertsLayer({ included: true, channels: [{ channel: "webhook", ...quiet, endpointsDown: 1 }] }).state).toBe(
      "failing",
    );
    expect(
      alertsLayer({ included: true, channels: [{ channel: "email", lastFailure: null, retrying: 2 }] }).state,
    ).toBe("warning");
    expect(alertsLayer({ included: true, channels: [{ channel: "email", ...quiet }] })).toMatchObject({
      state: "ok",
      detail: "E-mail delivering.",
    });
    expect(alertsLayer({ included: false, channels: [] }).state).toBe("off");
  });
});

describe("the card's state and its alert", () => {
  it("takes the worst layer", () => {
    expect(overallState([{ state: "ok" }, { state: "warning" }])).toBe("warning");
    expect(overallState([{ state: "warning" }, { state: "failing" }])).toBe("failing");
    expect(overallState([{ state: "ok" }])).toBe("ok");
    // a layer off the plan or not set guards nothing: it neither calms nor alarms the card
    expect(overallState([{ state: "ok" }, { state: "off" }])).toBe("ok");
    expect(overallState([{ state: "off" }, { state: "warning" }])).toBe("warning");
  });
  it("alerts once, when a layer turns failing", () => {
    expect(turnedFailing(undefined, "failing")).toBe(true);
    expect(turnedFailing("ok", "failing")).toBe(true);
    expect(turnedFailing("failing", "failing")).toBe(false);
    expect(turnedFailing("failing", "ok")).toBe(false);
  });
  it("says what stopped and where to repair it", () => {
    const notice = failingNotice(
      {
        key: "code_rules",
        detail: "The code rules' discount is switched off in Shopify.",
        fix: { label: "Open Code rules", url: "/rules/code-rules" },
      },
      "https://app.example/",
    );
    expect(notice.subject).toBe("Margin Guardrail: code rules stopped protecting your store");
    expect(notice.text).toContain("Open Code rules: https://app.example/rules/code-rules");
    expect(notice.text).toContain("https://app.example/dashboard");
  });
});
