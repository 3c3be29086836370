import { describe, expect, it } from "vitest";
import {
  FREE_FACTS,
  PLAN_REFRESH_MS,
  decideSubscriptionUpdate,
  factsFromSubscriptions,
  planRefreshDue,
  rulesToPause,
  rulesToResume,
  type LimitedRule,
} from "./plan-truth";

const NOW = new Date("2026-11-23T12:00:00Z");

describe("when the stored plan is asked of Shopify again", () => {
  it("asks when it was never asked", () => {
    expect(planRefreshDue(null, NOW)).toBe(true);
  });
  it("keeps a plan asked less than the interval ago, asks once it is stale", () => {
    expect(planRefreshDue(new Date(NOW.getTime() - PLAN_REFRESH_MS + 1000), NOW)).toBe(false);
    expect(planRefreshDue(new Date(NOW.getTime() - PLAN_REFRESH_MS), NOW)).toBe(true);
  });
});

describe("the plan Shopify's active subscriptions pay for", () => {
  it("is Free without one of the app's subscriptions", () => {
    expect(factsFromSubscriptions([])).toEqual(FREE_FACTS);
    expect(
      factsFromSubscriptions([{ id: "gid://shopify/AppSubscription/1", name: "Other", status: "ACTIVE" }]),
    ).toEqual(FREE_FACTS);
  });
  it("takes the plan, the period end and the trial's end from the active subscription", () => {
    const facts = factsFromSubscriptions([
      {
        id: "gid://shopify/AppSubscription/7",
        name: "Core",
        status: "ACTIVE",
        createdAt: "2026-11-20T00:00:00Z",
        trialDays: 7,
        currentPeriodEnd: "2026-12-20T00:00:00Z",
      },
    ]);
    expect(facts).toEqual({
      plan: "core",
      subscriptionId: "gid://shopify/AppSubscription/7",
      subscriptionStatus: "ACTIVE",
      trialEndsOn: new Date("2026-11-27T00:00:00Z"),
      currentPeriodEnd: new Date("2026-12-20T00:00:00Z"),
    });
  });
  it("takes the higher plan while an upgrade briefly shows two", () => {
    const facts = factsFromSubscriptions([
      { id: "a", name: "Core", status: "ACTIVE" },
      { id: "b", name: "Plus", status: "ACTIVE" },
    ]);
    expect(facts).toMatchObject({ plan: "plus", subscriptionId: "b" });
  });
  it("never counts a test subscription unless the app charges in test mode", () => {
    // a merchant who approved a test charge got Core or Plus free in production
    const test = { id: "t", name: "Plus", status: "ACTIVE", test: true };
    expect(factsFromSubscriptions([test])).toEqual(FREE_FACTS);
    expect(factsFromSubscriptions([test], { acceptTest: false })).toEqual(FREE_FACTS);
    expect(factsFromSubscriptions([test, { id: "c", name: "Core", status: "ACTIVE", test: false }])).toMatchObject({
      plan: "core",
      subscriptionId: "c",
    });
    expect(factsFromSubscriptions([test], { acceptTest: true })).toMatchObject({ plan: "plus", subscriptionId: "t" });
  });
});

describe("an app_subscriptions/update webhook (payload only)", () => {
  const core = {
    plan: "core" as const,
    subscriptionId: "sub-1",
    subscriptionUpdatedAt: new Date("2026-11-20T00:00:00Z"),
  };
  const update = (id: string, name: string, status: string, updatedAt = "2026-11-22T00:00:00Z") => ({
    admin_graphql_api_id: id,
    name,
    status,
    updated_at: updatedAt,
  });

  it("makes an ACTIVE subscription the plan", () => {
    const decision = decideSubscriptionUpdate(
      { ...FREE_FACTS, subscriptionUpdatedAt: null },
      update("sub-2", "Plus", "ACTIVE"),
    );
    expect(decision).toMatchObject({ apply: true, facts: { plan: "plus", subscriptionId: "sub-2" } });
  });
  it("drops to Free when the plan's own subscription ends", () => {
    for (const status of ["CANCELLED", "DECLINED", "EXPIRED", "FROZEN"]) {
      expect(decideSubscriptionUpdate(core, update("sub-1", "Core", status))).toMatchObject({
        apply: true,
        facts: { plan: "free", subscriptionId: null, subscriptionStatus: status },
      });
    }
  });
  it("ignores the old subscription's cancellation after an upgrade", () => {
    const plus = { plan: "plus" as const, subscriptionId: "sub-2", subscriptionUpdatedAt: core.subscriptionUpdatedAt };
    expect(decideSubscriptionUpdate(plus, update("sub-1", "Core", "CANCELLED"))).toMatchObject({ apply: false });
  });
  it("ignores an update older than the one applied (webhooks come out of order)", () => {
    expect(decideSubscriptionUpdate(core, update("sub-1", "Core", "CANCELLED", "2026-11-19T00:00:00Z"))).toMatchObject({
      apply: false,
    });
  });
  it("changes nothing for a pending subscription or one that is not the app's", () => {
    expect(decideSubscriptionUpdate(core, update("sub-3", "Plus", "PENDING"))).toMatchObject({ apply: false });
    expect(decideSubscriptionUpdate(core, update("sub-3", "Gold", "ACTIVE"))).toMatchObject({ apply: false });
  });
});

describe("rules a plan change pauses and an upgrade resumes", () => {
  const rule = (id: string, day: number, kind: LimitedRule["kind"] = "rule"): LimitedRule => ({
    id,
    kind,
    createdAt: new Date(Date.UTC(2026, 10, day)),
  });
  const six = [rule("f", 6), rule("a", 1), rule("c", 3, "collection"), rule("b", 2), rule("e", 5), rule("d", 4)];

  it("keeps the oldest active ones up to the limit, rules and collection rules together", () => {
    expect(rulesToPause(six, "free").map((r) => r.id)).toEqual(["c", "d", "e", "f"]);
    expect(rulesToPause(six, "core")).toEqual([]);
    expect(rulesToPause(six, "plus")).toEqual([]);
  });
  it("breaks ties of the same moment by id, so the choice is stable", () => {
    expect(rulesToPause([rule("y", 1), rule("x", 1), rule("z", 1)], "free").map((r) => r.id)).toEqual(["z"]);
  });
  it("resumes the oldest paused rules that fit", () => {
    const paused = [rule("e", 5), rule("c", 3), rule("d", 4)];
    expect(rulesToResume(paused, 2, "core").map((r) => r.id)).toEqual(["c", "d", "e"]);
    expect(rulesToResume(paused, 9, "core").map((r) => r.id)).toEqual(["c"]);
    expect(rulesToResume(paused, 2, "free")).toEqual([]);
    expect(rulesToResume(paused, 50, "plus")).toHaveLength(3);
  });
});
