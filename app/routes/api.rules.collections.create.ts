import type { ActionFunctionArgs } from "@remix-run/node";
import { collectionRuleSchema } from "../forms/rules";
import { methodNotAllowed, readJsonBody, requireApiAdmin, validateBody } from "../http/api.server";
import { ruleOwnerOf, ruleResponse } from "../http/rules-api.server";
import { actionClientOf } from "../services/actions/admin-client.server";
import { createCollectionRule } from "../services/rules/collection-rules.server";

// POST /api/rules/collections/create with {collectionId, collectionTitle?, ruleType, threshold, action}:
// without a title, Shopify's is read, and an id the shop has no collection for is refused.
export const action = async ({ request }: ActionFunctionArgs) => {
  const context = await requireApiAdmin(request);
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const input = validateBody(collectionRuleSchema, await readJsonBody(request));
  return ruleResponse(context, await createCollectionRule(ruleOwnerOf(context), input, actionClientOf(context)), 201);
};
