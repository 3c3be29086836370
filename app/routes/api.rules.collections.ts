import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "../http/api.server";
import { listCollectionRules } from "../services/rules/rules.server";

// GET /api/rules/collections: the caller's collection rules, mapped into rules.
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const context = await requireApiAdmin(request);
  return Response.json(await listCollectionRules(context.shop.id));
};
