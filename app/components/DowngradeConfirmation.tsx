import { List, Text } from "@shopify/polaris";
import { PLANS, planName, type PlanId } from "../domain/billing/plans";
import { ConfirmDialog } from "./ConfirmDialog";

/**
 * What a downgrade to Free ends, in the merchant's words (docs/product.md#plans): the
 * subscription is cancelled with a prorated credit, the rules beyond Free's limit are paused
 * (never deleted), and the paid features stop until an upgrade brings them back.
 */
export function downgradeConsequences(current: PlanId): string[] {
  const limit = PLANS.free.ruleLimit;
  return [
    `Your ${planName(current)} subscription is cancelled now, and Shopify credits you for the rest of this billing period.`,
    `Free checks ${limit} active rules: your oldest ${limit} stay on and the others are paused, not deleted.`,
    current === "plus"
      ? "Alerts, order actions, code rules, the ROI dashboard and real-time checkout blocking stop until you upgrade again. Their settings are kept."
      : "Alerts, order actions, code rules and the ROI dashboard stop until you upgrade again. Their settings are kept.",
  ];
}

/**
 * 'Downgrade to Free' asks first (docs/product.md#dialogs): the
 * dialog names what ends; Cancel and Escape change nothing and give focus back to the button.
 */
export function DowngradeConfirmation({
  open,
  current,
  onConfirm,
  onClose,
}: {
  open: boolean;
  current: PlanId;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      title="Downgrade to Free?"
      confirm={{ content: "Downgrade to Free", onAction: onConfirm }}
      onClose={onClose}
    >
      <Text as="p">If you downgrade:</Text>
      <List>
        {downgradeConsequences(current).map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
    </ConfirmDialog>
  );
}
