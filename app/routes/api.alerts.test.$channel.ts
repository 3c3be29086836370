import type { ActionFunctionArgs } from "@remix-run/node";
import { jsonError, methodNotAllowed, requireApiAdmin } from "../http/api.server";
import { isChannel, sendTestAlert } from "../services/alerts/test-alert.server";

// POST /api/alerts/test/email, /slack, /webhook: a test alert on one channel, with the saved settings.
export const action = async ({ request, params }: ActionFunctionArgs) => {
  const context = await requireApiAdmin(request);
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  if (!isChannel(params.channel)) return jsonError(404, `No channel "${params.channel}"`);
  const { status, ...outcome } = await sendTestAlert(
    { id: context.shop.id, domain: context.shop.domain, plan: context.plan },
    params.channel,
  );
  return status === 403 ? jsonError(403, outcome.message) : Response.json(outcome, { status });
};
