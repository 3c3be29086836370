import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { stackingSchema } from "../forms/rules";
import { methodNotAllowed, readJsonBody, requireApiAdmin, validateBody } from "../services/api.server";
import { getStackingSettings, saveStackingSettings } from "../services/rules.server";

// GET and POST /api/rules/stacking: {blockedStacking, enabled}.
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const context = await requireApiAdmin(request);
  return Response.json(await getStackingSettings(context.shop.id));
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const context = await requireApiAdmin(request);
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const input = validateBody(stackingSchema, await readJsonBody(request));
  return Response.json(await saveStackingSettings(context.shop.id, input));
};
