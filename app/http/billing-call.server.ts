import type { BillingErrorType } from "../domain/billing/billing-errors";
import type { PlanChangeResult } from "../services/billing/plans.server";
import { BillingTimeout } from "../services/billing/plans.server";
import { logger } from "../logger.server";

/** The billing error page's variant for a call to Shopify that threw. */
export function billingFailureType(error: unknown): BillingErrorType {
  if (error instanceof BillingTimeout) return "timeout";
  // the Admin API client throws Shopify's failed answer as a Response
  if (error instanceof Response) return error.status === 401 || error.status === 403 ? "invalid_token" : "default";
  const status = (error as { response?: { code?: number } } | null)?.response?.code;
  if (status === 401 || status === 403) return "invalid_token";
  if (error instanceof Error && /\b(401|Unauthorized|invalid.*token)\b/i.test(error.message)) return "invalid_token";
  return "default";
}

/**
 * Runs a plan change for an API route: its result as JSON (200, or 400 when Shopify or the
 * request refused it), and when the call to Shopify threw, 502 with `failure` as the message
 * and the error page's variant (authentication ran before `change`, so a Response thrown
 * here is Shopify's answer to the billing call, not a redirect of ours).
 */
export async function planChangeResponse(change: () => Promise<PlanChangeResult>, failure: string): Promise<Response> {
  try {
    const result = await change();
    // the answer's body is the product's: { ok, plan, message, confirmationUrl } or { ok, message, errorType, detail }
    return result.ok
      ? Response.json({ ok: true, ...result.value })
      : Response.json({ ok: false, ...result.error }, { status: 400 });
  } catch (error) {
    logger.error(failure, { err: error });
    const detail =
      error instanceof Response
        ? `Shopify answered ${error.status}`
        : error instanceof Error
          ? error.message
          : String(error);
    return Response.json(
      { ok: false, message: failure, errorType: billingFailureType(error), detail },
      { status: 502 },
    );
  }
}
