import { describe, expect, it } from "vitest";
import {
  LEAK_THRESHOLDS,
  dailyUses,
  hourOf,
  leakFlowCall,
  leakFlowPayload,
  firstTimeOrder,
  leakInputsOf,
  leakMessage,
  leakSeverity,
  leakSignals,
  normalizeSegmentTags,
  outsideSegment,
  signalInWords,
  velocity,
  type CodeHistory,
  type LeakFlowFacts,
} from "./code-leaks";
import { actionEvent, type ActionEvent } from "../actions/order-actions";

const HOUR = 3_600_000;
const now = new Date("2026-11-20T12:30:00Z");
const hour = hourOf(now).getTime();

function history(over: Partial<CodeHistory> = {}): CodeHistory {
  return {
    uses: 0,
    customers: 0,
    firstKnown: 0,
    firstTime: 0,
    segmentChecked: 0,
    outsideSegment: 0,
    countries: 0,
    firstSeenAt: new Date(hour - 10 * 24 * HOUR),
    audienceSize: null,
    hourly: new Map(),
    ...over,
  };
}

/** `perHour` uses in each of the `hours` hours before the current one, and `last` in the current one. */
function hourly(perHour: number, hours: number, last: number): Map<number, number> {
  const map = new Map<number, number>([[hour, last]]);
  for (let step = 1; step <= hours; step += 1) map.set(hour - step * HOUR, perHour);
  return map;
}

describe("velocity spike", () => {
  it("fires at exactly 3x the 7-day baseline with at least the minimum count", () => {
    // baseline 4 per hour over 168 hours: the limit is 12
    const signals = leakSignals(history({ hourly: hourly(4, 168, 12) }), now);
    expect(signals).toEqual([{ name: "velocity_spike", figure: 12, limit: 12 }]);
    expect(leakSignals(history({ hourly: hourly(4, 168, 11) }), now)).toEqual([]);
  });

  it("needs the minimum count even when the baseline is tiny", () => {
    expect(leakSignals(history({ hourly: hourly(0, 168, LEAK_THRESHOLDS.velocityMinUses - 1) }), now)).toEqual([]);
    expect(leakSignals(history({ hourly: hourly(0, 168, LEAK_THRESHOLDS.velocityMinUses) }), now)).toEqual([
      { name: "velocity_spike", figure: 10, limit: 10 },
    ]);
  });

  it("ignores uses older than 7 days in the baseline", () => {
    const map = hourly(0, 168, 10);
    map.set(hour - 169 * HOUR, 5000);
    expect(velocity(history({ hourly: map }), now)).toEqual({ lastHour: 10, baseline: 0 });
  });

  it("gives a brand-new code no baseline, so no velocity signal", () => {
    const fresh = history({ firstSeenAt: new Date(hour - 23 * HOUR), hourly: hourly(0, 23, 500) });
    expect(velocity(fresh, now).baseline).toBeNull();
    expect(leakSignals(fresh, now)).toEqual([]);
    // a day old: its baseline is that day
    const dayOld = history({ firstSeenAt: new Date(hour - 24 * HOUR), hourly: hourly(1, 24, 10) });
    expect(velocity(dayOld, now)).toEqual({ lastHour: 10, baseline: 1 });
    expect(leakSignals(dayOld, now).map((signal) => signal.name)).toEqual(["velocity_spike"]);
  });

  it("counts daily uses over the last 24 clock hours", () => {
    expect(dailyUses(hourly(2, 30, 5), now)).toBe(5 + 23 * 2);
  });
});

describe("audience exceeded", () => {
  it("fires when uses or customers pass the audience size, not at it", () => {
    expect(leakSignals(history({ audienceSize: 500, uses: 500, customers: 480 }), now)).toEqual([]);
    expect(leakSignals(history({ audienceSize: 500, uses: 501, customers: 480 }), now)).toEqual([
      { name: "audience_exceeded", figure: 501, limit: 500 },
    ]);
    expect(leakSignals(history({ audienceSize: null, uses: 100_000 }), now)).toEqual([]);
  });
});

