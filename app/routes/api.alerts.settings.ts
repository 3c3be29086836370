import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getEnv } from "../env.server";
import { alertSettingsBody, alertSettingsSchema } from "../forms/alerts";
import { jsonError, methodNotAllowed, readJsonBody, requireApiAdmin, validateBody } from "../http/api.server";
import { getAlertSettings, saveAlertSettings } from "../services/alerts/settings.server";

// GET /api/alerts/settings: the shop's alert settings, secrets masked.
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const context = await requireApiAdmin(request);
  return Response.json(await getAlertSettings(context.shop.id));
};

// PUT /api/alerts/settings: saves them (Core and Plus; 403 on Free).
export const action = async ({ request }: ActionFunctionArgs) => {
  const context = await requireApiAdmin(request);
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  const schema = alertSettingsSchema({ production: getEnv().isProduction });
  const input = validateBody(schema, alertSettingsBody(await readJsonBody(request)));
  const result = await saveAlertSettings({ id: context.shop.id, plan: context.plan }, input);
  return result.ok ? Response.json(result.value) : jsonError(result.status, result.message, result.errors);
};
