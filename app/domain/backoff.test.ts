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

describe("alert delivery retries", async () => {
  const { DELIVERY_RETRY, afterFailedDelivery, deliveryRetryDelayMs } = await import("./backoff");
  it("waits 30 s, doubling to an hour, with jitter over the upper half", () => {
    expect(deliveryRetryDelayMs(1, 0)).toBe(15_000);
    expect(deliveryRetryDelayMs(1, 0.999_999)).toBe(30_000);
    expect(deliveryRetryDelayMs(2, 0.5)).toBe(45_000);
    expect(deliveryRetryDelayMs(20, 1 - Number.EPSILON)).toBe(DELIVERY_RETRY.capMs);
  });
  it("gives up a day after the first try", () => {
    const first = 0;
    expect(afterFailedDelivery(3, first, 60_000, 0.5)).toEqual({ retryAt: 60_000 + 90_000 });
    expect(afterFailedDelivery(30, first, DELIVERY_RETRY.giveUpAfterMs - 60_000, 0.9)).toEqual({ dead: true });
  });
});
