import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { costSettingsView } from "../domain/costs/costs";
import { failureResponse, methodNotAllowed, readJsonBody, requireApiAdmin } from "../http/api.server";
import { loadCostSettings, saveCostSettings } from "../services/costs/settings.server";

// GET /api/settings/costs: the shop's cost model (docs/product.md#costs): which parts the
// margin counts, the payment fee (percent + fixed cents, per gateway) and the shipping cost.
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const context = await requireApiAdmin(request);
  return Response.json(costSettingsView(await loadCostSettings(context.shop.id)));
};

// PUT /api/settings/costs: a field not sent keeps its value; a bad or unknown field is a 400
// naming it, and nothing is saved.
export const action = async ({ request }: ActionFunctionArgs) => {
  const context = await requireApiAdmin(request);
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  const saved = await saveCostSettings(context.shop.id, await readJsonBody(request));
  if (!saved.ok) return failureResponse(saved.error);
  return Response.json(costSettingsView(saved.value));
};
