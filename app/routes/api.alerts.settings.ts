import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getEnv } from "../env.server";
import { alertSettingsBody, alertSettingsSchema } from "../forms/alerts";
import { methodNotAllowed, readJsonBody, requireApiAdmin, resultResponse, validateBody } from "../http/api.server";
import { getAlertSettings, saveAlertSettings } from "../services/alerts/settings.server";

// GET /api/alerts/settings: the shop's alert settings, secrets masked.
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const context = await requireApiAdmin(request);
  return Response.json(await getAlertSettings(context.shop.id));
};

// PUT /api/alerts/settings: saves them (Core and Plus; 403 on Free). A field not sent keeps its
// stored value, so the product's own body ({emailEnabled, slackEnabled, webhookEnabled,
// emailConfig, frequency, severity}) changes those and leaves the recipients and URLs be.
export const action = async ({ request }: ActionFunctionArgs) => {
  const context = await requireApiAdmin(request);
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  const schema = alertSettingsSchema({ production: getEnv().isProduction });
  const body = alertSettingsBody(await readJsonBody(request));
  // secrets and the SMTP server are kept when not sent by the schema itself
  const {
    slackWebhook: _sealed,
    webhookSigningSecret: _signing,
    smtpHost: _host,
    smtpPort: _port,
    smtpUsername: _user,
    smtpPassword: _password,
    ...stored
  } = await getAlertSettings(context.shop.id);
  const input = validateBody(schema, { ...stored, ...body });
  return resultResponse(await saveAlertSettings({ id: context.shop.id, plan: context.plan }, input));
};
