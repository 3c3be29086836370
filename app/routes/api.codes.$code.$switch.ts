import type { ActionFunctionArgs } from "@remix-run/node";
import { jsonError, methodNotAllowed, requireApiAdmin, resultResponse } from "../http/api.server";
import { actionClientOf } from "../services/actions/admin-client.server";
import { setCodeActive } from "../services/leaks/codes.server";

// POST /api/codes/{code}/deactivate and /api/codes/{code}/reactivate: the code's discount off or
// on again in Shopify (Core and Plus, write_discounts), recorded in the Audit Log.
export const action = async ({ request, params }: ActionFunctionArgs) => {
  const context = await requireApiAdmin(request);
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  if (params.switch !== "deactivate" && params.switch !== "reactivate") return jsonError(404, "Not found");
  const result = await setCodeActive(
    context,
    actionClientOf(context),
    params.code ?? "",
    params.switch === "reactivate",
  );
  return resultResponse(result);
};

export const loader = () => methodNotAllowed(["POST"]);