describe("audience exceeded, from Shopify's usage limit", () => {
  const firstUse = new Date(hour - 2 * 24 * HOUR);
  const limited = (over: Partial<CodeHistory>) =>
    history({ usageLimit: 500, firstSeenAt: firstUse, lastUsedAt: now, customers: 10, ...over });

  it("fires when uses reach 90 % of the limit within 3 days of the first use, with the figures", () => {
    expect(leakSignals(limited({ uses: 449 }), now)).toEqual([]);
    const [signal] = leakSignals(limited({ uses: 450 }), now);
    // 48.5 hours from the first use to the latest
    expect(signal).toEqual({ name: "audience_exceeded", figure: 450, limit: 450, usageLimit: 500, days: 2 });
    expect(signalInWords(signal)).toBe(
      "audience exceeded: 450 uses in 2 days since the first use, 90 % of Shopify's usage limit of 500 (limit 90 % within 3 days)",
    );
    expect(leakSeverity([signal])).toBe("high");
  });

  it("rounds the limit's share up, and does not fire after 3 days from the first use to the latest", () => {
    expect(leakSignals(limited({ usageLimit: 25, uses: 22 }), now)).toEqual([]); // 90 % of 25 is 22.5: 23 uses
    expect(leakSignals(limited({ usageLimit: 25, uses: 23 }), now).map((item) => item.limit)).toEqual([23]);
    const slow = { uses: 500, firstSeenAt: new Date(now.getTime() - 3 * 24 * HOUR - 60_000) };
    expect(leakSignals(limited(slow), now)).toEqual([]);
    // the latest use counts, not the time the rules are read: a code Shopify stopped stays flagged
    const stopped = limited({ uses: 500, lastUsedAt: new Date(firstUse.getTime() + 30 * HOUR) });
    expect(leakSignals(stopped, new Date(now.getTime() + 10 * 24 * HOUR))).toEqual([
      { name: "audience_exceeded", figure: 500, limit: 450, usageLimit: 500, days: 1.3 },
    ]);
  });

  it("never fires for single-use or small codes, nor without a limit", () => {
    expect(leakSignals(limited({ usageLimit: 1, uses: 1 }), now)).toEqual([]);
    expect(leakSignals(limited({ usageLimit: 19, uses: 19 }), now)).toEqual([]);
    expect(leakSignals(limited({ usageLimit: 20, uses: 20 }), now).map((item) => item.name)).toEqual([
      "audience_exceeded",
    ]);
    expect(leakSignals(limited({ usageLimit: null, uses: 5000 }), now)).toEqual([]);
    expect(leakSignals(limited({ usageLimit: 0, uses: 5000 }), now)).toEqual([]);
  });

  it("uses the merchant's audience size instead when one is set", () => {
    // 480 uses: 96 % of the limit, but within the audience of 500 the merchant set
    expect(leakSignals(limited({ uses: 480, audienceSize: 500 }), now)).toEqual([]);
    expect(leakSignals(limited({ uses: 501, audienceSize: 500 }), now)).toEqual([
      { name: "audience_exceeded", figure: 501, limit: 500 },
    ]);
  });
});

describe("the Flow trigger of a flag", () => {
  const facts: LeakFlowFacts = {
    code: "VIP500",
    codeKey: "vip500",
    signals: [
      { name: "audience_exceeded", figure: 460, limit: 450, usageLimit: 500, days: 1.5 },
      { name: "country_spread", figure: 7, limit: 5 },
    ],
    uses: 460,
    customers: 455,
    firstSeenAt: new Date("2026-11-18T09:00:00Z"),
    audienceSize: null,
    usageLimit: 500,
    discountId: "gid://shopify/DiscountCodeNode/7",
    flaggedAt: new Date("2026-11-19T21:00:00Z"),
  };

  it("gives every field of the extension, with 0 and empty text for what is not set", () => {
    expect(leakFlowPayload(facts)).toEqual({
      "Discount code": "VIP500",
      Signals:
        "audience exceeded: 460 uses in 1.5 days since the first use, 92 % of Shopify's usage limit of 500 (limit 90 % within 3 days); country spread: shipped to 7 countries (limit 5)",
      "Signal names": "audience_exceeded, country_spread",
      Uses: 460,
      Customers: 455,
      "First use": "2026-11-18T09:00:00.000Z",
      "Audience size": 0,
      "Usage limit": 500,
      Severity: "high",
      "Discount ID": "gid://shopify/DiscountCodeNode/7",
    });
    const bare = leakFlowPayload({ ...facts, usageLimit: null, audienceSize: 300, discountId: null });
    expect(bare).toMatchObject({ "Audience size": 300, "Usage limit": 0, "Discount ID": "" });
  });

  it("is one call per flag, recorded as flow_triggered for the code", () => {
    const call = leakFlowCall(facts);
    expect(call).toMatchObject({
      handle: "discount-code-leaked",
      name: "Discount code probably leaked",
      key: `code_leak|vip500|${facts.flaggedAt.getTime()}`,
    });
    const event = {
      id: "e1",
      shopId: "s1",
      eventType: "code_leak_suspected",
      severity: "high",
      message: "Code VIP500 probably leaked",
      orderId: null,
      orderName: null,
      discountCodes: ["VIP500"],
      discountPercent: null,
      totalDiscountCents: null,
      overLimitCents: null,
      currency: "USD",
      ruleId: "",
      ruleName: "Leaked code detector",
      ruleType: "code_leak",
      threshold: null,
      createdAt: facts.flaggedAt,
      flow: call,
    } as unknown as ActionEvent;
    const recorded = actionEvent("o1", "e1", event, { action: "flow" }, { standIn: false });
    expect(recorded).toMatchObject({
      eventType: "flow_triggered",
      message: 'Shopify Flow trigger "Discount code probably leaked" fired for code VIP500',
      dedupeKey: `flow_triggered|code_leak|vip500|${facts.flaggedAt.getTime()}`,
    });
  });
});

