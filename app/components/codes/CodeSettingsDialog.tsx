import { BlockStack, FormLayout, Modal, Text, TextField } from "@shopify/polaris";
import { useFetcher } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { useToast } from "../Toasts";
import type { ToastingResult } from "../useActionFetcher";
import { useReturnFocus } from "../useReturnFocus";
import {
  audienceText,
  baselineText,
  countriesText,
  customersText,
  percentText,
  recentText,
  segmentText,
  settingsBodyOf,
  settingsDraftOf,
  usesText,
  type CodeRow,
} from "./code-rows";

/** What /codes's action answers: the toast, and the refused fields by name. */
export interface CodesActionResult extends ToastingResult {
  fields?: Record<string, string[]>;
}

/** The settings' fields, in the form's order: a refusal focuses the first it names. */
const FIELDS = ["audienceSize", "segmentTags"] as const;

/**
 * "Edit {code}": a code's settings (audience size and segment tags, what saveCodeSettings
 * accepts) in a dialog, with the code's figures the table leaves out. A refused field shows its
 * message under it, takes the focus, and nothing is saved (no toast over the dialog's buttons);
 * another refusal is toasted; a save closes the dialog with its toast. Drawn only while open:
 * closing unmounts it and focus goes back to the row's Edit
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
  const save = useFetcher<CodesActionResult>({ key: `code-settings-${submission}` });
  const busy = save.state !== "idle";
  const fields = save.state === "idle" && save.data && !save.data.ok ? save.data.fields : undefined;
  const idPrefix = useId();
  const idOf = (field: (typeof FIELDS)[number]) => `${idPrefix}-${field}`;
  const toast = useToast();
  const handled = useRef<CodesActionResult | undefined>(undefined);
  useEffect(() => {
    const result = save.data;
    if (save.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      toast(result.toast);
      onClose();
      return;
    }
    const refused = FIELDS.find((field) => result.fields?.[field]?.length);
    if (refused) document.getElementById(`${idPrefix}-${refused}`)?.focus();
    else toast(result.toast);
  }, [save.state, save.data, toast, onClose, idPrefix]);
  useReturnFocus(true);
  const submit = () =>
    save.submit({ intent: "settings", code: code.code, ...settingsBodyOf(draft) } as never, {
      method: "post",
      encType: "application/json",
    });
  const segment = segmentText(code);
  const audience = audienceText(code);
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
            {[
              `${usesText(code.uses)} by ${customersText(code.customers)}`,
              audience,
              `${recentText(code)} (${baselineText(code)})`,
              `first-time customers ${percentText(code.firstTimeShare)}`,
              segment,
              countriesText(code.countries),
            ]
              .filter(Boolean)
              .join(" · ")}
          </Text>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <FormLayout>
              <TextField
                id={idOf("audienceSize")}
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
                id={idOf("segmentTags")}
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
