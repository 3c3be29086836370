import { describe, expect, it } from "vitest";
import { flowTriggerStatuses } from "./flow-triggers";

describe("the App status rows of the two Flow triggers", () => {
  it("says each trigger's own state, and what the app does in it", () => {
    const [breach, leak] = flowTriggerStatuses({
      plan: "core",
      flowTriggerEnabled: false,
      flowLeakTriggerEnabled: true,
    });
    expect(breach).toEqual({
      label: 'Shopify Flow trigger "Margin rule breached"',
      ok: false,
      text: "No enabled workflow uses it",
      help: "The app sends it once a workflow that starts with it is on. Turn one on in Shopify Flow, and tick “Start Shopify Flow workflows” in a rule.",
    });
    expect(leak).toEqual({
      label: 'Shopify Flow trigger "Discount code probably leaked"',
      ok: true,
      text: "Used by an enabled workflow",
      help: "Sent once each time a discount code is flagged “probably leaked”, with the code and the signals.",
    });
  });

  it("turns each row by its own field", () => {
    const both = flowTriggerStatuses({ plan: "plus", flowTriggerEnabled: true, flowLeakTriggerEnabled: false });
    expect(both.map((row) => [row.ok, row.text])).toEqual([
      [true, "Used by an enabled workflow"],
      [false, "No enabled workflow uses it"],
    ]);
    expect(both[0].help).toBe(
      "Sent for each breaching order of a rule whose order actions start Shopify Flow workflows.",
    );
    expect(both[1].help).toBe(
      "The app sends it once a workflow that starts with it is on. Turn one on in Shopify Flow.",
    );
  });

  it("on Free says neither is sent, whatever Flow reported", () => {
    const rows = flowTriggerStatuses({ plan: "free", flowTriggerEnabled: true, flowLeakTriggerEnabled: true });
    expect(rows.map((row) => row.text)).toEqual(["Used by an enabled workflow", "Used by an enabled workflow"]);
    for (const row of rows) expect(row.help).toBe("Comes with the Core plan: on Free the app does not send it.");
  });
});
