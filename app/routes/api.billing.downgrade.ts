import type { ActionFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "../services/admin-context.server";
import { downgradePlan } from "../services/billing.server";
import { requestedPlan } from "../services/plan-request.server";

// POST /api/billing/downgrade (plan defaults to free)
export const action = async ({ request }: ActionFunctionArgs) => {
  const context = await requireAdmin(request);
  const plan = (await requestedPlan(request)) ?? "free";
  const result = await downgradePlan(context, plan);
  return Response.json(result, { status: result.ok ? 200 : 400 });
};
