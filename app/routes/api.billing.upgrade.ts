import type { ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowed, requireApiAdmin } from "../http/api.server";
import { planChangeResponse } from "../http/billing-call.server";
import { requestedPlan } from "../http/plan-request.server";
import { upgradePlan } from "../services/billing/plans.server";

// POST /api/billing/upgrade?plan=core (or a form or JSON field "plan"): {confirmationUrl}
// to send the merchant to, or the refusal with its billing error variant.
export const action = async ({ request }: ActionFunctionArgs) => {
  const context = await requireApiAdmin(request);
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const plan = await requestedPlan(request);
  return planChangeResponse(() => upgradePlan(context, plan), "Billing upgrade failed.");
};
