import type { ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowed, requireApiAdmin, resultResponse } from "../http/api.server";
import { checkoutClientOf, deployFunction } from "../services/checkout/deploy.server";

// POST /api/shopify/functions/deploy: creates (or updates) the shop's checkout validation with
// the current configuration; {functionId, message}, or Shopify's userErrors as the error.
export const action = async ({ request }: ActionFunctionArgs) => {
  const context = await requireApiAdmin(request);
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return resultResponse(await deployFunction({ id: context.shop.id, plan: context.plan }, checkoutClientOf(context)));
};

export const loader = () => methodNotAllowed(["POST"]);
