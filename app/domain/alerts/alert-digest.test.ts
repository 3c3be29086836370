import { describe, expect, it } from "vitest";
import { digestOf, digestReleaseAt, nextDigestAt } from "./alert-digest";
import { digestSlackMessage, digestSubject, digestText, digestWebhookBody, type AlertEvent } from "./alert-message";
import { afterEvaluation, afterHold, type OrderEvaluated } from "../monitoring/order-money";

const NY = "America/New_York";
const at = (iso: string) => new Date(iso);

describe("when a digest period ends", () => {
  it("is the next hour, in the shop's zone (a half-hour zone included)", () => {
    expect(nextDigestAt("hourly", at("2026-11-22T10:10:00Z"), NY)).toEqual(at("2026-11-22T11:00:00Z"));
    expect(nextDigestAt("hourly", at("2026-11-22T10:00:00Z"), "Asia/Kolkata")).toEqual(at("2026-11-22T10:30:00Z"));
  });
  it("counts both 1 AMs when the clocks go back, and skips the hour that does not exist when they go forward", () => {
    let time = at("2026-11-01T03:30:00Z"); // 23:30 EDT on 31 October
    const fallBack: string[] = [];
    for (let index = 0; index < 4; index += 1) fallBack.push((time = nextDigestAt("hourly", time, NY)).toISOString());
    // 00:00 EDT, 01:00 EDT, 01:00 EST, 02:00 EST
    expect(fallBack).toEqual([
      "2026-11-01T04:00:00.000Z",
      "2026-11-01T05:00:00.000Z",
      "2026-11-01T06:00:00.000Z",
      "2026-11-01T07:00:00.000Z",
    ]);
    // 01:00 EST, then 03:00 EDT (02:00 does not exist on 8 March)
    expect(nextDigestAt("hourly", at("2026-03-08T05:30:00Z"), NY)).toEqual(at("2026-03-08T06:00:00Z"));
    expect(nextDigestAt("hourly", at("2026-03-08T06:00:00Z"), NY)).toEqual(at("2026-03-08T07:00:00Z"));
  });
  it("is 09:00 local for the daily digest, on either side of a DST change", () => {
    expect(nextDigestAt("daily", at("2026-03-07T12:00:00Z"), NY)).toEqual(at("2026-03-07T14:00:00Z")); // EST
    expect(nextDigestAt("daily", at("2026-03-07T15:00:00Z"), NY)).toEqual(at("2026-03-08T13:00:00Z")); // EDT
  });
  it("falls back to UTC for a zone it does not know", () => {
    expect(nextDigestAt("daily", at("2026-11-22T10:00:00Z"), "Not/A_Zone")).toEqual(at("2026-11-23T09:00:00Z"));
  });
  it("waits for the end of the quiet hours when the period ends inside them", () => {
    const night = { start: "22:00", end: "08:00" };
    // 23:10 in New York: the hourly digest at midnight is quiet, so it goes at 08:00
    expect(digestReleaseAt("hourly", at("2026-11-23T04:10:00Z"), NY, night)).toEqual(at("2026-11-23T13:00:00Z"));
    expect(digestReleaseAt("hourly", at("2026-11-22T15:10:00Z"), NY, night)).toEqual(at("2026-11-22T16:00:00Z"));
  });
});

let sequence = 0;
function breach(overrides: Partial<AlertEvent>): AlertEvent {
  sequence += 1;
  return {
    id: `event-${sequence}`,
    severity: "low",
    message: `Order #${1000 + sequence} took too much off`,
    orderId: `gid://shopify/Order/${5000 + sequence}`,
    orderName: `#${1000 + sequence}`,
    discountCodes: ["SAVE"],
    discountPercent: 25,
    totalDiscountCents: 2_500,
    overLimitCents: 500,
    currency: "USD",
    ruleName: "Max 20% off",
    threshold: 20,
    createdAt: at("2026-11-22T14:05:00Z"),
    ...overrides,
  };
}

function evaluatedOrder(orderId: string, discountCents: number, overageCents: number): OrderEvaluated {
  return {
    orderId,
    orderName: `#${orderId.slice(-2)}`,
    currency: "USD",
    at: at("2026-11-22T14:05:00Z"),
    discountCents,
    overage: { overageCents, ruleKey: "max_discount" },
    cancelled: false,
  };
}

