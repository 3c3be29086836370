/**
 * The App status card's rows for the app's two Shopify Flow triggers (docs/product.md#integration-center):
 * "Margin rule breached" (extensions/margin-rule-breached, docs/product.md#order-actions) and
 * "Discount code probably leaked" (extensions/discount-code-leaked, docs/product.md#leaked-codes,
 * docs/product.md#leaked-codes). Each says whether Flow's lifecycle
 * callback reported an enabled workflow that starts with it, and what the app does in that state.
 * Pure: the loader gives the shop's stored states and plan.
 */
import { LEAK_FLOW_TRIGGER, planHasLeakFlags } from "../../domain/leaks/code-leaks";
import { ORDER_ACTION_LABELS, planHasOrderActions } from "../../domain/actions/order-actions";
import type { PlanId } from "../../domain/billing/plans";

export interface FlowTriggerStatus {
  label: string;
  /** an enabled workflow starts with the trigger */
  ok: boolean;
  text: string;
  /** what the app does in this state */
  help: string;
}

const USED = "Used by an enabled workflow";
const UNUSED = "No enabled workflow uses it";

export function flowTriggerStatuses(shop: {
  plan: PlanId;
  flowTriggerEnabled: boolean;
  flowLeakTriggerEnabled: boolean;
}): FlowTriggerStatus[] {
  const row = (name: string, enabled: boolean, planFires: boolean, on: string, off: string): FlowTriggerStatus => ({
    label: `Shopify Flow trigger "${name}"`,
    ok: enabled,
    text: enabled ? USED : UNUSED,
    help: !planFires
      ? "Comes with the Core plan: on Free the app does not send it."
      : enabled
        ? on
        : `The app sends it once a workflow that starts with it is on. ${off}`,
  });
  return [
    row(
      "Margin rule breached",
      shop.flowTriggerEnabled,
      // order actions and leak flags are Core and Plus
      planHasOrderActions(shop.plan),
      "Sent for each breaching order of a rule whose order actions start Shopify Flow workflows.",
      `Turn one on in Shopify Flow, and tick “${ORDER_ACTION_LABELS.flow}” in a rule.`,
    ),
    row(
      LEAK_FLOW_TRIGGER.name,
      shop.flowLeakTriggerEnabled,
      planHasLeakFlags(shop.plan),
      "Sent once each time a discount code is flagged “probably leaked”, with the code and the signals.",
      "Turn one on in Shopify Flow.",
    ),
  ];
}
