import { describe, expect, it } from "vitest";
import { overshootPercent, severitiesAtLeast, severityFor, stackingSeverity, STACKING_SEVERITY_TEXT } from "./severity";

describe("severity bands (docs/product.md#rule-semantics)", () => {
  it("grades by how far past the threshold, relative to it", () => {
    expect(severityFor(31, 30)).toBe("low");
    expect(severityFor(33, 30)).toBe("medium");
    expect(severityFor(38, 30)).toBe("high");
    expect(severityFor(45, 30)).toBe("critical");
  });
  it("puts band edges in the higher band", () => {
    expect(severityFor(110, 100)).toBe("medium");
    expect(severityFor(125, 100)).toBe("high");
    expect(severityFor(150, 100)).toBe("critical");
  });
  it("grades shortfalls under a floor the same way", () => {
    expect(overshootPercent(20, 25)).toBe(20);
    expect(severityFor(20, 25)).toBe("medium");
  });
  it("treats any breach of a zero threshold as critical", () => {
    expect(severityFor(1, 0)).toBe("critical");
  });
  it("lists the severities at or above a minimum", () => {
    expect(severitiesAtLeast("high")).toEqual(["high", "critical"]);
    expect(severitiesAtLeast("low")).toHaveLength(4);
  });
  it("grades stacking by the number of discounts, as the bands the pages show say", () => {
    expect([1, 2, 3, 4, 7].map(stackingSeverity)).toEqual(["medium", "medium", "high", "critical", "critical"]);
    expect(STACKING_SEVERITY_TEXT).toBe(
      "Stacking prevention: medium, up to 2 discounts combined; high, 3 discounts combined; critical, 4 or more discounts combined.",
    );
  });
});
