import type { z } from "zod";
import { getEnv } from "../env.server";
import type { Failure, Result } from "../domain/result";
import { InputRefusal, readJson } from "./request-body.server";
import { requireAdmin, type AdminContext } from "../services/shops/admin-context.server";

/** JSON API helpers (docs/product.md#decisions, 4): errors are JSON with field messages and the right status. */

export function jsonError(status: number, error: string, errors?: Record<string, string[]>): Response {
  return Response.json(errors ? { error, errors } : { error }, { status });
}

/**
 * The caller's shop, from the Shopify session token (`Authorization: Bearer`), or the demo
 * shop in the demo store. No token at all is a 401 in JSON, not a redirect to the login page.
 */
export async function requireApiAdmin(request: Request): Promise<AdminContext> {
  if (!getEnv().demoMode && !request.headers.get("authorization")) {
    throw jsonError(401, "Unauthorized: send the Shopify session token as Authorization: Bearer <token>");
  }
  return requireAdmin(request);
}

/** Reads a body with `read`; input refused by the limits becomes a JSON error response. */
export async function readBodyOrRefuse<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof InputRefusal) throw jsonError(error.status, error.message);
    throw error;
  }
}

/** The JSON API takes JSON objects only: a form body is refused, never read as an empty object. */
export function readJsonBody(request: Request): Promise<Record<string, unknown>> {
  return readBodyOrRefuse(() => readJson(request));
}

/**
 * Each field's messages. With `unknownKey`, a key the schema does not know (a strict schema's
 * unrecognized_keys) is named on its own with that message, instead of under "form".
 */
export function fieldErrors(error: z.ZodError, unknownKey?: string): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    if (unknownKey !== undefined && issue.code === "unrecognized_keys") {
      for (const key of issue.keys) (errors[key] ??= []).push(unknownKey);
    } else {
      (errors[String(issue.path[0] ?? "form")] ??= []).push(issue.message);
    }
  }
  return errors;
}

/** Parses with a shared schema, or throws a 400 with each field's messages. */
export function validateBody<Schema extends z.ZodType>(schema: Schema, body: unknown): z.infer<Schema> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw jsonError(400, "Invalid input", fieldErrors(parsed.error));
  return parsed.data;
}

export function methodNotAllowed(allowed: string[]): Response {
  return Response.json(
    { error: `Method not allowed; use ${allowed.join(" or ")}` },
    {
      status: 405,
      headers: { Allow: allowed.join(", ") },
    },
  );
}

/**
 * A service's failure as the JSON API answers it: its status, `{ error, errors? }` with the
 * fields it names, and Retry-After when it says when to ask again (docs/architecture.md#a-rule-save).
 */
export function failureResponse(failure: Failure): Response {
  return withRetryAfter(jsonError(failure.status, failure.message, failure.fields), failure);
}

/** `response` with Retry-After when the failure says when to ask again (a rate limit). */
export function withRetryAfter(response: Response, failure: Failure): Response {
  if (failure.retryAfterSeconds) response.headers.set("Retry-After", String(failure.retryAfterSeconds));
  return response;
}

/** A service's result as a response: its value as JSON (no body for 204), or its failure. */
export function resultResponse<T>(result: Result<T>, successStatus = 200): Response {
  if (!result.ok) return failureResponse(result.error);
  return successStatus === 204
    ? new Response(null, { status: 204 })
    : Response.json(result.value, { status: successStatus });
}

/** The shop a path names must be the caller's own (its id or its domain). */
export function assertOwnShop(context: AdminContext, shopId: string | undefined): void {
  if (shopId !== context.shop.id && shopId !== context.shop.domain) {
    throw jsonError(403, "That shop is not yours");
  }
}

export function ownerOf(context: AdminContext) {
  return { id: context.shop.id, plan: context.plan, currency: context.shop.currency };
}
