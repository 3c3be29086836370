import type { ActionFunctionArgs } from "@remix-run/node";
import { functionTestSchema } from "../../forms/function-config";
import { methodNotAllowed, readJsonBody, requireApiAdmin, validateBody } from "../../http/api.server";
import { testFunction } from "../../services/checkout/function-config.server";

// POST /api/shopify/functions/test {subtotal, discount, thresholdPercent}: {blocked, message},
// decided by the same code as the checkout Function (app/domain/checkout/checkout-blocking.ts).
export const action = async ({ request }: ActionFunctionArgs) => {
  const context = await requireApiAdmin(request);
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const input = validateBody(functionTestSchema, await readJsonBody(request));
  return Response.json(await testFunction(context.shop.id, input));
};

export const loader = () => methodNotAllowed(["POST"]);
