import { ruleActiveSchema, ruleSchema } from "../forms/rules";
import type { AdminContext } from "../services/shops/admin-context.server";
import { jsonError, ownerOf, readJsonBody, resultResponse, validateBody } from "./api.server";
import { createRule, deleteRule, setRuleActive, updateRule } from "../services/rules/rules.server";

/** POST a rule: the form's fields plus conditions (docs/product.md#rules). */
export async function createRuleFromRequest(context: AdminContext, request: Request): Promise<Response> {
  const input = validateBody(ruleSchema, await readJsonBody(request));
  return resultResponse(await createRule(ownerOf(context), input), 201);
}

/** PUT /api/rules/{id}: the edited fields, or only isActive from the list's toggle. */
export async function updateRuleFromRequest(context: AdminContext, request: Request, id: string): Promise<Response> {
  const body = await readJsonBody(request);
  const onlyToggle = Object.keys(body).every((key) => key === "isActive" || key === "id") && "isActive" in body;
  if (onlyToggle) {
    const { isActive } = validateBody(ruleActiveSchema, body);
    return resultResponse(await setRuleActive(ownerOf(context), id, isActive));
  }
  return resultResponse(await updateRule(ownerOf(context), id, validateBody(ruleSchema, body)));
}

export async function deleteRuleFromRequest(context: AdminContext, id: string): Promise<Response> {
  const result = await deleteRule(ownerOf(context), id);
  return result.ok ? new Response(null, { status: 204 }) : jsonError(result.status, result.message);
}
