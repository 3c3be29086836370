import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { codeRulesSchema } from "../forms/code-rules";
import { methodNotAllowed, readJsonBody, requireApiAdmin, resultResponse, validateBody } from "../http/api.server";
import { getCodeRules, saveCodeRules } from "../services/code-rules/code-rules.server";
import { actionClientOf } from "../services/actions/admin-client.server";

// GET /api/config/code-rules: {settings, rules, available, discountId, discountActive, syncedAt, syncError}
// (docs/product.md#code-rules); discountActive: whether the app discount is active in Shopify (off below Core).
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const context = await requireApiAdmin(request);
  return Response.json(await getCodeRules({ id: context.shop.id, plan: context.plan }));
};

// PUT /api/config/code-rules: saves the settings (Core and Plus; 403 on Free; 400 with field messages).
export const action = async ({ request }: ActionFunctionArgs) => {
  const context = await requireApiAdmin(request);
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  const input = validateBody(codeRulesSchema, await readJsonBody(request));
  return resultResponse(
    await saveCodeRules({ id: context.shop.id, plan: context.plan }, input, actionClientOf(context)),
  );
};
