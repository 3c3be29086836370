import type { LoaderFunctionArgs } from "@remix-run/node";
import { methodNotAllowed } from "../http/api.server";
import { serviceHealth } from "../services/health/health.server";

// GET /api/health: the load balancer's probe (docs/operations.md#health); no session needed.
export const loader = async (_args: LoaderFunctionArgs) => {
  const health = await serviceHealth();
  return Response.json(health, {
    status: health.status === "ok" ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
};

export const action = () => methodNotAllowed(["GET"]);
