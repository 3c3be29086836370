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
