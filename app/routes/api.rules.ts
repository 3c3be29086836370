import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { methodNotAllowed, requireApiAdmin } from "../http/api.server";
import { createRuleFromRequest, ruleApiView } from "../http/rules-api.server";
import { listRules } from "../services/rules/rules.server";

// GET /api/rules: the caller's rules. POST /api/rules: create one (the shared API helper).
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const context = await requireApiAdmin(request);
  const rules = await listRules(context.shop.id);
  return Response.json(rules.map((rule) => ruleApiView(rule, context.shop.timezone)));
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const context = await requireApiAdmin(request);
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  return createRuleFromRequest(context, request);
};
