import { describe, expect, it } from "vitest";
import {
  BELL_COUNT_CAP,
  alertAuditUrl,
  bellLabel,
  latestAlerts,
  moreUnreadText,
  nextReadMarker,
  unreadAfter,
  unreadBadge,
  unreadCount,
  type DeliveredAlert,
} from "./alert-bell";

const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 12, minute));

let ids = 0;
function alert(minute: number, order: string | null, rule: string | null, more: Partial<DeliveredAlert> = {}) {
  ids += 1;
  return {
    id: `evt-${ids}`,
    orderId: order ? `gid://shopify/Order/${order}` : null,
    orderName: order ? `#${order}` : null,
    ruleName: rule,
    discountCodes: [],
    severity: "high",
    createdAt: at(minute),
    ...more,
  } satisfies DeliveredAlert;
}

// newest first, as the service reads them
const DELIVERED = [
  alert(50, "1003", "Cap discounts at $50"),
  alert(40, null, "Leaked code detector", { discountCodes: ["VIP500"], severity: "critical" }),
  alert(30, "1002", "Max 20% off"),
  alert(30, "1002", "One promotion per order"),
  alert(20, "1001", "Max 20% off"),
  alert(10, "1003", "Max 20% off"),
];

describe("the unread count", () => {
  it("counts every order once, and an alert without an order on its own", () => {
    // nothing read yet: four orders or codes, six alerts
    expect(unreadCount(DELIVERED, null)).toBe(4);
  });
  it("counts what was delivered after the read marker, never at it", () => {
    expect(unreadCount(DELIVERED, at(30))).toBe(2); // #1003 again at :50, and VIP500
    expect(unreadCount(DELIVERED, at(40))).toBe(1);
    expect(unreadCount(DELIVERED, at(50))).toBe(0);
    expect(unreadCount([], null)).toBe(0);
  });
  it("counts the last week at most: older alerts are never new", () => {
    const now = new Date(Date.UTC(2026, 10, 27, 12, 0));
    const weekAgo = new Date(Date.UTC(2026, 10, 20, 12, 0));
    expect(unreadAfter(null, now)).toEqual(weekAgo);
    expect(unreadAfter(new Date(Date.UTC(2026, 9, 1)), now)).toEqual(weekAgo);
    expect(unreadAfter(at(30), at(59))).toEqual(at(30));
    const old = [alert(0, "900", "Max 20% off", { createdAt: new Date(Date.UTC(2026, 10, 19)) })];
    expect(unreadCount(old, unreadAfter(null, now))).toBe(0);
  });
  it("reads as a count, '99+' above the cap, and with '+' when not all were counted", () => {
    expect(unreadBadge(0)).toBeNull();
    expect(unreadBadge(3)).toBe("3");
    expect(unreadBadge(BELL_COUNT_CAP)).toBe("99");
    expect(unreadBadge(BELL_COUNT_CAP + 1)).toBe("99+");
    expect(unreadBadge(40, true)).toBe("40+");
    expect(bellLabel(0)).toBe("Alerts, none unread");
    expect(bellLabel(2)).toBe("Alerts, 2 unread");
    expect(bellLabel(150)).toBe("Alerts, 99+ unread");
  });
});

describe("the bell's list", () => {
  it("shows the latest alerts, one line per order naming each rule once, unread after the marker", () => {
    const lines = latestAlerts(DELIVERED, at(30));
    expect(lines.map((line) => [line.subject, line.rules, line.unread])).toEqual([
      ["#1003", ["Cap discounts at $50", "Max 20% off"], true],
      ["Code VIP500", ["Leaked code detector"], true],
      ["#1002", ["Max 20% off", "One promotion per order"], false],
      ["#1001", ["Max 20% off"], false],
    ]);
    // the line has its latest alert's time and severity
    expect(lines[0].at).toEqual(at(50));
    expect(lines[1].severity).toBe("critical");
  });
  it("stops at its limit", () => {
    expect(latestAlerts(DELIVERED, null, 2).map((line) => line.subject)).toEqual(["#1003", "Code VIP500"]);
  });
  it("links each alert to its order's row in the Audit Log, else its code's", () => {
    expect(alertAuditUrl({ orderName: "#1003", discountCodes: [] })).toBe("/audit-log?q=%231003");
    expect(alertAuditUrl({ orderName: null, discountCodes: ["VIP500"] })).toBe("/audit-log?q=VIP500");
    expect(alertAuditUrl({ orderName: null, discountCodes: [] })).toBe("/audit-log?type=alert_sent");
  });
});

describe("the unread alerts the list does not show", () => {
  it("says how many more are new, none when the list shows them all, and '+' when the count was cut", () => {
    expect(moreUnreadText(14, 5)).toBe("9 more new alerts");
    expect(moreUnreadText(6, 5)).toBe("1 more new alert");
    expect(moreUnreadText(3, 3)).toBe("");
    expect(moreUnreadText(0, 0)).toBe("");
    expect(moreUnreadText(120, 5)).toBe(`${BELL_COUNT_CAP - 5}+ more new alerts`);
    expect(moreUnreadText(40, 5, true)).toBe("35+ more new alerts");
  });
});

describe("the read marker", () => {
  const now = at(55);
  it("moves to the newest alert seen", () => {
    expect(nextReadMarker(null, at(50), now)).toEqual(at(50));
    expect(nextReadMarker(at(20), at(50), now)).toEqual(at(50));
  });
  it("never moves back, and never past now", () => {
    expect(nextReadMarker(at(50), at(20), now)).toEqual(at(50));
    expect(nextReadMarker(null, at(59), now)).toEqual(now);
  });
});
