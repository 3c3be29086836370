import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { methodNotAllowed, readJsonBody, requireApiAdmin } from "../http/api.server";
import { answerWithCors, corsPreflight, withAdminCors } from "../http/extension-cors.server";
import { PREFLIGHT_DAYS_DEFAULT } from "../domain/preflight/types";
import { checkDiscountResponse, preflightRequest, startPreflightResponse } from "../http/preflight-api.server";

// POST /api/preflight: the worst discount stack the shop's active and scheduled discounts reach on
// its carts of the last `days` days (1–365, default 60), with the configuration risks
// (docs/product.md#promotion-preflight). With `discountId` (a discount of the shop) or `planned` (a
// promotion not created yet): the worst stack including it and its hygiene findings, answered at once
// (docs/product.md#checking-one-discount).
// GET /api/preflight/{id} follows a run that had not finished when POST answered.
// Shopify's admin action "Check stacking risk" (extensions/check-stacking-risk) posts `{discountId}`
// here from Shopify's extension origin: every answer carries the CORS headers, and the browser's
// OPTIONS request before it, which Remix hands to the loader, gets 204 (docs/security.md#what-is-verified).
export const loader = ({ request }: LoaderFunctionArgs) =>
  request.method === "OPTIONS" ? corsPreflight(request) : withAdminCors(request, methodNotAllowed(["POST"]));

export const action = ({ request }: ActionFunctionArgs) =>
  answerWithCors(request, async () => {
    const context = await requireApiAdmin(request);
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    // a bare POST (no body, no Content-Type) runs over the default 60 days
    const body = request.headers.get("content-type") ? await readJsonBody(request) : {};
    const asked = preflightRequest(body);
    const days = asked.days ?? PREFLIGHT_DAYS_DEFAULT;
    if (asked.discountId !== undefined) {
      return checkDiscountResponse(context, { discountId: asked.discountId }, days);
    }
    if (asked.planned !== undefined) return checkDiscountResponse(context, { planned: asked.planned }, days);
    return startPreflightResponse(context, days);
  });
