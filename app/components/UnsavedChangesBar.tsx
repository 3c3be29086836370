import { SaveBar } from "@shopify/app-bridge-react";
import { ContextualSaveBar } from "@shopify/polaris";

/**
 * The unsaved-changes bar with Discard and Save: App Bridge's save bar in the Shopify admin,
 * Polaris's contextual save bar (the same two buttons, over the top bar) in the demo store.
 */
export function UnsavedChangesBar({
  id,
  open,
  saving,
  appBridge,
  onSave,
  onDiscard,
}: {
  id: string;
  open: boolean;
  saving: boolean;
  appBridge: boolean;
  onSave: () => void;
  onDiscard: () => void;
}) {
  if (appBridge) {
    return (
      <SaveBar id={id} open={open}>
        <button variant="primary" onClick={onSave} {...(saving ? { loading: "" } : {})}>
          Save
        </button>
        <button onClick={onDiscard}>Discard</button>
      </SaveBar>
    );
  }
  if (!open) return null;
  return (
    <ContextualSaveBar
      message="Unsaved changes"
      saveAction={{ content: "Save", onAction: onSave, loading: saving }}
      discardAction={{ content: "Discard", onAction: onDiscard }}
    />
  );
}
