import { Text } from "@shopify/polaris";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ROTATION_OVERLAP_MS } from "../../domain/alerts/webhook-signature";

const OVERLAP_HOURS = ROTATION_OVERLAP_MS / 3_600_000;

/**
 * 'Rotate signing secret' asks first (docs/product.md#dialogs):
 * the receivers that check the current secret refuse webhooks once the overlap ends. Cancel and
 * Escape change nothing and give focus back to the button.
 */
export function RotateSecretConfirmation({
  open,
  onConfirm,
  onClose,
}: {
  open: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      title="Rotate signing secret?"
      confirm={{ content: "Rotate secret", onAction: onConfirm }}
      onClose={onClose}
    >
      <Text as="p">A new secret replaces the current one. It is shown once, here: copy it to your receivers.</Text>
      <Text as="p">
        {`For ${OVERLAP_HOURS} hours each webhook carries two signatures, the new secret's and the current one's. After that, a receiver still checking the current secret refuses your webhooks.`}
      </Text>
    </ConfirmDialog>
  );
}
