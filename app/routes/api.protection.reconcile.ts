import type { ActionFunctionArgs } from "@remix-run/node";
import { reconcileInput } from "../forms/protection";
import {
  fieldErrors,
  jsonError,
  methodNotAllowed,
  readJsonBody,
  requireApiAdmin,
  resultResponse,
} from "../http/api.server";
import { reconcileShopNow } from "../services/reconciliation/reconcile.server";

// POST /api/protection/reconcile: sweeps the caller's shop now (docs/operations.md#reconciliation)
// and answers {checked, missed, evaluated}: orders listed, those the app had not seen, those
// evaluated now. 409 while another sweep of the shop runs; 502 when Shopify could not be read.
export const loader = () => methodNotAllowed(["POST"]);

export const action = async ({ request }: ActionFunctionArgs) => {
  const context = await requireApiAdmin(request);
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  // a bare POST (no body, no Content-Type) is the usual call
  if (request.headers.get("content-type")) {
    const parsed = reconcileInput.safeParse(await readJsonBody(request));
    if (!parsed.success) {
      return jsonError(
        400,
        "This request takes no settings: send {} or no body",
        fieldErrors(parsed.error, "unknown setting"),
      );
    }
  }
  return resultResponse(await reconcileShopNow(context.shop.id));
};
