import { toPlanId, type PlanId } from "../domain/plans";

/** The plan named by the `plan` query parameter or form field. */
export async function requestedPlan(request: Request): Promise<PlanId | null> {
  const fromQuery = new URL(request.url).searchParams.get("plan");
  if (fromQuery) return toPlanId(fromQuery);
  const contentType = request.headers.get("content-type") ?? "";
  if (contentType.includes("form")) {
    const form = await request.clone().formData();
    return toPlanId(form.get("plan"));
  }
  return null;
}
