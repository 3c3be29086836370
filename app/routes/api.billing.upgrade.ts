import type { ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowed, requireApiAdmin } from "../http/api.server";
import { upgradePlan } from "../services/billing/plans.server";
import { requestedPlan } from "../http/plan-request.server";

// POST /api/billing/upgrade?plan=core (or a form or JSON field "plan")
export const action = async ({ request }: ActionFunctionArgs) => {
  const context = await requireApiAdmin(request);
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const result = await upgradePlan(context, await requestedPlan(request));
  return Response.json(result, { status: result.ok ? 200 : 400 });
};
