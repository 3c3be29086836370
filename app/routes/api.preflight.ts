import type { ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowed, readJsonBody, requireApiAdmin } from "../http/api.server";
import { PREFLIGHT_DAYS_DEFAULT } from "../domain/preflight/types";
import { checkDiscountResponse, preflightRequest, startPreflightResponse } from "../http/preflight-api.server";

// POST /api/preflight: the worst discount stack the shop's active and scheduled discounts reach on
// its carts of the last `days` days (1–365, default 60), with the configuration risks
// (docs/product.md#promotion-preflight). With `discountId` (a discount of the shop) or `planned` (a
// promotion not created yet): the worst stack including it and its hygiene findings, answered at once
// (docs/product.md#checking-one-discount).
// GET /api/preflight/{id} follows a run that had not finished when POST answered.
export const loader = () => methodNotAllowed(["POST"]);

export const action = async ({ request }: ActionFunctionArgs) => {
  const context = await requireApiAdmin(request);
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  // a bare POST (no body, no Content-Type) runs over the default 60 days
  const body = request.headers.get("content-type") ? await readJsonBody(request) : {};
  const asked = preflightRequest(body);
  const days = asked.days ?? PREFLIGHT_DAYS_DEFAULT;
  if (asked.discountId !== undefined) return checkDiscountResponse(context, { discountId: asked.discountId }, days);
  if (asked.planned !== undefined) return checkDiscountResponse(context, { planned: asked.planned }, days);
  return startPreflightResponse(context, days);
};
