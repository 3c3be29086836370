import { BlockStack, FormLayout, Modal, Text, TextField } from "@shopify/polaris";
import { useFetcher } from "@remix-run/react";
import { getFormProps } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { codeSettingsFormSchema } from "../../forms/codes";
import type { PageActionResult } from "../../forms/page-action";
import { useField } from "../form-fields";
import { useFetcherForm } from "../useFetcherForm";
import { useToast } from "../Toasts";
import { useReturnFocus } from "../useReturnFocus";
import {
  audienceText,
  baselineText,
  countriesText,
  customersText,
  percentText,
  recentText,
  segmentText,
  settingsDraftOf,
  usesText,
  type CodeRow,
} from "./code-rows";

/**
 * "Edit {code}": a code's settings (audience size and segment tags, what saveCodeSettings
 * accepts) in a dialog, with the code's figures the table leaves out. A refused field shows its
 * message under it, takes the focus, and nothing is saved (no toast over the dialog's buttons);
 * another refusal is toasted; a save closes the dialog with its toast. Drawn only while open:
 * closing unmounts it and focus goes back to the row's Edit (docs/product.md#leaked-codes).
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
  const save = useFetcher<PageActionResult>({ key: `code-settings-${submission}` });
  const busy = save.state !== "idle";
  const formId = `code-settings-form-${submission}`;
  const draft = settingsDraftOf(code);
  const [form, fields] = useFetcherForm({
    id: formId,
    schema: codeSettingsFormSchema,
    fetcher: save,
    shouldValidate: "onSubmit",
    defaultValue: { code: code.code, audienceSize: draft.audience, segmentTags: draft.tags },
  });
  const audience = useField(fields.audienceSize);
  const tags = useField(fields.segmentTags);
  const toast = useToast();
  const handled = useRef<PageActionResult | undefined>(undefined);
  useEffect(() => {
    const result = save.data;
    if (save.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      if (result.toast) toast(result.toast);
      onClose();
      return;
    }
    // a refused field says so under it and takes the focus (conform's reply); anything else is toasted
    const refused = [fields.audienceSize, fields.segmentTags].find((field) => field.errors?.length);
    if (refused) document.getElementById(refused.id)?.focus();
    else if (result.toast) toast(result.toast);
  }, [save.state, save.data, toast, onClose, fields]);
  useReturnFocus(true);
  const submit = () => (document.getElementById(formId) as HTMLFormElement | null)?.requestSubmit();
  const segment = segmentText(code);
  const audienceNote = audienceText(code);
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
              `${usesText(code.uses)} by ${customersText(code.customers, code.uses)}`,
              audienceNote,
              `${recentText(code)} (${baselineText(code)})`,
              `first-time customers ${percentText(code.firstTimeShare)}`,
              segment,
              countriesText(code.countries, code.uses),
            ]
              .filter(Boolean)
              .join(" · ")}
          </Text>
          <save.Form method="post" {...getFormProps(form)}>
            <input type="hidden" name="intent" value="settings" />
            <input type="hidden" name="code" value={code.code} />
            <FormLayout>
              <TextField
                label="Audience size"
                helpText="How many customers the code was meant for; empty: not set"
                type="text"
                inputMode="numeric"
                {...audience.textField}
              />
              <TextField
                label="Segment: customer tags"
                helpText="Comma-separated, e.g. vip, subscriber; orders from then on are checked"
                {...tags.textField}
              />
            </FormLayout>
            {/* Enter in a field saves, as the footer's button does */}
            <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
          </save.Form>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
