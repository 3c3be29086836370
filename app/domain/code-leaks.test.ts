import { describe, expect, it } from "vitest";
import {
  LEAK_THRESHOLDS,
  dailyUses,
  hourOf,
  leakInputsOf,
  leakMessage,
  leakSeverity,
  leakSignals,
  normalizeSegmentTags,
  outsideSegment,
  velocity,
  type CodeHistory,
} from "./code-leaks";

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
});
