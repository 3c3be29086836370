import type { ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowed, readJsonBody, requireApiAdmin } from "../http/api.server";
import { preflightDays, startPreflightResponse } from "../http/preflight-api.server";

// POST /api/preflight: the worst discount stack the shop's active and scheduled discounts reach on
// its carts of the last `days` days (1–365, default 60), with the configuration risks
// (docs/product.md#promotion-preflight).
// GET /api/preflight/{id} follows a run that had not finished when POST answered.
export const loader = () => methodNotAllowed(["POST"]);

export const action = async ({ request }: ActionFunctionArgs) => {
  const context = await requireApiAdmin(request);
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  // a bare POST (no body, no Content-Type) runs over the default 60 days
  const body = request.headers.get("content-type") ? await readJsonBody(request) : {};
  return startPreflightResponse(context, preflightDays(body));
};
