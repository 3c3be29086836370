import type { ActionFunctionArgs } from "@remix-run/node";
import { collectionRuleSchema, ruleActiveSchema } from "../forms/rules";
import {
  methodNotAllowed,
  ownerOf,
  readJsonBody,
  requireApiAdmin,
  resultResponse,
  validateBody,
} from "../http/api.server";
import { ruleOwnerOf, ruleResponse } from "../http/rules-api.server";
import { actionClientOf } from "../services/actions/admin-client.server";
import {
  deleteCollectionRule,
  setCollectionRuleActive,
  updateCollectionRule,
} from "../services/rules/collection-rules.server";

// PUT /api/rules/collections/{id}: {isActive} toggles it, the create fields edit it.
// DELETE /api/rules/collections/{id}.
export const action = async ({ request, params }: ActionFunctionArgs) => {
  const context = await requireApiAdmin(request);
  const id = params.id ?? "";
  if (request.method === "PUT") {
    const body = await readJsonBody(request);
    if (Object.keys(body).every((key) => key === "isActive" || key === "id") && "isActive" in body) {
      const { isActive } = validateBody(ruleActiveSchema, body);
      return ruleResponse(context, await setCollectionRuleActive(ownerOf(context), id, isActive));
    }
    const input = validateBody(collectionRuleSchema, body);
    return ruleResponse(context, await updateCollectionRule(ruleOwnerOf(context), id, input, actionClientOf(context)));
  }
  if (request.method !== "DELETE") return methodNotAllowed(["PUT", "DELETE"]);
  return resultResponse(await deleteCollectionRule(ownerOf(context), id), 204);
};
