import type { ActionFunctionArgs } from "@remix-run/node";
import { collectionRuleSchema } from "../forms/rules";
import {
  methodNotAllowed,
  ownerOf,
  readJsonBody,
  requireApiAdmin,
  resultResponse,
  validateBody,
} from "../http/api.server";
import { createCollectionRule } from "../services/rules/rules.server";

// POST /api/rules/collections/create with {collectionId, ruleType, threshold, action}.
export const action = async ({ request }: ActionFunctionArgs) => {
  const context = await requireApiAdmin(request);
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const input = validateBody(collectionRuleSchema, await readJsonBody(request));
  return resultResponse(await createCollectionRule(ownerOf(context), input), 201);
};
