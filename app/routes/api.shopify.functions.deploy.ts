import type { ActionFunctionArgs } from "@remix-run/node";
import { jsonError, methodNotAllowed, requireApiAdmin } from "../http/api.server";
import { checkoutClientOf, deployFunction } from "../services/checkout/deploy.server";

// POST /api/shopify/functions/deploy: creates (or updates) the shop's checkout validation with
// the current configuration; {functionId, message}, or Shopify's userErrors as the error.
export const action = async ({ request }: ActionFunctionArgs) => {
  const context = await requireApiAdmin(request);
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const result = await deployFunction({ id: context.shop.id, plan: context.plan }, checkoutClientOf(context));
  return result.ok
    ? Response.json({ functionId: result.functionId, message: result.message })
    : jsonError(result.status, result.message);
};

export const loader = () => methodNotAllowed(["POST"]);
