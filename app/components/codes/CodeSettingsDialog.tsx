import { BlockStack, FormLayout, Modal, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import { useActionFetcher, type ToastingResult } from "../useActionFetcher";
import { useReturnFocus } from "../useReturnFocus";
import {
  baselineText,
  countText,
  percentText,
  recentText,
  segmentText,
  settingsBodyOf,
  settingsDraftOf,
  type CodeRow,
} from "./code-rows";

/** What /codes's action answers: the toast, and the refused fields by name. */
export interface CodesActionResult extends ToastingResult {
  fields?: Record<string, string[]>;
}

/**
 * "Edit {code}": a code's settings (audience size and segment tags, what saveCodeSettings
 * accepts) in a dialog, with the code's figures the table leaves out. A refused field shows its
 * message under it and nothing is saved; a save closes the dialog with its toast. Drawn only
 * while open: closing unmounts it and focus goes back to the row's Edit
 * (docs/decisions/0046-dialogs-return-focus-and-confirm.md).
 */
export function CodeSettingsDialog({
  code,
  submission,
  onClose,
}: {
  code: CodeRow;
  /** a fresh key per opening, so an earlier opening's refusal is not shown again */
  submission: string;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState(() => settingsDraftOf(code));
  const save = useActionFetcher<CodesActionResult>(`code-settings-${submission}`, onClose);
  const busy = save.state !== "idle";
  const fields = save.state === "idle" && save.data && !save.data.ok ? save.data.fields : undefined;
  useReturnFocus(true);
  const submit = () =>
    save.submit({ intent: "settings", code: code.code, ...settingsBodyOf(draft) } as never, {
      method: "post",
      encType: "application/json",
    });
  const segment = segmentText(code);
  return (
    <Modal
      open
      onClose={onClose}
      title={`Edit ${code.code}`}
      primaryAction={{ content: "Save settings", onAction: submit, loading: busy }}
      secondaryActions={[{ content: "Cancel", onAction: onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="400">
          <Text as="p" tone="subdued">
            {`${countText(code.uses)} uses by ${countText(code.customers)} customers · ${recentText(code)} (${baselineText(code)}) · first-time customers ${percentText(code.firstTimeShare)}${segment ? ` · ${segment}` : ""}`}
          </Text>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <FormLayout>
              <TextField
                label="Audience size"
                helpText="How many customers the code was meant for; empty: not set"
                type="text"
                inputMode="numeric"
                autoComplete="off"
                value={draft.audience}
                onChange={(audience) => setDraft((current) => ({ ...current, audience }))}
                error={fields?.audienceSize?.[0]}
              />
              <TextField
                label="Segment: customer tags"
                helpText="Comma-separated, e.g. vip, subscriber; orders from then on are checked"
                autoComplete="off"
                value={draft.tags}
                onChange={(tags) => setDraft((current) => ({ ...current, tags }))}
                error={fields?.segmentTags?.[0]}
              />
            </FormLayout>
            {/* Enter in a field saves, as the footer's button does */}
            <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
          </form>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
