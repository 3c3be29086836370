import { describe, expect, it } from "vitest";
import { deployNote } from "./deploy-note";

describe("the line under Deploy follows the state", () => {
  it("says Plus is coming while it cannot be deployed", () => {
    expect(deployNote({ plusEnabled: false, demo: true, deployed: false })).toMatch(
      /^Deploying comes with the Plus plan/,
    );
  });
  it("in the demo store, says where Deploy sends the rule, then that it was deployed there", () => {
    const before = deployNote({ plusEnabled: true, demo: true, deployed: false });
    const after = deployNote({ plusEnabled: true, demo: true, deployed: true });
    expect(before).toContain("Deploy sends the checkout rule to its stand-in of Shopify");
    expect(after).toContain("Deployed to the demo store's stand-in of Shopify");
    for (const note of [before, after]) expect(note).not.toContain("sends nothing");
  });
  it("in a connected store, says where to see it in Shopify", () => {
    expect(deployNote({ plusEnabled: true, demo: false, deployed: true })).toContain(
      "Settings → Checkout → Checkout rules",
    );
  });
});
