import type { LoaderFunctionArgs } from "@remix-run/node";
import { methodNotAllowed, requireApiAdmin } from "../http/api.server";
import { protectionStatus } from "../services/protection/status.server";

// GET /api/protection: the caller's shop's Protection status (docs/product.md#protection-status),
// `{layers: [{key, state, since, detail, fix}]}`, each layer `ok`, `warning` or `failing`.
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const context = await requireApiAdmin(request);
  const status = await protectionStatus({ ...context.shop, plan: context.plan });
  return Response.json(status, { headers: { "Cache-Control": "no-store" } });
};

export const action = () => methodNotAllowed(["GET"]);
