import type { ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowed, requireApiAdmin } from "../http/api.server";
import { planChangeResponse } from "../http/billing-call.server";
import { requestedPlan } from "../http/plan-request.server";
import { downgradePlan } from "../services/billing/plans.server";

// POST /api/billing/downgrade?plan=free (or a form or JSON field "plan"); the plan is required.
export const action = async ({ request }: ActionFunctionArgs) => {
  const context = await requireApiAdmin(request);
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const plan = await requestedPlan(request);
  return planChangeResponse(() => downgradePlan(context, plan), "Downgrade failed.");
};
