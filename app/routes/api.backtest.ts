import type { ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowed, readJsonBody, requireApiAdmin } from "../http/api.server";
import { backtestScope, startBacktestResponse } from "../http/backtest-api.server";

// POST /api/backtest: runs the shop's rules (or `rule`, a rule being edited) over its orders of
// the last 60 days; GET /api/backtest/{id} reports progress and results (docs/architecture.md#a-backtest).
export const loader = () => methodNotAllowed(["POST"]);

export const action = async ({ request }: ActionFunctionArgs) => {
  const context = await requireApiAdmin(request);
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  // a bare POST (no body, no Content-Type) tests the shop's rules as they are
  const body = request.headers.get("content-type") ? await readJsonBody(request) : {};
  return startBacktestResponse(context, backtestScope(body));
};
