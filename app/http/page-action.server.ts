import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import type { $ZodType, output } from "zod/v4/core";
import type { Failure, Result } from "../domain/result";
import type { PageActionResult, PageToast } from "../forms/page-action";
import { InputRefusal, readForm } from "./request-body.server";

/** What a form refused by its schema says, unless its intent says otherwise. */
export const CHECK_THE_FIELDS = "Check the fields marked in red";

/**
 * What an intent's handler answers when it worked: the toast's title when it is not the
 * intent's usual one, its detail, what the page shows from it (`value`), another status (201).
 */
export interface Done<Value = unknown> {
  title?: string;
  description?: string;
  value?: Value;
  status?: number;
}

/** One intent of a page: it reads the posted form and answers the page's one result shape. */
export interface PageIntent<Call> {
  answer(intent: string, formData: FormData, call: Call): Promise<PageActionResult>;
}

interface Toasts {
  /** the toast when it worked (none: the page says it another way) */
  success?: string;
  /** the toast's title when it did not */
  failure: string;
}

/**
 * What an intent's handler answers when it did not work: a `Failure`, with the toast's title
 * when it is not the intent's usual one (a test alert names its channel) and what the page
 * still shows from it (`value`).
 */
export interface Refused<Value = unknown> extends Failure {
  title?: string;
  value?: Value;
}

function refusal(
  intent: string,
  status: number,
  title: string,
  description?: string,
  value?: unknown,
): PageActionResult {
  return {
    intent,
    ok: false,
    status,
    toast: { title, ...(description ? { description } : {}), error: true },
    ...(value !== undefined ? { value } : {}),
  };
}

function success(intent: string, toasts: Toasts, done: Done, result?: SubmissionResult<string[]>): PageActionResult {
  const title = done.title ?? toasts.success;
  const toast: PageToast | undefined = title
    ? { title, ...(done.description ? { description: done.description } : {}) }
    : undefined;
  return {
    intent,
    ok: true,
    status: done.status ?? 200,
    ...(toast ? { toast } : {}),
    ...(result ? { result } : {}),
    ...(done.value !== undefined ? { value: done.value } : {}),
  };
}

/**
 * An intent whose form is parsed with its zod schema (the API's), then handled with the typed
 * value (and the form, for what the schema does not read: the id of the row it edits)
 * (docs/architecture.md#layers-and-folders). A refused field comes back on the form
 * (conform's reply) with `invalid` in the toast; a service's failure names its fields on the
 * form, or says its message on the form and in the toast. `resetForm` empties the form after it
 * worked (a create).
 */
export function formIntent<Call, Schema extends $ZodType, Value = unknown>(
  /** the form's schema, or one made for the call (production's stricter URLs) */
  schema: Schema | ((call: Call) => Schema),
  toasts: Toasts & { invalid?: string; resetForm?: boolean },
  run: (value: output<Schema>, call: Call, formData: FormData) => Promise<Result<Done<Value>>>,
): PageIntent<Call> {
  return {
    async answer(intent, formData, call) {
      const submission = parseWithZod(formData, {
        schema: typeof schema === "function" ? (schema as (call: Call) => Schema)(call) : schema,
      });
      if (submission.status !== "success") {
        return {
          ...refusal(intent, 400, toasts.failure, toasts.invalid ?? CHECK_THE_FIELDS),
          result: submission.reply(),
        };
      }
      const outcome = await run(submission.value, call, formData);
      if (!outcome.ok) {
        const failure = outcome.error;
        return {
          ...refusal(intent, failure.status, toasts.failure, failure.fields ? CHECK_THE_FIELDS : failure.message),
          result: submission.reply(
            failure.fields ? { fieldErrors: failure.fields } : { formErrors: [failure.message] },
          ),
        };
      }
      return success(
        intent,
        toasts,
        outcome.value,
        submission.reply(toasts.resetForm ? { resetForm: true } : undefined),
      );
    },
  };
}

/** An intent with no form to parse (a delete, a resume, a button): the handler reads what it needs. */
export function plainIntent<Call, Value = unknown>(
  toasts: Toasts,
  run: (formData: FormData, call: Call) => Promise<Result<Done<Value>, Refused<Value>>>,
): PageIntent<Call> {
  return {
    async answer(intent, formData, call) {
      const outcome = await run(formData, call);
      if (outcome.ok) return success(intent, toasts, outcome.value);
      const { status, title, message, value } = outcome.error;
      return refusal(intent, status, title ?? toasts.failure, message, value);
    },
  };
}

/** A service's answer whose value the toast does not show. */
export function saved<T>(outcome: Result<T>): Result<Done> {
  return outcome.ok ? { ok: true, value: {} } : outcome;
}

/**
 * The posted intent, when a page action's table of intents has a handler for it: an own key
 * only, so "toString" or "__proto__" is an unknown action like any other.
 */
export function intentIn<Table extends object>(table: Table, value: unknown): value is keyof Table & string {
  return typeof value === "string" && Object.hasOwn(table, value);
}

/**
 * Every admin page's action (docs/architecture.md#layers-and-folders): the form is read (one
 * refused before parsing answers 400 with `refused` as the toast's title and changes nothing),
 * its `intent` picks the handler from the page's table (400 "Unknown action" otherwise), and
 * the answer is the one result shape, with its status.
 */
export function pageAction<Call>(intents: Record<string, PageIntent<Call>>, refused: string) {
  return async (request: Request, call: Call) => {
    const result = await answerPageForm(request, intents, refused, call);
    return data(result, { status: result.status });
  };
}

async function answerPageForm<Call>(
  request: Request,
  intents: Record<string, PageIntent<Call>>,
  refused: string,
  call: Call,
): Promise<PageActionResult> {
  let formData: FormData;
  try {
    formData = await readForm(request);
  } catch (error) {
    if (!(error instanceof InputRefusal)) throw error;
    return refusal("unknown", 400, refused, error.message);
  }
  return answerIntent(intents, formData, call);
}

/** The answer of the intent the form posts, from the page's table (400 "Unknown action" otherwise). */
export function answerIntent<Call>(
  intents: Record<string, PageIntent<Call>>,
  formData: FormData,
  call: Call,
): Promise<PageActionResult> {
  const intent = formData.get("intent");
  if (!intentIn(intents, intent)) return Promise.resolve(refusal("unknown", 400, "Unknown action"));
  return intents[intent].answer(intent, formData, call);
}
