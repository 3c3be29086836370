import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { shopifyFeaturesSchema } from "../forms/function-config";
import { methodNotAllowed, readJsonBody, requireApiAdmin, validateBody } from "../http/api.server";
import { syncAfterChange } from "../services/checkout/deploy.server";
import { getBlockingSettings, saveBlockingSettings } from "../services/rules/settings.server";

// GET /api/integrations/shopify/features: the checkout blocking switches (the Rules page's
// blocking settings). PUT with any of {instantBlocking, staffOverride, customerMessage}
// saves them and rewrites the deployed validation's configuration (syncError says why not).
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const context = await requireApiAdmin(request);
  return Response.json(await getBlockingSettings(context.shop.id));
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const context = await requireApiAdmin(request);
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  const changes = validateBody(shopifyFeaturesSchema, await readJsonBody(request));
  const saved = await saveBlockingSettings(context.shop.id, {
    ...(await getBlockingSettings(context.shop.id)),
    ...changes,
  });
  return Response.json({ ...saved, syncError: await syncAfterChange(context) });
};
