import type { LoaderFunctionArgs } from "@remix-run/node";
import { jsonError, requireApiAdmin } from "../http/api.server";
import { embedHealth } from "../services/health/health.server";

// GET /api/health/embed?host=: whether the app is open inside this shop's admin.
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const context = await requireApiAdmin(request);
  const health = embedHealth(context.shop.domain, new URL(request.url).searchParams.get("host"));
  return "error" in health ? jsonError(400, health.error) : Response.json(health);
};
