import type { ActionFunctionArgs } from "@remix-run/node";
import { alertsReadInput } from "../forms/alert-bell";
import { methodNotAllowed, readJsonBody, requireApiAdmin, resultResponse, validateBody } from "../http/api.server";
import { markAlertsRead } from "../services/alerts/alert-bell.server";

// POST /api/alerts/read {upTo}: the header's bell was opened (docs/product.md#admin-header); the
// shop's alerts delivered up to `upTo` are read. Answers {readAt}, the shop's read marker.
export const loader = () => methodNotAllowed(["POST"]);

export const action = async ({ request }: ActionFunctionArgs) => {
  const context = await requireApiAdmin(request);
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { upTo } = validateBody(alertsReadInput, await readJsonBody(request));
  return resultResponse(await markAlertsRead(context.shop.id, new Date(upTo)));
};
