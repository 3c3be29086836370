import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { FetcherWithComponents } from "@remix-run/react";
import { useCallback, useState } from "react";
import type { $ZodType, input, output } from "zod/v4/core";

/**
 * A conform form checked by one of app/forms' zod schemas (the one the API uses) and posted
 * with a fetcher once it passes: its field errors are the fetcher's settled answer
 * (`result`, conform's reply) since the form mounted, unless `lastResult` says otherwise.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's own bound for a form's shape
export function useFetcherForm<Schema extends $ZodType<Record<string, any>, Record<string, any>>>(options: {
  id: string;
  schema: Schema;
  fetcher: FetcherWithComponents<unknown>;
  shouldValidate?: "onBlur" | "onSubmit";
  lastResult?: SubmissionResult<string[]> | null;
  /** where to post; the page's own action when absent */
  action?: string;
  /** the fields' starting text, as the form posts it (components/form-fields.tsx binds them); a list's rows by their fields */
  defaultValue?: { [Name in keyof input<Schema>]?: string | string[] | Record<string, string>[] };
  /** called as a checked form is posted */
  onSend?: () => void;
}) {
  const { fetcher, schema } = options;
  // an answer the fetcher held before this form mounted was for an earlier form: its reply's
  // values would become this form's starting values (components/form-fields.tsx)
  const [earlier] = useState(() => fetcher.data);
  const answer =
    fetcher.state === "idle" && fetcher.data !== earlier
      ? (fetcher.data as { result?: SubmissionResult<string[]> } | undefined)
      : undefined;
  return useForm<input<Schema>, output<Schema>, string[]>({
    id: options.id,
    lastResult: "lastResult" in options ? options.lastResult : answer?.result,
    defaultValue: options.defaultValue as DefaultValue<input<Schema>> | undefined,
    constraint: getZodConstraint(schema),
    shouldValidate: options.shouldValidate ?? "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    onSubmit(event, { formData, submission }) {
      event.preventDefault();
      if (submission?.status !== "success") return;
      options.onSend?.();
      fetcher.submit(formData, { method: "post", ...(options.action ? { action: options.action } : {}) });
    },
  });
}

/**
 * A save-bar form's generation, the suffix of its id: a new one starts the fields again from the
 * stored values. It moves on at `restart` (Discard, a save's answer) and whenever the stored
 * values change (a save's reload, which can land after the save's answer, or another tab's save).
 */
export function useFormGeneration(stored: unknown): { generation: number; restart: () => void } {
  const [generation, setGeneration] = useState(0);
  const restart = useCallback(() => setGeneration((current) => current + 1), []);
  const storedKey = JSON.stringify(stored);
  const [startedFrom, setStartedFrom] = useState(storedKey);
  if (startedFrom !== storedKey) {
    setStartedFrom(storedKey);
    restart();
  }
  return { generation, restart };
}

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
  /** what is stored: when it changes, the form starts again */
  stored: unknown;
  defaultValue: { [Name in keyof input<Schema>]?: string | string[] | Record<string, string>[] };
  shouldValidate?: "onBlur" | "onSubmit";
}) {
  const { fetcher } = options;
  const { generation, restart } = useFormGeneration(options.stored);
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
    defaultValue: options.defaultValue,
    onSend: () => setSentFrom(generation),
  });
  return {
    form,
    fields,
    /** whether the form on screen has the answer to its own save */
    answered,
    saving: fetcher.state !== "idle",
    /** the save bar's Save: the form checks its fields, then posts */
    save: () => (document.getElementById(form.id) as HTMLFormElement | null)?.requestSubmit(),
    discard: restart,
  };
}
