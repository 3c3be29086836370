import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "../http/api.server";
import { listCollectionRules } from "../services/rules/collection-rules.server";
import { ruleApiView } from "../http/rules-api.server";

// GET /api/rules/collections: the caller's collection rules, mapped into rules.
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const context = await requireApiAdmin(request);
  const rules = await listCollectionRules(context.shop.id);
  return Response.json(rules.map((rule) => ruleApiView(rule, context.shop.timezone)));
};
