import { describe, expect, it } from "vitest";
import { seriesWithMoney } from "./chart-series";

const point = (savedCents: number, flaggedCents: number) => ({ savedCents, flaggedCents });

describe("seriesWithMoney", () => {
  it("leaves out Saved when no bar of the period saved anything", () => {
    expect(seriesWithMoney([point(0, 1500), point(0, 0)]).map((series) => series.name)).toEqual(["Flagged"]);
  });

  it("draws both when each has money in some bar", () => {
    expect(seriesWithMoney([point(0, 1500), point(2000, 0)]).map((series) => series.name)).toEqual([
      "Saved",
      "Flagged",
    ]);
  });

  it("draws nothing for a period without money", () => {
    expect(seriesWithMoney([point(0, 0)])).toEqual([]);
  });
});
