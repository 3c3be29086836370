import { BlockStack, Modal } from "@shopify/polaris";
import type { ReactNode } from "react";
import { useReturnFocus } from "./useReturnFocus";

/**
 * A dialog that asks before a destructive action (docs/product.md#dialogs):
 * its title names what it acts on, the body says what follows, the destructive button acts and
 * Cancel or Escape change nothing. Focus goes back to the opener (or `returnFocusTo`) when it closes.
 */
export function ConfirmDialog({
  open,
  title,
  confirm,
  cancel = "Cancel",
  onClose,
  returnFocusTo,
  children,
}: {
  open: boolean;
  title: string;
  confirm: { content: string; onAction: () => void; loading?: boolean };
  /** the button that changes nothing ("Cancel" unless named) */
  cancel?: string;
  onClose: () => void;
  returnFocusTo?: () => HTMLElement | null | undefined;
  children: ReactNode;
}) {
  useReturnFocus(open, returnFocusTo);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      primaryAction={{ ...confirm, destructive: true }}
      secondaryActions={[{ content: cancel, onAction: onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="200">{children}</BlockStack>
      </Modal.Section>
    </Modal>
  );
}
