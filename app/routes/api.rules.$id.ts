import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { jsonError, methodNotAllowed, requireApiAdmin } from "../http/api.server";
import { deleteRuleFromRequest, ruleApiView, updateRuleFromRequest } from "../http/rules-api.server";
import { findRule } from "../services/rules/rules.server";

// GET, PUT and DELETE /api/rules/{id}; another shop's rule is not found.
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const context = await requireApiAdmin(request);
  const rule = await findRule(context.shop.id, params.id ?? "");
  return rule ? Response.json(ruleApiView(rule, context.shop.timezone)) : jsonError(404, "Rule not found");
};

export const action = async ({ request, params }: ActionFunctionArgs) => {
  const context = await requireApiAdmin(request);
  const id = params.id ?? "";
  if (request.method === "PUT" || request.method === "PATCH") return updateRuleFromRequest(context, request, id);
  if (request.method === "DELETE") return deleteRuleFromRequest(context, id);
  return methodNotAllowed(["GET", "PUT", "DELETE"]);
};