describe("a digest", () => {
  const events = [
    ...Array.from({ length: 9 }, () => breach({})),
    breach({
      severity: "critical",
      overLimitCents: 4_000,
      ruleName: "Stacking",
      createdAt: at("2026-11-22T14:01:00Z"),
    }),
    breach({ severity: "high", overLimitCents: 1_200 }),
    breach({ severity: "high", overLimitCents: 2_200 }),
    breach({ severity: "medium", currency: "EUR", overLimitCents: 700 }),
  ];
  // each order went through: the ROI flags its overage, never more than its discount
  const money = events.map((event) => ({
    subject: event.orderId as string,
    currency: event.currency,
    stoppedCents: 0,
    recoveredCents: 0,
    flaggedCents: Math.min(event.overLimitCents ?? 0, event.totalDiscountCents ?? 0),
  }));
  const digest = digestOf(events, "hourly", at("2026-11-22T15:00:00Z"), NY, money);

  it("counts by severity and by rule, most first", () => {
    expect(digest.total).toBe(13);
    expect(digest.bySeverity).toEqual({ low: 9, medium: 1, high: 2, critical: 1 });
    expect(digest.byRule).toEqual([
      { rule: "Max 20% off", count: 12 },
      { rule: "Stacking", count: 1 },
    ]);
  });
  it("keeps the worst 10: most severe first, then most over the limit", () => {
    expect(digest.worst).toHaveLength(10);
    expect(digest.worst.slice(0, 4).map((entry) => [entry.severity, entry.overLimitCents])).toEqual([
      ["critical", 4_000],
      ["high", 2_200],
      ["high", 1_200],
      ["medium", 700],
    ]);
  });
  it("totals the discount over the limits per currency, and spans the first breach to the release", () => {
    // the critical breach's $40 over the limit is capped at its order's $25 discount
    expect(digest.overLimit).toEqual([
      { currency: "USD", cents: 9 * 500 + 2_500 + 1_200 + 2_200 },
      { currency: "EUR", cents: 700 },
    ]);
    expect(digest.from).toBe("2026-11-22T14:01:00.000Z");
    expect(digest.to).toBe("2026-11-22T15:00:00.000Z");
  });
  it("counts money as the ROI does: alerted is flagged, held then cancelled or edited down is saved", () => {
    const alerted = evaluatedOrder("gid://shopify/Order/71", 3_000, 1_500);
    const cancelled = evaluatedOrder("gid://shopify/Order/72", 6_000, 5_000);
    const editedDown = evaluatedOrder("gid://shopify/Order/73", 5_000, 2_500);
    const rows = [
      afterEvaluation(null, alerted)!,
      afterEvaluation(afterHold(afterEvaluation(null, cancelled)!), { ...cancelled, cancelled: true })!,
      // held at $25.00 over, then edited down to within the limit
      afterEvaluation(afterHold(afterEvaluation(null, editedDown)!), {
        ...editedDown,
        discountCents: 2_500,
        overage: { overageCents: 0, ruleKey: "max_discount" },
      })!,
      // another order's row: not in this digest
      afterEvaluation(null, evaluatedOrder("gid://shopify/Order/99", 9_000, 9_000))!,
    ];
    const breaches = [alerted, cancelled, editedDown].map((order) =>
      breach({
        orderId: order.orderId,
        totalDiscountCents: order.discountCents,
        overLimitCents: order.overage.overageCents,
      }),
    );
    // the same order twice (an edit's breaches) still counts once
    breaches.push(breach({ orderId: editedDown.orderId, overLimitCents: 3_000 }));
    const three = digestOf(breaches, "hourly", at("2026-11-22T15:00:00Z"), NY, rows);
    expect(three.saved).toEqual([{ currency: "USD", cents: 7_500 }]);
    expect(three.overLimit).toEqual([{ currency: "USD", cents: 1_500 }]);
    const text = digestText(
      { id: "outbox-1", shopDomain: "my-store.myshopify.com", digest: three },
      "https://app.example.com",
    );
    expect(text).toContain("Saved: held orders then cancelled or edited down: $75.00");
    expect(text).toContain("Flagged: discount over the limits, each order once: $15.00");
    const body = digestWebhookBody(
      { id: "outbox-1", shopDomain: "my-store.myshopify.com", digest: three },
      "https://app.example.com",
    );
    expect(body).toMatchObject({
      saved: [{ currency: "USD", amount: "75.00" }],
      flagged: [{ currency: "USD", amount: "15.00" }],
      over_limit: [{ currency: "USD", amount: "15.00" }],
    });
  });
  it("says it in the merchant's words on every channel, with links to the orders", () => {
    const alert = { id: "outbox-9", shopDomain: "my-store.myshopify.com", digest };
    expect(digestSubject(alert)).toBe("Margin Guardrail: 13 breaches (1 critical), hourly digest");
    const text = digestText(alert, "https://app.example.com");
    expect(text).toContain("By severity: critical 1, high 2, medium 1, low 9");
    expect(text).toContain("Flagged: discount over the limits, each order once: $104.00");
    expect(text).toContain("Max 20% off: 12");
    expect(text).toContain("https://admin.shopify.com/store/my-store/orders/5010");
    expect(text).toContain("Nov 22, 2026, 9:01 AM to Nov 22, 2026, 10:00 AM (America/New_York)");
    const slack = digestSlackMessage(alert, "https://app.example.com", "#alerts");
    expect(slack.blocks[0]).toMatchObject({ type: "header" });
    expect(JSON.stringify(slack)).toContain("The worst 10");
    const body = digestWebhookBody(alert, "https://app.example.com");
    expect(body).toMatchObject({ id: "outbox-9", type: "alert.digest", total: 13, held_for: "hourly" });
    expect(body.worst[0].order.admin_url).toBe("https://admin.shopify.com/store/my-store/orders/5010");
  });
  it("needs at least one breach", () => {
    expect(() => digestOf([], "daily", new Date(), NY, [])).toThrow();
  });
});
