import { describe, expect, it } from "vitest";
import { stackingSummary } from "./rule-list-items";

describe("a stacking rule says what it checks, not a bare threshold", () => {
  it("reads a threshold of 0 as any two discounts", () => {
    expect(stackingSummary("$0.00", "AMOUNT")).toBe("2 or more discounts on one order");
    expect(stackingSummary("0%", "PERCENT")).toBe("2 or more discounts on one order");
  });
  it("names the total the discounts must pass together", () => {
    expect(stackingSummary("$10.00", "AMOUNT")).toBe("2 or more discounts on one order, over $10.00 together");
    expect(stackingSummary("$1,250.00", "AMOUNT")).toBe("2 or more discounts on one order, over $1,250.00 together");
    expect(stackingSummary("15%", "PERCENT")).toBe("2 or more discounts on one order, over 15% off together");
  });
});
