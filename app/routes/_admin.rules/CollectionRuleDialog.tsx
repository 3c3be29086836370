import { useFetcher } from "@remix-run/react";
import { Modal } from "@shopify/polaris";
import { useState } from "react";
import { useReturnFocus } from "../../components/useReturnFocus";
import { CollectionRuleForm, collectionRuleFormIds } from "./CollectionRuleForm";
import type { OrderActionsAccess } from "./OrderActionsFields";
import type { CollectionRuleValues } from "./rule-list-items";

/**
 * 'Edit Collection Rule' (docs/product.md#rules): the form in the body, Save and Cancel in the
 * footer as every dialog has them; closing gives focus back to the row's Edit.
 */
export function CollectionRuleDialog({
  editing,
  appBridge,
  access,
  onClose,
  timeZone,
}: {
  editing: { name: string; values: CollectionRuleValues } | null;
  timeZone: string;
  appBridge: boolean;
  access: OrderActionsAccess;
  onClose: () => void;
}) {
  // the rule stays in the dialog while it fades out; each opening has its own fetcher
  const [shown, setShown] = useState({ editing, opening: 0 });
  if (editing && editing !== shown.editing) setShown({ editing, opening: shown.opening + 1 });
  const ids = collectionRuleFormIds(shown.editing?.values.id ?? "none", shown.opening);
  const saving = useFetcher({ key: ids.fetcher }).state !== "idle";
  useReturnFocus(editing !== null);
  return (
    <Modal
      open={editing !== null}
      onClose={onClose}
      title="Edit Collection Rule"
      primaryAction={{
        content: "Save collection rule",
        loading: saving,
        onAction: () => (document.getElementById(ids.form) as HTMLFormElement | null)?.requestSubmit(),
      }}
      secondaryActions={[{ content: "Cancel", onAction: onClose }]}
    >
      <Modal.Section>
        {editing ? (
          <CollectionRuleForm
            key={editing.values.id}
            appBridge={appBridge}
            initial={editing.values}
            opening={shown.opening}
            onSaved={onClose}
            access={access}
            timeZone={timeZone}
          />
        ) : null}
      </Modal.Section>
    </Modal>
  );
}
