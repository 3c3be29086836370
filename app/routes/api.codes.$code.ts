import type { ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowed, readJsonBody, requireApiAdmin, resultResponse } from "../http/api.server";
import { saveCodeSettings } from "../services/leaks/codes.server";

// PUT /api/codes/{code}: the code's audience size (1-10,000,000 or null) and segment tags (a list
// of customer tags or null); a field not sent keeps its value; a bad or unknown field is a 400
// naming it, and nothing is saved (docs/product.md#leaked-codes).
export const action = async ({ request, params }: ActionFunctionArgs) => {
  const context = await requireApiAdmin(request);
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  const body = await readJsonBody(request);
  return resultResponse(await saveCodeSettings({ ...context.shop, plan: context.plan }, params.code ?? "", body));
};

export const loader = () => methodNotAllowed(["PUT"]);
