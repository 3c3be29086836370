import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { $ZodType, output } from "zod/v4/core";
import type { Failure, Result } from "../domain/result";

export const CHECK_THE_FIELDS = "Check the fields marked in red";

export type FormSave<T = unknown> =
  | { ok: true; value: T; result: SubmissionResult<string[]> }
  | {
      ok: false;
      status: number;
      description: string;
      result: SubmissionResult<string[]>;
      /** the service's failure, when the service refused; absent when the schema did */
      failure?: Failure;
    };

/**
 * A page form's save (docs/architecture.md#a-rule-save): parsed with its zod schema (400
 * and the field errors otherwise, `invalid` the description), handed to the service, whose
 * failure comes back on the form (its fields named, or its message on the whole form). The
 * caller adds its toast.
 */
export async function saveParsedForm<Schema extends $ZodType, T>(
  formData: FormData,
  schema: Schema,
  save: (value: output<Schema>) => Promise<Result<T>>,
  options: { resetForm?: boolean; invalid?: string } = {},
): Promise<FormSave<T>> {
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    return { ok: false, status: 400, description: options.invalid ?? CHECK_THE_FIELDS, result: submission.reply() };
  }
  const saved = await save(submission.value);
  if (!saved.ok) {
    const failure = saved.error;
    return {
      ok: false,
      status: failure.status,
      description: failure.fields ? CHECK_THE_FIELDS : failure.message,
      result: submission.reply(failure.fields ? { fieldErrors: failure.fields } : { formErrors: [failure.message] }),
      failure,
    };
  }
  return {
    ok: true,
    value: saved.value,
    result: submission.reply(options.resetForm ? { resetForm: true } : undefined),
  };
}

/**
 * The posted intent, when a page action's table of intents has a handler for it: an own key
 * only, so "toString" or "__proto__" is an unknown action like any other.
 */
export function intentIn<Table extends object>(table: Table, value: unknown): value is keyof Table & string {
  return typeof value === "string" && Object.hasOwn(table, value);
}
