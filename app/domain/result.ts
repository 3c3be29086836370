/**
 * One shape for what a service answers (docs/architecture.md#a-rule-save): a value, or a
 * failure. Route-facing services fail with a `Failure` (an HTTP status, a message, the fields
 * it names), which a route turns into its response in one place; background work (sending an
 * alert, acting on an order) fails with its own error, which carries at least a message.
 */

/** What a service refused or could not do, said the way a route answers it. */
export interface Failure {
  /** the HTTP status a route answers with (403 plan, 404 unknown, 409 conflict, 422/502 Shopify…) */
  status: number;
  /** one sentence for a person: the JSON API's `error`, a toast's description */
  message: string;
  /** messages per field, when the failure is about the input (the form's red fields, the API's `errors`) */
  fields?: Record<string, string[]>;
  /** when to ask again, for a rate limit (the Retry-After header) */
  retryAfterSeconds?: number;
}

/** The error of background work (an alert sent, an order acted on): no HTTP status, a message. */
export interface Problem {
  message: string;
}

export type Success<T> = { ok: true; value: T };
export type Fail<E> = { ok: false; error: E };
export type Result<T, E = Failure> = Success<T> | Fail<E>;

/** Success, with its value (`ok()` for a success with nothing to tell). */
export function ok(): Success<undefined>;
export function ok<T>(value: T): Success<T>;
export function ok<T>(value?: T): Success<T | undefined> {
  return { ok: true, value };
}

/**
 * Failure: `fail(404, "Rule not found")` for a route-facing `Failure`, with its fields or
 * Retry-After as the third argument; `fail(error)` for any other error value.
 */
export function fail(status: number, message: string, more?: Omit<Failure, "status" | "message">): Fail<Failure>;
export function fail<E>(error: E): Fail<E>;
export function fail<E>(
  first: number | E,
  message?: string,
  more?: Omit<Failure, "status" | "message">,
): Fail<E | Failure> {
  if (typeof first === "number" && typeof message === "string") {
    return { ok: false, error: { status: first, message, ...more } };
  }
  return { ok: false, error: first as E };
}

/** The message of an error thrown by a library, for a `Problem` or a `Failure`. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
