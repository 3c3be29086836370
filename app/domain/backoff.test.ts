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

describe("webhook retries", async () => {
  const { RETRY_AFTER_BOUNDS, WEBHOOK_RETRY, afterFailedDelivery, retryAfterMs } = await import("./backoff");
  const now = Date.parse("2026-11-25T12:00:00Z");
  it("reads Retry-After as seconds or an HTTP date, clamped to 5 s … 1 h", () => {
    expect(retryAfterMs("120", now)).toBe(120_000);
    expect(retryAfterMs("Wed, 25 Nov 2026 12:02:00 GMT", now)).toBe(120_000);
    expect(retryAfterMs("0", now)).toBe(RETRY_AFTER_BOUNDS.minMs);
    expect(retryAfterMs("Wed, 25 Nov 2026 11:00:00 GMT", now)).toBe(RETRY_AFTER_BOUNDS.minMs);
    expect(retryAfterMs("86400", now)).toBe(RETRY_AFTER_BOUNDS.maxMs);
    for (const bad of [undefined, null, "", "soon", "-5", "1.5"]) expect(retryAfterMs(bad, now)).toBeNull();
  });
  it("comes back when the receiver said, up to a tenth later, never sooner", () => {
    expect(afterFailedDelivery(1, now, now, 0, { retryAfterMs: 120_000 })).toEqual({ retryAt: now + 120_000 });
    expect(afterFailedDelivery(1, now, now, 0.999, { retryAfterMs: 120_000 })).toEqual({
      retryAt: now + 131_988,
    });
  });
  it("keeps trying a webhook for three days, then gives up; other channels a day", () => {
    const first = 0;
    const twoDays = 2 * 24 * 60 * 60_000;
    expect(afterFailedDelivery(40, first, twoDays, 0.5, { giveUpAfterMs: WEBHOOK_RETRY.giveUpAfterMs })).toHaveProperty(
      "retryAt",
    );
    expect(afterFailedDelivery(40, first, twoDays, 0.5)).toEqual({ dead: true });
    expect(
      afterFailedDelivery(80, first, WEBHOOK_RETRY.giveUpAfterMs - 60_000, 0.9, {
        giveUpAfterMs: WEBHOOK_RETRY.giveUpAfterMs,
      }),
    ).toEqual({ dead: true });
  });
});
