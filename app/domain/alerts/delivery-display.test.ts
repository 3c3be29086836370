import { describe, expect, it } from "vitest";
import { deliveryAttempts, deliveryStatus } from "./delivery-display";

const delivery = { status: "sent", attempts: 1, inDigest: false };

describe("deliveryStatus", () => {
  it("says an alert that went out inside a digest was sent in a digest", () => {
    expect(deliveryStatus({ ...delivery, attempts: 0, inDigest: true })).toEqual({
      label: "Sent in a digest",
      tone: "success",
    });
  });

  it("says a delivery waiting for its first try is queued, one tried before waits to retry", () => {
    expect(deliveryStatus({ ...delivery, status: "pending", attempts: 0 }).label).toBe("Queued");
    expect(deliveryStatus({ ...delivery, status: "pending", attempts: 2 }).label).toBe("Waiting to retry");
  });

  it("names an unknown status as it is", () => {
    expect(deliveryStatus({ ...delivery, status: "odd" })).toEqual({ label: "odd" });
  });
});

describe("deliveryAttempts", () => {
  it("counts the delivery's own tries, the first one included", () => {
    expect(deliveryAttempts(delivery)).toBe("1 attempt");
    expect(deliveryAttempts({ ...delivery, status: "dead", attempts: 12 })).toBe("12 attempts");
  });

  it("says nothing of attempts where the delivery made none of its own", () => {
    // sent inside a digest: the digest's row has the attempts
    expect(deliveryAttempts({ ...delivery, attempts: 0, inDigest: true })).toBeNull();
    // queued, held for a digest, or dropped by the plan before a try
    expect(deliveryAttempts({ ...delivery, status: "pending", attempts: 0 })).toBeNull();
    expect(deliveryAttempts({ ...delivery, status: "held", attempts: 0 })).toBeNull();
  });
});
