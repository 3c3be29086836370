import { BlockStack, Modal, Text } from "@shopify/polaris";
import { useReturnFocus } from "../../components/useReturnFocus";
import { ROTATION_OVERLAP_MS } from "../../domain/webhook-signature";

const OVERLAP_HOURS = ROTATION_OVERLAP_MS / 3_600_000;

/**
 * 'Rotate signing secret' asks first (docs/decisions/0046-dialogs-return-focus-and-confirm.md):
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
  useReturnFocus(open);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Rotate signing secret?"
      primaryAction={{ content: "Rotate secret", destructive: true, onAction: onConfirm }}
      secondaryActions={[{ content: "Cancel", onAction: onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="200">
          <Text as="p">A new secret replaces the current one. It is shown once, here: copy it to your receivers.</Text>
          <Text as="p">
            {`For ${OVERLAP_HOURS} hours each webhook carries two signatures, the new secret's and the current one's. After that, a receiver still checking the current secret refuses your webhooks.`}
          </Text>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
