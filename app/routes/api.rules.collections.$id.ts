import type { ActionFunctionArgs } from "@remix-run/node";
import { jsonError, methodNotAllowed, ownerOf, requireApiAdmin } from "../http/api.server";
import { deleteCollectionRule } from "../services/rules/rules.server";

// DELETE /api/rules/collections/{id}.
export const action = async ({ request, params }: ActionFunctionArgs) => {
  const context = await requireApiAdmin(request);
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  const result = await deleteCollectionRule(ownerOf(context), params.id ?? "");
  return result.ok ? new Response(null, { status: 204 }) : jsonError(result.status, result.message);
};
