import type { ActionFunctionArgs } from "@remix-run/node";
import { jsonError, methodNotAllowed, requireApiAdmin } from "../http/api.server";
import { isChannel, sendTestAlert } from "../services/alerts/test-alert.server";

// POST /api/alerts/test/email, /slack, /webhook: a test alert on one channel, with the saved settings.
export const action = async ({ request, params }: ActionFunctionArgs) => {
  const context = await requireApiAdmin(request);
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  if (!isChannel(params.channel)) return jsonError(404, `No channel "${params.channel}"`);
  const tested = await sendTestAlert(
    { id: context.shop.id, domain: context.shop.domain, plan: context.plan },
    params.channel,
  );
  if (tested.ok) return Response.json({ success: true, ...tested.value });
  const { status, message, reason, signingSecret } = tested.error;
  if (status === 403) return jsonError(403, message);
  return Response.json(
    { success: false, message, error: reason, ...(signingSecret ? { signingSecret } : {}) },
    { status },
  );
};
