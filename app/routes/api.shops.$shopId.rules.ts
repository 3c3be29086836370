import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { assertOwnShop, methodNotAllowed, requireApiAdmin } from "../http/api.server";
import { createRuleFromRequest, ruleApiView } from "../http/rules-api.server";
import { listRules } from "../services/rules/rules.server";

// GET and POST /api/shops/{shopId}/rules; shopId (the shop's id or domain) must be the caller's.
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const context = await requireApiAdmin(request);
  assertOwnShop(context, params.shopId);
  const rules = await listRules(context.shop.id);
  return Response.json(rules.map((rule) => ruleApiView(rule, context.shop.timezone)));
};

export const action = async ({ request, params }: ActionFunctionArgs) => {
  const context = await requireApiAdmin(request);
  assertOwnShop(context, params.shopId);
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  return createRuleFromRequest(context, request);
};
