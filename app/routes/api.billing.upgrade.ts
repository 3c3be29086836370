import type { ActionFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "../services/admin-context.server";
import { upgradePlan } from "../services/billing.server";
import { requestedPlan } from "../services/plan-request.server";

// POST /api/billing/upgrade?plan=core (or a form field "plan")
export const action = async ({ request }: ActionFunctionArgs) => {
  const context = await requireAdmin(request);
  const plan = await requestedPlan(request);
  if (!plan) return Response.json({ ok: false, message: "Unable to upgrade plan." }, { status: 400 });
  const result = await upgradePlan(context, plan);
  return Response.json(result, { status: result.ok ? 200 : 400 });
};
