import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "../http/api.server";
import { scopeHealth } from "../services/health/health.server";

// GET /api/health/scopes: {source, required, granted, missing[, error]}.
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const context = await requireApiAdmin(request);
  return Response.json(await scopeHealth(context));
};
