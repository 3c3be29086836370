import type { LoaderFunctionArgs } from "@remix-run/node";
import { jsonError, methodNotAllowed, requireApiAdmin } from "../http/api.server";
import { preflightBody } from "../http/preflight-api.server";
import { findPreflight } from "../services/preflight/preflight.server";

// GET /api/preflight/{id}: a preflight's progress and results (docs/product.md#promotion-preflight).
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const context = await requireApiAdmin(request);
  const view = await findPreflight(context.shop.id, params.id ?? "");
  if (!view) return jsonError(404, "Preflight not found");
  return Response.json(preflightBody(view));
};

export const action = () => methodNotAllowed(["GET"]);
