import { describe, expect, it } from "vitest";
import { THRESHOLD_MESSAGE, functionConfigSchema, functionTestSchema, shopifyFeaturesSchema } from "./function-config";

describe("checkout Function settings: strict types", () => {
  it("reads the threshold as a JSON number or a plain decimal", () => {
    expect(functionConfigSchema.parse({ thresholdPercent: 35 }).thresholdPercent).toBe(35);
    expect(functionConfigSchema.parse({ thresholdPercent: " 12.5 " }).thresholdPercent).toBe(12.5);
  });
  it("refuses hex, exponents, Infinity, booleans, lists and objects", () => {
    for (const thresholdPercent of ["0x10", "1e1", "Infinity", "NaN", true, [1], {}, { toString: 1 }, null]) {
      const result = functionConfigSchema.safeParse({ thresholdPercent });
      expect(
        result.error?.issues.map((issue) => issue.message),
        JSON.stringify(thresholdPercent),
      ).toEqual([THRESHOLD_MESSAGE]);
    }
    expect(functionConfigSchema.safeParse({ thresholdPercent: "" }).error?.issues[0].message).toBe(
      "Threshold is required",
    );
  });
  it("tests only with decimal amounts", () => {
    const base = { subtotal: "100", discount: "45.50", thresholdPercent: 40 };
    expect(functionTestSchema.parse(base)).toEqual({ subtotal: 100, discount: 45.5, thresholdPercent: 40 });
    for (const subtotal of ["0x10", "1e3", true]) {
      expect(functionTestSchema.safeParse({ ...base, subtotal }).success, JSON.stringify(subtotal)).toBe(false);
    }
  });
  it("refuses a customer message with control characters", () => {
    expect(shopifyFeaturesSchema.safeParse({ customerMessage: "One code\u0000" }).error?.issues[0].message).toBe(
      "Customer message must not contain control characters",
    );
  });
});
