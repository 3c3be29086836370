import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { blockingSchema } from "../forms/rules";
import { syncAfterChange } from "../services/checkout/deploy.server";
import { methodNotAllowed, readJsonBody, requireApiAdmin, validateBody } from "../http/api.server";
import { getBlockingSettings, saveBlockingSettings } from "../services/rules/settings.server";

// GET and POST /api/rules/blocking: {instantBlocking, staffOverride, customerMessage}.
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const context = await requireApiAdmin(request);
  return Response.json(await getBlockingSettings(context.shop.id));
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const context = await requireApiAdmin(request);
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const input = validateBody(blockingSchema, await readJsonBody(request));
  const saved = await saveBlockingSettings(context.shop.id, input);
  // the Function's configuration too: the deployed validation follows (syncError says why not)
  return Response.json({ ...saved, syncError: await syncAfterChange(context) });
};
