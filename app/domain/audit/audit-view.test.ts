import type { AuditEvent } from "@prisma/client";
import { describe, expect, it } from "vitest";
import { DISPLAY_LIMITS, toEventView } from "./audit-view";

const event = (overrides: Partial<AuditEvent>): AuditEvent =>
  ({
    id: "e1",
    eventType: "rule_triggered",
    severity: "high",
    message: "Order #1 took 40% off",
    orderName: "#1",
    discountCodes: [],
    discountPercent: 40,
    totalDiscountCents: 4000,
    currency: "USD",
    ruleName: "Cap",
    createdAt: new Date("2026-11-21T12:00:00Z"),
    ...overrides,
  }) as AuditEvent;

describe("an audit event on screen is bounded, whatever was stored", () => {
  it("shows the first codes and counts the rest", () => {
    const codes = Array.from({ length: 200_000 }, (_, index) => `CODE${index}`);
    const view = toEventView(event({ discountCodes: codes }), "UTC");
    expect(view.discountCodes).toHaveLength(DISPLAY_LIMITS.codes);
    expect(view.moreCodes).toBe(200_000 - DISPLAY_LIMITS.codes);
  });
  it("clips long codes and messages", () => {
    const view = toEventView(event({ discountCodes: ["X".repeat(500)], message: "m".repeat(10_000) }), "UTC");
    expect(view.discountCodes[0]).toHaveLength(DISPLAY_LIMITS.codeLength);
    expect(view.message).toHaveLength(DISPLAY_LIMITS.messageLength);
    expect(view.message.endsWith("…")).toBe(true);
  });
});
