import { BlockStack, List, Text } from "@shopify/polaris";
import { downgradeToFree } from "../domain/billing/plan-features";
import type { PlanId } from "../domain/billing/plans";
import { ConfirmDialog } from "./ConfirmDialog";

/**
 * 'Downgrade to Free' asks first (docs/product.md#dialogs): the dialog names what ends, from the
 * list the Pricing cards show (app/domain/billing/plan-features.ts): the subscription, with
 * Shopify's prorated credit; which of the shop's rules stay on, by name, and how many are paused
 * (never deleted); and the paid features that stop. Cancel and Escape change nothing and give
 * focus back to the button.
 */
export function DowngradeConfirmation({
  open,
  current,
  activeRules,
  onConfirm,
  onClose,
}: {
  open: boolean;
  current: PlanId;
  /** the shop's active rules, oldest first */
  activeRules: string[];
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { subscription, rules, stops } = downgradeToFree(current, activeRules);
  return (
    <ConfirmDialog
      open={open}
      title="Downgrade to Free?"
      confirm={{ content: "Downgrade to Free", onAction: onConfirm }}
      onClose={onClose}
    >
      <BlockStack gap="300">
        <Text as="p">{subscription}</Text>
        <Text as="p">{rules}</Text>
        <BlockStack gap="100">
          <Text as="p">These stop until you upgrade again. Their settings are kept:</Text>
          <List>
            {stops.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        </BlockStack>
      </BlockStack>
    </ConfirmDialog>
  );
}
