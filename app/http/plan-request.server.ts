import { PLAN_IDS, toPlanId, type PlanId } from "../domain/billing/plans";
import { readJsonOrForm } from "./request-body.server";
import { jsonError, readBodyOrRefuse } from "./api.server";

/**
 * The plan a billing request names, by the `plan` query parameter, or the `plan` field of a
 * form or JSON body. Anything else is a 400 JSON error: a plan change is never guessed from
 * missing or unreadable input (a wrong guess would cancel a paid subscription).
 */
export async function requestedPlan(request: Request): Promise<PlanId> {
  const url = new URL(request.url);
  let value: unknown = url.searchParams.get("plan");
  if (value === null) {
    const hasBody = request.headers.get("content-type") !== null || request.headers.get("content-length") !== null;
    value = hasBody ? (await readBodyOrRefuse(() => readJsonOrForm(request))).plan : undefined;
  }
  const plan = toPlanId(value);
  if (!plan)
    throw jsonError(400, `Name the plan: plan must be one of ${PLAN_IDS.join(", ")}`, { plan: ["Unknown plan"] });
  return plan;
}
