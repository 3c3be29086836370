import { describe, expect, it } from "vitest";
import {
  aggregateMoney,
  elapsedDays,
  percentagesOf,
  periodContaining,
  previousPeriod,
  roiFigures,
  timeframeBuckets,
} from "./roi-report";

const NY = "America/New_York";
const iso = (date: Date) => date.toISOString();

describe("ROI periods in the shop's time zone", () => {
  it("starts and ends the month at the shop's midnight, across the end of DST", () => {
    const month = periodContaining("this_month", new Date("2026-11-23T12:00:00Z"), NY);
    expect([iso(month.start), iso(month.end), month.days]).toEqual([
      "2026-11-01T04:00:00.000Z", // midnight EDT
      "2026-12-01T05:00:00.000Z", // midnight EST
      30,
    ]);
  });
  it("places an instant by the shop's calendar, not UTC's", () => {
    // 03:00 UTC on 1 December is still 30 November in New York, already 1 December in Tokyo
    expect(iso(periodContaining("this_month", new Date("2026-12-01T03:00:00Z"), NY).start)).toBe(
      "2026-11-01T04:00:00.000Z",
    );
    expect(iso(periodContaining("this_month", new Date("2026-11-30T16:00:00Z"), "Asia/Tokyo").start)).toBe(
      "2026-11-30T15:00:00.000Z",
    );
  });
  it("weeks start on Monday; a week with DST's start is 7 days of 167 hours", () => {
    const week = periodContaining("this_week", new Date("2026-03-10T12:00:00Z"), NY);
    expect([iso(week.start), iso(week.end), week.days]).toEqual([
      "2026-03-09T04:00:00.000Z",
      "2026-03-16T04:00:00.000Z",
      7,
    ]);
    const withChange = periodContaining("this_week", new Date("2026-03-05T12:00:00Z"), NY);
    expect((withChange.end.getTime() - withChange.start.getTime()) / 3_600_000).toBe(167);
  });
  it("counts quarters and years by the calendar", () => {
    const now = new Date("2026-11-23T12:00:00Z");
    expect(periodContaining("this_quarter", now, NY).days).toBe(92);
    expect(periodContaining("this_year", now, NY).days).toBe(365);
    expect(iso(periodContaining("this_year", now, NY).start)).toBe("2026-01-01T05:00:00.000Z");
  });
  it("takes the previous period as the whole one before", () => {
    const previous = previousPeriod("this_month", new Date("2026-11-23T12:00:00Z"), NY);
    expect([iso(previous.start), iso(previous.end), previous.days]).toEqual([
      "2026-10-01T04:00:00.000Z",
      "2026-11-01T04:00:00.000Z",
      31,
    ]);
    expect(previousPeriod("this_year", new Date("2026-11-23T12:00:00Z"), NY).days).toBe(365);
  });
  it("counts the days begun so far, today included", () => {
    const now = new Date("2026-11-23T12:00:00Z");
    expect(elapsedDays(periodContaining("this_month", now, NY), now, NY)).toBe(23);
    expect(elapsedDays(previousPeriod("this_month", now, NY), now, NY)).toBe(31);
    const first = new Date("2026-11-01T04:30:00Z");
    expect(elapsedDays(periodContaining("this_month", first, NY), first, NY)).toBe(1);
  });
  it("buckets a month by local day: the day DST ends has 25 hours", () => {
    const month = periodContaining("this_month", new Date("2026-11-23T12:00:00Z"), NY);
    const buckets = timeframeBuckets("this_month", month, NY);
    expect(buckets).toHaveLength(30);
    expect(buckets[0]).toMatchObject({ label: "Sun Nov 1" });
    expect((buckets[0]!.end.getTime() - buckets[0]!.start.getTime()) / 3_600_000).toBe(25);
    expect(iso(buckets.at(-1)!.end)).toBe(iso(month.end));
    const year = timeframeBuckets("this_year", periodContaining("this_year", month.start, NY), NY);
    expect(year.map((bucket) => bucket.label)).toEqual([
      "Jan",
      "Feb",
      "Mar",
      "Apr",
      "May",
      "Jun",
      "Jul",
      "Aug",
      "Sep",
      "Oct",
      "Nov",
      "Dec",
    ]);
    const quarter = timeframeBuckets("this_quarter", periodContaining("this_quarter", month.start, NY), NY);
    expect(quarter[0]!.label).toBe("Week of Oct 1");
    expect(iso(quarter.at(-1)!.end)).toBe("2027-01-01T05:00:00.000Z");
  });
  it("leaves out the days, weeks and months after today, and labels the axis short", () => {
    // 23 November, 7 AM in New York
    const now = new Date("2026-11-23T12:00:00Z");
    const month = timeframeBuckets("this_month", periodContaining("this_month", now, NY), NY, now);
    expect(month).toHaveLength(23);
    expect(month.at(-1)).toMatchObject({ label: "Mon Nov 23", axisLabel: "Nov 23" });
    expect(month[0]!.axisLabel).toBe("Nov 1");
    // 02:00 UTC on 1 November is still 31 October in New York: no day of November has begun
    const early = new Date("2026-11-01T02:00:00Z");
    expect(timeframeBuckets("this_month", periodContaining("this_month", now, NY), NY, early)).toEqual([]);
    const year = timeframeBuckets("this_year", periodContaining("this_year", now, NY), NY, now);
    expect(year.map((bucket) => bucket.axisLabel).at(-1)).toBe("Nov");
    expect(year).toHaveLength(11);
    const quarter = timeframeBuckets("this_quarter", periodContaining("this_quarter", now, NY), NY, now);
    expect(quarter.at(-1)).toMatchObject({ label: "Week of Nov 19", axisLabel: "Nov 19" });
    // a period that is over keeps all its buckets
    const previous = previousPeriod("this_month", now, NY);
    expect(timeframeBuckets("this_month", previous, NY, now)).toHaveLength(31);
  });
});

