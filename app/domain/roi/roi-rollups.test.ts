import { describe, expect, it } from "vitest";
import type { MoneyRow } from "../monitoring/order-money";
import {
  dayRange,
  eventIncrements,
  figuresFromRollups,
  localDay,
  moneyRowIncrements,
  ZERO_COUNTS,
} from "./roi-rollups";

const row = (fields: Partial<MoneyRow>): MoneyRow => ({
  kind: "order",
  subject: "gid://shopify/Order/1",
  orderName: "#1",
  at: new Date("2026-03-08T06:30:00Z"),
  currency: "USD",
  ruleKey: "max_discount",
  discountCents: 1_000,
  overageCents: 400,
  heldOverageCents: null,
  cancelled: false,
  stoppedCents: 0,
  recoveredCents: 0,
  flaggedCents: 400,
  ...fields,
});

describe("localDay", () => {
  it("is the calendar day in the zone, across offsets of quarter hours and DST changes", () => {
    expect(localDay(new Date("2026-11-24T18:14:59Z"), "Asia/Kathmandu")).toBe("2026-11-24");
    expect(localDay(new Date("2026-11-24T18:15:00Z"), "Asia/Kathmandu")).toBe("2026-11-25");
    // New York springs forward at 07:00 UTC on 2026-03-08: 04:59 UTC is still the 7th there
    expect(localDay(new Date("2026-03-08T04:59:59Z"), "America/New_York")).toBe("2026-03-07");
    expect(localDay(new Date("2026-03-08T05:00:00Z"), "America/New_York")).toBe("2026-03-08");
    expect(localDay(new Date("2026-11-02T04:00:00Z"), "America/New_York")).toBe("2026-11-01");
    expect(localDay(new Date("2026-11-02T05:00:00Z"), "America/New_York")).toBe("2026-11-02");
    expect(localDay(new Date("2026-01-01T00:00:00Z"), "UTC")).toBe("2026-01-01");
  });

  it("reads an unknown zone as UTC", () => {
    expect(localDay(new Date("2026-01-01T23:30:00Z"), "Not/AZone")).toBe("2026-01-01");
  });
});

describe("moneyRowIncrements", () => {
  it("takes the stored row away and adds the new one on the stored row's day, even when the rule type changes", () => {
    const stored = row({});
    const next = row({
      ruleKey: "min_margin",
      overageCents: 100,
      flaggedCents: 100,
      at: new Date("2026-05-01T00:00:00Z"),
    });
    const increments = moneyRowIncrements([{ stored, next }], "America/New_York");
    expect(increments).toEqual([
      {
        ...ZERO_COUNTS,
        day: "2026-03-08",
        ruleKey: "max_discount",
        moneyRows: -1,
        flaggedCents: -400,
        flaggedOrders: -1,
      },
      { ...ZERO_COUNTS, day: "2026-03-08", ruleKey: "min_margin", moneyRows: 1, flaggedCents: 100, flaggedOrders: 1 },
    ]);
  });

  it("leaves out what changes nothing, and counts a first row with no rule type under the empty key", () => {
    expect(moneyRowIncrements([{ stored: row({}), next: row({}) }], "UTC")).toEqual([]);
    const held = row({ ruleKey: null, cancelled: true, heldOverageCents: 400, flaggedCents: 0, recoveredCents: 400 });
    expect(moneyRowIncrements([{ stored: null, next: held }], "UTC")).toEqual([
      { ...ZERO_COUNTS, day: "2026-03-08", ruleKey: "", moneyRows: 1, recoveredCents: 400, savedOrders: 1 },
    ]);
  });
});

describe("eventIncrements", () => {
  it("counts blocked checkouts and alerts sent by local day and rule type, nothing else", () => {
    const increments = eventIncrements(
      [
        { eventType: "checkout_blocked", ruleKey: "max_discount", createdAt: new Date("2026-07-01T03:00:00Z") },
        { eventType: "checkout_blocked", ruleKey: "max_discount", createdAt: new Date("2026-07-01T05:00:00Z") },
        { eventType: "alert_sent", ruleKey: null, createdAt: new Date("2026-07-01T05:00:00Z") },
        { eventType: "rule_triggered", ruleKey: "max_discount", createdAt: new Date("2026-07-01T05:00:00Z") },
      ],
      "America/New_York",
    );
    expect(increments).toEqual([
      { ...ZERO_COUNTS, day: "2026-06-30", ruleKey: "max_discount", blockedCheckouts: 1 },
      { ...ZERO_COUNTS, day: "2026-07-01", ruleKey: "max_discount", blockedCheckouts: 1 },
      { ...ZERO_COUNTS, day: "2026-07-01", ruleKey: "", alertsSent: 1 },
    ]);
  });
});

describe("figuresFromRollups", () => {
  it("groups money where rows were counted (even to zero) and blocks where checkouts were blocked", () => {
    const period = { start: new Date("2026-07-01T04:00:00Z"), end: new Date("2026-07-03T04:00:00Z"), days: 2 };
    const buckets = [
      { label: "Wed Jul 1", axisLabel: "Jul 1", start: period.start, end: new Date("2026-07-02T04:00:00Z") },
      { label: "Thu Jul 2", axisLabel: "Jul 2", start: new Date("2026-07-02T04:00:00Z"), end: period.end },
    ];
    const result = figuresFromRollups(
      [
        { ...ZERO_COUNTS, day: "2026-06-30", ruleKey: "max_discount", moneyRows: 1, flaggedCents: 999 },
        { ...ZERO_COUNTS, day: "2026-07-01", ruleKey: "max_discount", moneyRows: 1 },
        {
          ...ZERO_COUNTS,
          day: "2026-07-02",
          ruleKey: "",
          moneyRows: 2,
          stoppedCents: 300,
          blockedCheckouts: 2,
          alertsSent: 1,
        },
        { ...ZERO_COUNTS, day: "2026-07-02", ruleKey: "min_margin", alertsSent: 2 },
        { ...ZERO_COUNTS, day: "2026-07-03", ruleKey: "", moneyRows: 1, stoppedCents: 5 },
      ],
      dayRange(period, "America/New_York"),
      buckets,
      "America/New_York",
    );
    expect(result.money).toEqual([
      { ruleKey: "max_discount", stoppedCents: 0, recoveredCents: 0, flaggedCents: 0 },
      { ruleKey: null, stoppedCents: 300, recoveredCents: 0, flaggedCents: 0 },
    ]);
    expect(result.blocks).toEqual([{ ruleKey: null, count: 2 }]);
    expect(result.alertsSent).toBe(3);
    expect(
      result.bucketTotals.map((bucket) => [bucket.label, bucket.stoppedCents + bucket.recoveredCents, bucket.blocks]),
    ).toEqual([
      ["Wed Jul 1", 0, 0],
      ["Thu Jul 2", 300, 2],
    ]);
  });
});
