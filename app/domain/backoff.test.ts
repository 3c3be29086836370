import { describe, expect, it } from "vitest";
import { backoffDelayMs } from "./backoff";

describe("backoffDelayMs", () => {
  const policy = { baseMs: 1000, capMs: 60_000 };
  it("doubles from the base delay", () => {
    expect([1, 2, 3, 4].map((attempt) => backoffDelayMs(attempt, policy))).toEqual([1000, 2000, 4000, 8000]);
  });
  it("stops growing at the cap, even after very many attempts", () => {
    expect(backoffDelayMs(7, policy)).toBe(60_000);
    expect(backoffDelayMs(10_000, policy)).toBe(60_000);
  });
  it("treats attempts below 1 as the first", () => {
    expect(backoffDelayMs(0, policy)).toBe(1000);
  });
});
