import { ruleActiveSchema, ruleSchema } from "../forms/rules";
import type { AdminContext } from "../services/shops/admin-context.server";
import { jsonError, ownerOf, readJsonBody, resultResponse, validateBody } from "./api.server";
import type { RuleOwner } from "../services/rules/rule-saves.server";
import {
  createRule,
  deleteRule,
  findRule,
  setRuleActive,
  updateRule,
  type RuleView,
} from "../services/rules/rules.server";
import { editableThreshold } from "../domain/rules/rules";
import { formatScheduleInstant } from "../domain/rules/rule-schedule";
import type { Result } from "../domain/result";

/** The caller's shop as the rules services take it, with its zone for schedules. */
export function ruleOwnerOf(context: AdminContext): RuleOwner {
  return { ...ownerOf(context), timeZone: context.shop.timezone };
}

/**
 * A rule or collection rule as the JSON API shows it (docs/product.md#rules): `startsAt` and
 * `endsAt` as ISO 8601 with the offset of the shop's zone, or null.
 */
export function ruleApiView<T extends { startsAt?: Date | null; endsAt?: Date | null }>(
  rule: T,
  timeZone: string,
): Omit<T, "startsAt" | "endsAt"> & { startsAt: string | null; endsAt: string | null } {
  return {
    ...rule,
    startsAt: rule.startsAt ? formatScheduleInstant(new Date(rule.startsAt), timeZone) : null,
    endsAt: rule.endsAt ? formatScheduleInstant(new Date(rule.endsAt), timeZone) : null,
  };
}

/** A rules service's answer as the API's response, its rule shown in the shop's zone. */
export function ruleResponse<T extends { startsAt?: Date | null; endsAt?: Date | null }>(
  context: AdminContext,
  result: Result<T>,
  successStatus = 200,
): Response {
  return resultResponse(
    result.ok ? { ok: true, value: ruleApiView(result.value, context.shop.timezone) } : result,
    successStatus,
  );
}

/** POST a rule: the form's fields plus conditions (docs/product.md#rules). */
export async function createRuleFromRequest(context: AdminContext, request: Request): Promise<Response> {
  const input = validateBody(ruleSchema, await readJsonBody(request));
  return ruleResponse(context, await createRule(ruleOwnerOf(context), input), 201);
}

/**
 * What a PUT leaves out, from the stored rule: a partial update changes what it is given and
 * keeps the rest, and the whole is validated as the edit dialog's form would be. A new rule
 * type without a unit takes that type's own. The status is left out unless sent (the rule keeps
 * its own, and a rule paused by the plan stays paused).
 */
function storedFields(rule: RuleView, body: Record<string, unknown>): Record<string, unknown> {
  return {
    name: rule.name,
    ...(rule.description ? { description: rule.description } : {}),
    ruleType: rule.ruleType,
    threshold: editableThreshold(rule),
    ...("ruleType" in body ? {} : { thresholdUnit: rule.thresholdUnit }),
    action: rule.action,
    startsAt: rule.startsAt?.toISOString() ?? null,
    endsAt: rule.endsAt?.toISOString() ?? null,
  };
}

/** PUT /api/rules/{id}: the fields to change (the rest stay), or only isActive from the list's toggle. */
export async function updateRuleFromRequest(context: AdminContext, request: Request, id: string): Promise<Response> {
  const body = await readJsonBody(request);
  const onlyToggle = Object.keys(body).every((key) => key === "isActive" || key === "id") && "isActive" in body;
  if (onlyToggle) {
    const { isActive } = validateBody(ruleActiveSchema, body);
    return ruleResponse(context, await setRuleActive(ruleOwnerOf(context), id, isActive));
  }
  const stored = await findRule(context.shop.id, id);
  if (!stored) return jsonError(404, "Rule not found");
  const input = validateBody(ruleSchema, { ...storedFields(stored, body), ...body });
  return ruleResponse(context, await updateRule(ruleOwnerOf(context), id, input));
}

export async function deleteRuleFromRequest(context: AdminContext, id: string): Promise<Response> {
  return resultResponse(await deleteRule(ownerOf(context), id), 204);
}
