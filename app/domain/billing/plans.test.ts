import { describe, expect, it } from "vitest";
import {
  PLANS,
  PLAN_IDS,
  PLUS_COMING_SOON_TOAST,
  canActivateAnotherRule,
  detectPlan,
  headerPlanTarget,
  isComingSoon,
  isPurchasable,
  planButton,
  titleBarPlanTarget,
  toPlanId,
  type PlanId,
} from "./plans";

describe("plan button labels (docs/product.md#plans)", () => {
  it("reads 'Current Plan' and is disabled for the current plan", () => {
    expect(planButton("core", "core")).toEqual({ kind: "current", label: "Current Plan", disabled: true });
  });
  it("reads 'Upgrade to {plan}' moving up", () => {
    expect(planButton("free", "core")).toEqual({ kind: "upgrade", label: "Upgrade to Core", disabled: false });
  });
  it("reads 'Downgrade to {plan}' moving down", () => {
    expect(planButton("core", "free")).toEqual({
      kind: "downgrade",
      label: "Downgrade to Free",
      disabled: false,
    });
  });
  it("shows Plus as 'Coming Soon', disabled, while the Plus flag is off", () => {
    expect(planButton("free", "plus")).toEqual({ kind: "coming_soon", label: "Coming Soon", disabled: true });
    expect(planButton("core", "plus")).toMatchObject({ label: "Coming Soon", disabled: true });
  });
  it("offers Plus normally once the flag is on", () => {
    expect(planButton("core", "plus", { plusEnabled: true }).label).toBe("Upgrade to Plus");
  });
  it("reads 'Processing...' and is disabled while a request runs", () => {
    expect(planButton("free", "core", { processing: true })).toEqual({
      kind: "upgrade",
      label: "Processing...",
      disabled: true,
    });
  });
  it("keeps 'Current Plan' even while processing", () => {
    expect(planButton("free", "free", { processing: true }).label).toBe("Current Plan");
  });
  it("has the product's Coming Soon toast", () => {
    expect(PLUS_COMING_SOON_TOAST).toEqual({
      title: "Plus Plan Coming Soon",
      description: "Plus plan features will be available soon with Shopify Plus integration",
    });
  });
  it("offers the next plan up in the header, or one down from the top", () => {
    expect(headerPlanTarget("free")).toBe("core");
    expect(headerPlanTarget("core")).toBe("plus");
    expect(headerPlanTarget("plus")).toBe("core");
  });
  it("offers in every page header a plan that can be bought, else the plan below", () => {
    expect(titleBarPlanTarget("free", false)).toBe("core");
    // Plus not sold yet: Core's header offers the downgrade, never a disabled "Coming Soon"
    expect(titleBarPlanTarget("core", false)).toBe("free");
    expect(titleBarPlanTarget("core", true)).toBe("plus");
    expect(titleBarPlanTarget("plus", true)).toBe("core");
    for (const plan of PLAN_IDS) {
      expect(planButton(plan, titleBarPlanTarget(plan, false)).kind).not.toBe("coming_soon");
    }
  });
});

describe("plans and limits (docs/product.md#plans)", () => {
  it("has the product's prices, limits and badge", () => {
    expect([PLANS.free.priceUsd, PLANS.core.priceUsd, PLANS.plus.priceUsd]).toEqual([0, 29, 79]);
    expect([PLANS.free.ruleLimit, PLANS.core.ruleLimit, PLANS.plus.ruleLimit]).toEqual([2, 10, null]);
    expect(PLANS.core.badge).toBe("Most Value");
  });
  it("offers Plus only with the Plus flag on (docs/product.md#decisions, 15)", () => {
    expect(isComingSoon("plus", false)).toBe(true);
    expect(isComingSoon("plus", true)).toBe(false);
    expect(isComingSoon("core", false)).toBe(false);
    expect(isPurchasable("plus", false)).toBe(false);
    expect(isPurchasable("plus", true)).toBe(true);
    expect(isPurchasable("core", false)).toBe(true);
    expect(isPurchasable("free", true)).toBe(false);
  });
  it("labels every button per plan and flag", () => {
    const labels = (current: PlanId, plusEnabled: boolean) =>
      PLAN_IDS.map((target) => planButton(current, target, { plusEnabled }).label);
    expect(labels("free", false)).toEqual(["Current Plan", "Upgrade to Core", "Coming Soon"]);
    expect(labels("free", true)).toEqual(["Current Plan", "Upgrade to Core", "Upgrade to Plus"]);
    expect(labels("core", false)).toEqual(["Downgrade to Free", "Current Plan", "Coming Soon"]);
    expect(labels("plus", true)).toEqual(["Downgrade to Free", "Downgrade to Core", "Current Plan"]);
    expect(planButton("free", "core", { processing: true, plusEnabled: true })).toMatchObject({
      label: "Processing...",
      disabled: true,
    });
  });
  it("allows 2 active rules on Free, 10 on Core, any number on Plus", () => {
    expect(canActivateAnotherRule("free", 1)).toBe(true);
    expect(canActivateAnotherRule("free", 2)).toBe(false);
    expect(canActivateAnotherRule("core", 9)).toBe(true);
    expect(canActivateAnotherRule("core", 10)).toBe(false);
    expect(canActivateAnotherRule("plus", 10_000)).toBe(true);
  });
});

describe("plan detection (docs/product.md#plans)", () => {
  it("normalizes stored values and Shopify subscription names", () => {
    expect(toPlanId("Core")).toBe("core");
    expect(toPlanId(" plus ")).toBe("plus");
    expect(toPlanId("enterprise")).toBeNull();
    expect(toPlanId(undefined)).toBeNull();
  });
  it("takes the first source that knows", async () => {
    expect(await detectPlan([() => "core", () => "plus"])).toBe("core");
    expect(await detectPlan([() => null, async () => "plus" as const])).toBe("plus");
  });
  it("falls back to Free when no source knows and Shopify never confirmed a plan", async () => {
    expect(await detectPlan([() => null, () => null])).toBe("free");
    expect(await detectPlan([])).toBe("free");
    expect(await detectPlan([], null)).toBe("free");
  });
  it("keeps the plan Shopify last confirmed when no source knows", async () => {
    expect(await detectPlan([() => null], "core")).toBe("core");
    expect(await detectPlan([], "plus")).toBe("plus");
  });
  it("keeps the plan Shopify last confirmed when a lookup fails, never one after it", async () => {
    const down = async () => {
      throw new Error("billing API down");
    };
    expect(await detectPlan([() => null, down, () => "plus"])).toBe("free");
    expect(await detectPlan([down, () => "plus"], "core")).toBe("core");
    expect(await detectPlan([down], "free")).toBe("free");
  });
});
