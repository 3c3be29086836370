import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { stackingSchema } from "../forms/rules";
import { syncAfterChange } from "../services/checkout/deploy.server";
import { jsonError, methodNotAllowed, readJsonBody, requireApiAdmin, validateBody } from "../http/api.server";
import { getStackingSettings, saveStackingSettings } from "../services/rules/settings.server";

// GET and POST /api/rules/stacking: {blockedStacking (or preventedCategories), enabled}.
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const context = await requireApiAdmin(request);
  return Response.json(await getStackingSettings(context.shop.id));
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const context = await requireApiAdmin(request);
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const body = await readJsonBody(request);
  // Both fields are the settings: a body without them must not reset them to the defaults.
  const missing = ["blockedStacking", "enabled"].filter(
    (key) => !(key in body) && !(key === "blockedStacking" && "preventedCategories" in body),
  );
  if (missing.length > 0) {
    throw jsonError(400, "Invalid input", Object.fromEntries(missing.map((key) => [key, [`${key} is required`]])));
  }
  const input = validateBody(stackingSchema, body);
  const saved = await saveStackingSettings(context.shop.id, input);
  // the Function's configuration too: the deployed validation follows (syncError says why not)
  return Response.json({ ...saved, syncError: await syncAfterChange(context) });
};
