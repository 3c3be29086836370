import { describe, expect, it } from "vitest";
import { activatingRollout, isRolloutsAccessError, mayReadRollouts, type RolloutShape } from "./rollouts";

const rollout = (
  overrides: Partial<RolloutShape> = {},
  discountId = "gid://shopify/DiscountNode/42",
): RolloutShape => ({
  name: "Black Friday early access",
  status: "ACTIVE",
  effectiveTrafficAllocation: 25,
  treatments: [
    { split: 50, changes: { nodes: [] } },
    { split: 50, changes: { nodes: [{ __typename: "RolloutDiscountActivateChange", discount: { id: discountId } }] } },
  ],
  ...overrides,
});

describe("a discount's rollouts", () => {
  it("names the serving rollout whose treatment activates the discount, across node kinds", () => {
    expect(activatingRollout("gid://shopify/DiscountCodeNode/42", [rollout()])).toBe("Black Friday early access");
  });

  it("ignores a rollout that does not serve, has no traffic, expires the discount or names another one", () => {
    const id = "gid://shopify/DiscountCodeNode/42";
    expect(activatingRollout(id, [rollout({ status: "PAUSED" })])).toBeNull();
    expect(activatingRollout(id, [rollout({ effectiveTrafficAllocation: 0 })])).toBeNull();
    expect(activatingRollout(id, [rollout({}, "gid://shopify/DiscountNode/7")])).toBeNull();
    const expiring = rollout();
    expiring.treatments[1]!.changes.nodes[0]!.__typename = "RolloutDiscountExpireChange";
    expect(activatingRollout(id, [expiring])).toBeNull();
    const noShare = rollout();
    noShare.treatments[1]!.split = 0;
    expect(activatingRollout(id, [noShare])).toBeNull();
    expect(activatingRollout(id, null)).toBeNull();
  });

  it("reads rollouts unless the stored scopes lack read_rollouts, and knows Shopify's refusal", () => {
    expect(mayReadRollouts([])).toBe(true);
    expect(mayReadRollouts(["read_discounts", "read_rollouts"])).toBe(true);
    expect(mayReadRollouts(["read_discounts"])).toBe(false);
    expect(
      isRolloutsAccessError("Access denied for rollouts field. Required access: `read_rollouts` access scope."),
    ).toBe(true);
    expect(isRolloutsAccessError("Throttled")).toBe(false);
  });
});