describe("percentages of the savings", () => {
  it("add up to exactly 100", () => {
    expect(percentagesOf([1, 1, 1])).toEqual([34, 33, 33]);
    expect(percentagesOf([5])).toEqual([100]);
    expect(percentagesOf([2, 1, 1, 1, 1, 1, 1])).toEqual([25, 13, 13, 13, 12, 12, 12]);
    for (const parts of [
      [7, 13, 29],
      [1, 2, 3, 4, 5, 6],
      [999, 1, 1],
    ]) {
      expect(percentagesOf(parts).reduce((a, b) => a + b, 0)).toBe(100);
    }
  });
  it("are all zero when nothing was saved", () => {
    expect(percentagesOf([0, 0])).toEqual([0, 0]);
    expect(percentagesOf([])).toEqual([]);
  });
});

describe("a period's figures", () => {
  const month = periodContaining("this_month", new Date("2026-11-23T12:00:00Z"), NY);
  const buckets = timeframeBuckets("this_month", month, NY);
  const at = (day: number, hourUtc = 15) => new Date(Date.UTC(2026, 10, day, hourUtc));
  const none = { stoppedCents: 0, recoveredCents: 0, flaggedCents: 0 };
  // one row per order or checkout (app/domain/monitoring/order-money.ts)
  const rows = [
    { ...none, at: at(2), ruleKey: "max_discount", flaggedCents: 1_000 },
    { ...none, at: at(2), ruleKey: "stacking_prevention", recoveredCents: 500 },
    { ...none, at: at(10), ruleKey: "checkout_validation", stoppedCents: 1_500 },
    { ...none, at: at(10), ruleKey: "max_discount", recoveredCents: 1_000, flaggedCents: 200 },
    // 02:00 UTC on 21 November is still 20 November in New York
    { ...none, at: at(21, 2), ruleKey: "margin_floor", flaggedCents: 700 },
  ];
  const blocked = [{ ruleKey: "checkout_validation", createdAt: at(10) }];

  it("adds saved (stopped + recovered) and flagged apart, by rule type and by local day", () => {
    const figures = roiFigures({
      ...aggregateMoney(rows, blocked, buckets),
      flaggedOrders: 2,
      alertsSent: 4,
      subscriptionCostCents: 2_900,
      elapsedDays: 10,
    });
    expect(figures).toMatchObject({
      totalSavedCents: 3_000,
      stoppedCents: 1_500,
      recoveredCents: 1_500,
      flaggedCents: 1_900,
      blockedCheckouts: 1,
      alertsSent: 4,
      roiPercentage: 3,
    });
    expect(figures.byRuleType).toEqual([
      { type: "checkout_validation", savedCents: 1_500, flaggedCents: 0, blocks: 1, percentage: 50 },
      { type: "max_discount", savedCents: 1_000, flaggedCents: 1_200, blocks: 0, percentage: 33 },
      { type: "stacking_prevention", savedCents: 500, flaggedCents: 0, blocks: 0, percentage: 17 },
      { type: "margin_floor", savedCents: 0, flaggedCents: 700, blocks: 0, percentage: 0 },
    ]);
    expect(figures.byTimeframe[1]).toEqual({
      period: "Mon Nov 2",
      axisLabel: "Nov 2",
      savedCents: 500,
      flaggedCents: 1_000,
      blocks: 0,
    });
    expect(figures.byTimeframe[9]).toEqual({
      period: "Tue Nov 10",
      axisLabel: "Nov 10",
      savedCents: 2_500,
      flaggedCents: 200,
      blocks: 1,
    });
    expect(figures.byTimeframe[19]).toMatchObject({ period: "Fri Nov 20", flaggedCents: 700 });
    expect(figures.byTimeframe.reduce((sum, bucket) => sum + bucket.savedCents, 0)).toBe(3_000);
    expect(figures.byTimeframe.reduce((sum, bucket) => sum + bucket.flaggedCents, 0)).toBe(1_900);
  });
  it("projects a year from this period's monthly rate of saved money", () => {
    const figures = roiFigures({
      ...aggregateMoney(rows, blocked, buckets),
      flaggedOrders: 2,
      alertsSent: 0,
      subscriptionCostCents: 2_900,
      elapsedDays: 10,
    });
    expect(figures.monthlyRateCents).toBe(9_000);
    expect(figures.annualProjectionCents).toBe(108_000);
  });
  it("has no ROI without a cost, and zeros without savings", () => {
    const free = roiFigures({
      ...aggregateMoney(rows, blocked, buckets),
      flaggedOrders: 2,
      alertsSent: 0,
      subscriptionCostCents: 0,
      elapsedDays: 10,
    });
    expect([free.roi, free.roiPercentage]).toEqual([null, null]);
    const nothing = roiFigures({
      ...aggregateMoney([], [], buckets),
      flaggedOrders: 0,
      alertsSent: 0,
      subscriptionCostCents: 2_900,
      elapsedDays: 23,
    });
    expect(nothing).toMatchObject({
      totalSavedCents: 0,
      roiPercentage: -100,
      measure: { kind: "nothing-counted" },
      annualProjectionCents: 0,
      byRuleType: [],
    });
  });
  it("never counts flagged money in ROI: a period of only flagged orders returns nothing", () => {
    const flaggedOnly = roiFigures({
      ...aggregateMoney([{ ...none, at: at(3), ruleKey: "max_discount", flaggedCents: 500_000 }], [], buckets),
      flaggedOrders: 1,
      alertsSent: 9,
      subscriptionCostCents: 2_900,
      elapsedDays: 10,
    });
    // the API's documented figure stays (saved − cost) ÷ cost; the screens say it in words
    expect(flaggedOnly).toMatchObject({
      totalSavedCents: 0,
      flaggedCents: 500_000,
      roiPercentage: -100,
      measure: { kind: "nothing-saved", flaggedOrders: 1, blockedCheckouts: 0 },
    });
  });
});
