import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { $ZodType, output } from "zod/v4/core";

/** A service's refusal of valid input: a status, a message, and the fields it names. */
export interface ServiceRefusal {
  ok: false;
  status: number;
  message: string;
  errors?: Record<string, string[]>;
}

export const CHECK_THE_FIELDS = "Check the fields marked in red";

export type FormSave =
  | { ok: true; result: SubmissionResult<string[]> }
  | { ok: false; status: number; description: string; result: SubmissionResult<string[]> };

/**
 * A page form's save: parsed with its zod schema (400 and the field errors otherwise), handed
 * to the service, whose refusal comes back on the form (its fields named, or its message on
 * the whole form). The caller adds its toast.
 */
export async function saveParsedForm<Schema extends $ZodType>(
  formData: FormData,
  schema: Schema,
  save: (value: output<Schema>) => Promise<{ ok: true } | ServiceRefusal>,
  options: { resetForm?: boolean } = {},
): Promise<FormSave> {
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    return { ok: false, status: 400, description: CHECK_THE_FIELDS, result: submission.reply() };
  }
  const saved = await save(submission.value);
  if (!saved.ok) {
    return {
      ok: false,
      status: saved.status,
      description: saved.errors ? CHECK_THE_FIELDS : saved.message,
      result: submission.reply(saved.errors ? { fieldErrors: saved.errors } : { formErrors: [saved.message] }),
    };
  }
  return { ok: true, result: submission.reply(options.resetForm ? { resetForm: true } : undefined) };
}
