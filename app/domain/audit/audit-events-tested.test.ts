import { describe, expect, it } from "vitest";
import {
  AUDIT_EVENT_TYPE_LABELS,
  countsAsAlert,
  countsAsBlocked,
  countsAsBreach,
  dashboardCounts,
  isAuditEventType,
} from "./audit-events";
import { ROLLUP_EVENT_TYPES } from "../roi/roi-rollups";

describe("rule_tested: a testing rule's would-have event (docs/product.md#status-and-schedule)", () => {
  it("is a type the Audit Log filters by, with a label that says it was a test", () => {
    expect(isAuditEventType("rule_tested")).toBe(true);
    expect(AUDIT_EVENT_TYPE_LABELS.rule_tested).toBe("Would have triggered (testing)");
  });
  it("counts as no breach, alert or block, and is not rolled up into money figures", () => {
    expect(countsAsBreach("rule_tested")).toBe(false);
    expect(countsAsAlert("rule_tested")).toBe(false);
    expect(countsAsBlocked("rule_tested")).toBe(false);
    expect(dashboardCounts([{ eventType: "rule_tested", count: 7 }])).toEqual({
      alertsSent: 0,
      blockedCheckouts: 0,
      breaches: 0,
    });
    expect((ROLLUP_EVENT_TYPES as readonly string[]).includes("rule_tested")).toBe(false);
  });
});
