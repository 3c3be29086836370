import { ruleActiveSchema, ruleSchema } from "../forms/rules";
import type { AdminContext } from "../services/shops/admin-context.server";
import { jsonError, ownerOf, readJsonBody, resultResponse, validateBody } from "./api.server";
import {
  createRule,
  deleteRule,
  findRule,
  setRuleActive,
  updateRule,
  type RuleView,
} from "../services/rules/rules.server";
import { editableThreshold } from "../domain/rules";

/** POST a rule: the form's fields plus conditions (docs/product.md#rules). */
export async function createRuleFromRequest(context: AdminContext, request: Request): Promise<Response> {
  const input = validateBody(ruleSchema, await readJsonBody(request));
  return resultResponse(await createRule(ownerOf(context), input), 201);
}

/**
 * What a PUT leaves out, from the stored rule: a partial update changes what it is given and
 * keeps the rest, and the whole is validated as the edit dialog's form would be. A new rule
 * type without a unit takes that type's own.
 */
function storedFields(rule: RuleView, body: Record<string, unknown>): Record<string, unknown> {
  return {
    name: rule.name,
    ...(rule.description ? { description: rule.description } : {}),
    ruleType: rule.ruleType,
    threshold: editableThreshold(rule),
    ...("ruleType" in body ? {} : { thresholdUnit: rule.thresholdUnit }),
    action: rule.action,
  };
}

/** PUT /api/rules/{id}: the fields to change (the rest stay), or only isActive from the list's toggle. */
export async function updateRuleFromRequest(context: AdminContext, request: Request, id: string): Promise<Response> {
  const body = await readJsonBody(request);
  const onlyToggle = Object.keys(body).every((key) => key === "isActive" || key === "id") && "isActive" in body;
  if (onlyToggle) {
    const { isActive } = validateBody(ruleActiveSchema, body);
    return resultResponse(await setRuleActive(ownerOf(context), id, isActive));
  }
  const stored = await findRule(context.shop.id, id);
  if (!stored) return jsonError(404, "Rule not found");
  const input = validateBody(ruleSchema, { ...storedFields(stored, body), ...body });
  return resultResponse(await updateRule(ownerOf(context), id, input));
}

export async function deleteRuleFromRequest(context: AdminContext, id: string): Promise<Response> {
  return resultResponse(await deleteRule(ownerOf(context), id), 204);
}
