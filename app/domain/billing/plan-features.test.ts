import { describe, expect, it } from "vitest";
import { planHasOrderActions } from "../actions/order-actions";
import { planHasLeakFlags } from "../leaks/code-leaks";
import { planHasChartMarkers } from "../markers/chart-markers";
import { PLAN_FEATURES, downgradeToFree, featuresLost, planCardLines, planFeatures } from "./plan-features";
import { PLAN_IDS, planHasAlerts, planHasCheckoutBlocking, planHasCodeRules, planHasRoiDashboard } from "./plans";

const label = (id: string) => PLAN_FEATURES.find((feature) => feature.id === id)!.label;

describe("what each plan does (docs/product.md#plans)", () => {
  it("lists on each card what the plan's own gates switch on, and nothing else", () => {
    expect(planCardLines("free")).toEqual([
      "2 active rules",
      "Every order checked against your rules",
      "Audit log of every breach",
      "Discount caps, margin floors, stacking and collection rules",
      "Backtest, promotion preflight, and Check stacking risk on Shopify's discount pages",
      "Preview of what checkout blocking would stop",
      "E-mail support",
    ]);
    expect(planCardLines("core")).toEqual([
      "10 active rules",
      "Everything in Free",
      "Alerts by Slack, e-mail and webhook",
      "ROI dashboard",
      "Order actions: tag and hold breaching orders",
      "Code rules: turn discount codes away at checkout",
      "Leaked-code flags, and deactivating a leaked code",
      "Shopify Flow triggers for breaches and leaked codes",
      "Markers on Shopify's analytics charts: leaked codes, risky promotions, protection gaps",
    ]);
    expect(planCardLines("plus")).toEqual([
      "Unlimited active rules",
      "Everything in Core",
      "Real-time checkout blocking",
    ]);
  });

  it("follows the gates the app checks", () => {
    for (const plan of PLAN_IDS) {
      const ids = planFeatures(plan).map((feature) => feature.id);
      expect(ids.includes("alerts"), plan).toBe(planHasAlerts(plan));
      expect(ids.includes("roi"), plan).toBe(planHasRoiDashboard(plan));
      expect(ids.includes("order-actions"), plan).toBe(planHasOrderActions(plan));
      expect(ids.includes("code-rules"), plan).toBe(planHasCodeRules(plan));
      expect(ids.includes("leak-flags"), plan).toBe(planHasLeakFlags(plan));
      expect(ids.includes("checkout-blocking"), plan).toBe(planHasCheckoutBlocking(plan));
      expect(ids.includes("chart-markers"), plan).toBe(planHasChartMarkers(plan));
    }
  });

  it("gives every plan all the plan below has, so 'Everything in' is true", () => {
    for (const [index, plan] of PLAN_IDS.entries()) {
      if (index === 0) continue;
      expect(featuresLost(PLAN_IDS[index - 1], plan), plan).toEqual([]);
    }
  });
});

describe("'Downgrade to Free?' (docs/product.md#dialogs)", () => {
  it("names as stopping exactly what the paid cards add above Free", () => {
    const added = (plan: "core" | "plus") => planCardLines(plan).slice(2);
    expect(downgradeToFree("core", []).stops).toEqual(added("core"));
    expect(downgradeToFree("plus", []).stops).toEqual([...added("core"), ...added("plus")]);
    expect(downgradeToFree("core", []).stops).toContain(label("flow"));
  });

  it("names the shop's rules Free keeps, the oldest first, and counts the paused ones", () => {
    expect(downgradeToFree("core", ["Max 20 %", "Floor 15 %", "No stacking", "Sale week"]).rules).toBe(
      "Free checks 2 active rules: “Max 20 %” and “Floor 15 %” stay on. The other 2 are paused, not deleted, until you upgrade.",
    );
    expect(downgradeToFree("core", ["Max 20 %", "Floor 15 %", "No stacking"]).rules).toBe(
      "Free checks 2 active rules: “Max 20 %” and “Floor 15 %” stay on. The other one is paused, not deleted, until you upgrade.",
    );
    expect(downgradeToFree("core", ["Max 20 %", "Floor 15 %"]).rules).toBe(
      "Your active rules stay on: “Max 20 %” and “Floor 15 %”.",
    );
    expect(downgradeToFree("core", ["Max 20 %"]).rules).toBe("Your active rule stays on: “Max 20 %”.");
    expect(downgradeToFree("core", []).rules).toBe("You have no active rules. Free checks up to 2.");
  });

  it("says the subscription ends with Shopify's prorated credit", () => {
    expect(downgradeToFree("plus", []).subscription).toBe(
      "Your Plus subscription is cancelled now, and Shopify credits you for the rest of this billing period.",
    );
  });
});
