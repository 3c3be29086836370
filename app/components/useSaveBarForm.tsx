import type { SubmissionResult } from "@conform-to/react";
import type { FetcherWithComponents } from "@remix-run/react";
import { useState } from "react";
import type { $ZodType, input } from "zod/v4/core";
import { useAdminLayout } from "./AdminPage";
import { UnsavedChangesBar } from "./UnsavedChangesBar";
import { useAppBridgePresent } from "./useAppBridge";
import { useFetcherForm, useFormGeneration } from "./useFetcherForm";

/**
 * A settings form saved by the page's unsaved-changes bar (docs/product.md#save-bar): a conform
 * form whose id carries its generation (`useFormGeneration`), so Discard and a save that changed
 * the stored values start it again from them, and so does a save that succeeded. A save's refused
 * fields are shown on the form it was sent from, never on one started again since.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's own bound for a form's shape
export function useSaveBarForm<Schema extends $ZodType<Record<string, any>, Record<string, any>>>(options: {
  /** the form id's stem: `${name}-${generation}` */
  name: string;
  schema: Schema;
  fetcher: FetcherWithComponents<unknown>;
  /** the fields' text as stored: when it changes, the form starts again from it */
  initial: { [Name in keyof input<Schema>]?: string | string[] | Record<string, string>[] };
  shouldValidate?: "onBlur" | "onSubmit";
}) {
  const { fetcher } = options;
  const { generation, restart } = useFormGeneration(options.initial);
  const [earlier] = useState(() => fetcher.data);
  const [sentFrom, setSentFrom] = useState<number | null>(null);
  const answered = fetcher.state === "idle" && fetcher.data !== earlier && sentFrom === generation;
  if (answered && (fetcher.data as { ok?: boolean } | undefined)?.ok) {
    // saved: the form starts again from what is stored now, even when the save stored the same
    setSentFrom(null);
    restart();
  }
  const [form, fields] = useFetcherForm({
    id: `${options.name}-${generation}`,
    schema: options.schema,
    fetcher,
    shouldValidate: options.shouldValidate,
    lastResult: answered ? (fetcher.data as { result?: SubmissionResult<string[]> } | undefined)?.result : undefined,
    defaultValue: options.initial,
    onSend: () => setSentFrom(generation),
  });
  const { demo } = useAdminLayout();
  const appBridge = useAppBridgePresent(demo);
  const saving = fetcher.state !== "idle";
  return {
    form,
    fields,
    /** whether the form on screen has the answer to its own save */
    answered,
    /** the page's save bar, open while the fields differ from what is stored or a save runs */
    saveBar: (id: string, dirty: boolean) => (
      <UnsavedChangesBar
        id={id}
        open={dirty || saving}
        saving={saving}
        appBridge={appBridge}
        // Save: the form checks its fields, then posts
        onSave={() => (document.getElementById(form.id) as HTMLFormElement | null)?.requestSubmit()}
        onDiscard={restart}
      />
    ),
  };
}