describe("segment breach", () => {
  it("fires above the share with the minimum count outside", () => {
    expect(leakSignals(history({ segmentChecked: 10, outsideSegment: 4 }), now)).toEqual([]); // under the minimum
    expect(leakSignals(history({ segmentChecked: 25, outsideSegment: 5 }), now)).toEqual([]); // exactly 20 %
    expect(leakSignals(history({ segmentChecked: 24, outsideSegment: 5 }), now)).toEqual([
      { name: "segment_breach", figure: 0.208, limit: 0.2 },
    ]);
  });

  it("reads customers' tags without case against the segment", () => {
    expect(normalizeSegmentTags([" VIP ", "vip", "", "Subscriber"])).toBe("vip,subscriber");
    expect(normalizeSegmentTags([" "])).toBeNull();
    expect(outsideSegment("vip,subscriber", ["Subscriber"])).toBe(false);
    expect(outsideSegment("vip,subscriber", ["wholesale"])).toBe(true);
    expect(outsideSegment(null, ["wholesale"])).toBeNull();
  });
});

describe("first-time share and country spread", () => {
  it("fire above their limits", () => {
    expect(leakSignals(history({ firstKnown: 19, firstTime: 19 }), now)).toEqual([]);
    expect(leakSignals(history({ firstKnown: 20, firstTime: 16 }), now)).toEqual([]);
    expect(leakSignals(history({ firstKnown: 20, firstTime: 17 }), now)).toEqual([
      { name: "first_time_share", figure: 0.85, limit: 0.8 },
    ]);
    expect(leakSignals(history({ countries: 5 }), now)).toEqual([]);
    expect(leakSignals(history({ countries: 6 }), now)).toEqual([{ name: "country_spread", figure: 6, limit: 5 }]);
  });
});

describe("messages and inputs", () => {
  it("names the code and every signal with its figures", () => {
    const signals = leakSignals(
      history({ audienceSize: 500, uses: 900, customers: 850, hourly: hourly(1, 168, 40) }),
      now,
    );
    expect(leakMessage("VIP500", signals)).toBe(
      "Code VIP500 probably leaked: velocity spike: 40 uses in the last hour (limit 10); audience exceeded: 900 uses or customers for an audience of 500",
    );
    expect(leakSeverity(signals)).toBe("high");
    expect(leakSeverity([{ name: "country_spread", figure: 6, limit: 5 }])).toBe("medium");
  });

  it("reads the payload leniently", () => {
    expect(
      leakInputsOf({ customer: { tags: ["vip"], orders_count: 1 }, shipping_address: { country_code: "de" } }),
    ).toEqual({
      firstOrder: true,
      customerTags: ["vip"],
      country: "DE",
    });
    expect(leakInputsOf({ customer: { orders_count: 4 }, shipping_address: { country_code: "Germany" } })).toEqual({
      firstOrder: false,
      customerTags: [],
      country: null,
    });
    expect(leakInputsOf({ customer: { orders_count: "1" } }).firstOrder).toBeNull();
    expect(leakInputsOf({}).country).toBeNull();
  });

  it("reads the account's age at the order from the order's and the customer's created_at", () => {
    const order = (created: unknown) => ({
      created_at: "2026-11-28T10:00:00-05:00",
      customer: { orders_count: 3, created_at: created },
    });
    expect(leakInputsOf(order("2026-11-21T15:00:00Z")).accountAgeMs).toBe(7 * 86_400_000);
    for (const odd of [undefined, null, 5, "yesterday", "2026-12-01T00:00:00Z"]) {
      expect(leakInputsOf(order(odd)), JSON.stringify(odd)).not.toHaveProperty("accountAgeMs");
    }
  });

  it("counts an account younger than the code rules' new-account days as first-time, exactly that old not", () => {
    const DAY = 86_400_000;
    const leak = (firstOrder: boolean | null, accountAgeMs?: number) => ({
      firstOrder,
      customerTags: [],
      country: null,
      ...(accountAgeMs === undefined ? {} : { accountAgeMs }),
    });
    expect(firstTimeOrder(leak(false, 30 * DAY - 1000), 30)).toBe(true);
    expect(firstTimeOrder(leak(false, 30 * DAY), 30)).toBe(false);
    // orders_count not in the payload: a new account says first-time, an old one leaves it unknown
    expect(firstTimeOrder(leak(null, DAY), 30)).toBe(true);
    expect(firstTimeOrder(leak(null, 40 * DAY), 30)).toBeNull();
    // the rule off, or no account age (a guest): as the payload says
    expect(firstTimeOrder(leak(false, DAY), null)).toBe(false);
    expect(firstTimeOrder(leak(true), 30)).toBe(true);
    expect(firstTimeOrder(leak(null), 30)).toBeNull();
    expect(firstTimeOrder(undefined, 30)).toBeNull();
  });
});
