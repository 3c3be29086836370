import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { functionConfigSchema } from "../forms/function-config";
import { methodNotAllowed, readJsonBody, requireApiAdmin, validateBody } from "../http/api.server";
import { checkoutClientOf, refreshValidationState, syncAfterChange } from "../services/checkout/deploy.server";
import { getFunctionConfig, saveFunctionThreshold } from "../services/checkout/function-config.server";

// GET /api/config/function: the checkout Function's threshold and deployment status.
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const context = await requireApiAdmin(request);
  await refreshValidationState(context.shop.id, checkoutClientOf(context)?.graphql ?? null);
  return Response.json(await getFunctionConfig(context.shop.id));
};

// PUT /api/config/function {thresholdPercent}: saves the threshold (0-100) and, once the
// Function is deployed, writes it into the validation's metafield; `syncError` says why not.
export const action = async ({ request }: ActionFunctionArgs) => {
  const context = await requireApiAdmin(request);
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  const input = validateBody(functionConfigSchema, await readJsonBody(request));
  await saveFunctionThreshold(context.shop.id, input.thresholdPercent);
  const syncError = await syncAfterChange(context);
  return Response.json({ ...(await getFunctionConfig(context.shop.id)), syncError });
};
