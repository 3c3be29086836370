import { describe, expect, it } from "vitest";
import { feedOf, groupAuditEvents, type GroupableEvent } from "./audit-groups";

function event(id: string, eventType: string, severity: string, orderName: string | null, orderId?: string) {
  return { id, eventType, severity, orderName, orderId: orderId ?? null, extra: `x-${id}` } satisfies GroupableEvent & {
    extra: string;
  };
}

describe("groupAuditEvents", () => {
  it("folds an order's events into one row, in the order of each order's newest event", () => {
    const groups = groupAuditEvents([
      event("1", "alert_sent", "high", "#1001", "gid/1"),
      event("2", "rule_triggered", "high", "#1001", "gid/1"),
      event("3", "rule_triggered", "low", "#1002", "gid/2"),
      event("4", "rule_triggered", "critical", "#1001", "gid/1"),
      event("5", "rule_created", "low", null),
      event("6", "fulfillment_held", "medium", "#1002", "gid/2"),
    ]);
    expect(groups.map((group) => group.key)).toEqual(["order:gid/1", "order:gid/2", "event:5"]);
    const [first, second, created] = groups;
    expect(first.events.map((item) => item.id)).toEqual(["1", "2", "4"]);
    expect(first.events[0].extra).toBe("x-1");
    expect(first.severity).toBe("critical");
    expect(first.breaches).toBe(2);
    expect(first.kind).toBe("order");
    expect(second.events.map((item) => item.id)).toEqual(["3", "6"]);
    expect(second.severity).toBe("medium");
    expect(created).toMatchObject({ kind: "event", orderName: null, breaches: 0, severity: "low" });
  });

  it("groups by order name when the order's id is unknown, and names checkouts", () => {
    const groups = groupAuditEvents([
      event("1", "checkout_blocked", "high", "#e2e-pl"),
      event("2", "checkout_blocked", "critical", "#e2e-pl"),
      event("3", "rule_triggered", "low", "#1003"),
    ]);
    expect(groups.map((group) => [group.key, group.kind, group.breaches])).toEqual([
      ["name:#e2e-pl", "checkout", 2],
      ["name:#1003", "order", 1],
    ]);
  });

  it("counts each rule broken once and never takes a testing rule's severity beside other events", () => {
    const named = (id: string, eventType: string, severity: string, ruleName: string) => ({
      ...event(id, eventType, severity, "#1001", "gid/1"),
      ruleName,
    });
    const [order] = groupAuditEvents([
      // the order edited: the same two rules broken again
      named("1", "rule_triggered", "medium", "Max 20% off"),
      named("2", "rule_triggered", "low", "Cap at $50"),
      named("3", "rule_tested", "critical", "Max 10% off (new)"),
      named("4", "rule_triggered", "medium", "Max 20% off"),
    ]);
    expect(order.rulesBroken).toBe(2);
    expect(order.severity).toBe("medium");
    // a row of a testing rule's events alone keeps their severity
    const [tested] = groupAuditEvents([
      named("5", "rule_tested", "high", "Max 10% off (new)"),
      named("6", "rule_tested", "low", "Max 10% off (new)"),
    ]);
    expect([tested.severity, tested.rulesBroken]).toEqual(["high", 0]);
    // the testing event first on the page, a real breach after it
    const [mixed] = groupAuditEvents([
      named("7", "rule_tested", "critical", "Max 10% off (new)"),
      named("8", "rule_triggered", "low", "Max 20% off"),
    ]);
    expect([mixed.severity, mixed.rulesBroken]).toEqual(["low", 1]);
  });

  it("names the rules it counts, then the testing ones, and never a protection gap's layer", () => {
    const named = (id: string, eventType: string, ruleName: string) => ({
      ...event(id, eventType, "high", "#1001", "gid/1"),
      ruleName,
    });
    const [order] = groupAuditEvents([
      named("1", "protection_gap", "Code rules"),
      named("2", "rule_tested", "Max 10% off"),
      named("3", "rule_triggered", "Max 20% off"),
      named("4", "rule_triggered", "Cap at $50"),
      named("5", "rule_triggered", "Max 20% off"),
    ]);
    expect(order.rulesBroken).toBe(2);
    expect(order.ruleNames).toEqual(["Max 20% off", "Cap at $50", "Max 10% off (testing)"]);
  });

  it("keeps an empty page empty", () => {
    expect(groupAuditEvents([])).toEqual([]);
  });
});

describe("feedOf", () => {
  const named = (id: string, eventType: string, severity: string, orderId: string | null, ruleName: string | null) => ({
    ...event(id, eventType, severity, orderId ? `#${orderId}` : null, orderId ?? undefined),
    ruleName,
  });

  it("makes one entry per order, led by its worst breach and naming each rule it broke once", () => {
    const feed = feedOf(
      [
        named("1", "alert_sent", "critical", "1", "Cap at $50"),
        named("2", "rule_triggered", "low", "1", "Max 40%"),
        named("3", "rule_triggered", "critical", "1", "Cap at $50"),
        named("4", "rule_triggered", "high", "1", "Max 30%"),
        named("5", "rule_created", "low", null, "Max 30%"),
        named("6", "rule_triggered", "medium", "2", "Max 30%"),
        named("7", "rule_triggered", "medium", "3", "Max 30%"),
      ],
      3,
    );
    expect(feed.map((entry) => [entry.lead.id, entry.newest.id, entry.severity, entry.events])).toEqual([
      ["3", "1", "critical", 4],
      ["5", "5", "low", 1],
      ["6", "6", "medium", 1],
    ]);
    expect(feed[0].brokenRules).toEqual(["Cap at $50", "Max 30%", "Max 40%"]);
    // an event about no order breaks nothing
    expect(feed[1].brokenRules).toEqual([]);
  });

  it("names the rules as the Audit Log's row counts them: a protection gap is its own, not a rule broken", () => {
    const [entry] = feedOf(
      [
        named("1", "protection_gap", "critical", "1", "Code rules"),
        named("2", "rule_triggered", "high", "1", "Max 30%"),
        named("3", "rule_triggered", "medium", "1", "Cap at $50"),
      ],
      5,
    );
    expect(entry.lead.id).toBe("1");
    expect(entry.brokenRules).toEqual(["Max 30%", "Cap at $50"]);
  });
});
