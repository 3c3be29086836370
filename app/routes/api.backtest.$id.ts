import type { LoaderFunctionArgs } from "@remix-run/node";
import { jsonError, methodNotAllowed, requireApiAdmin } from "../http/api.server";
import { findBacktest } from "../services/backtest/backtest.server";

// GET /api/backtest/{id}: the backtest's progress, then its results; another shop's is not found.
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const context = await requireApiAdmin(request);
  const backtest = await findBacktest(context.shop.id, params.id ?? "");
  if (!backtest) return jsonError(404, "Backtest not found");
  return Response.json(backtest, { headers: { "Cache-Control": "no-store" } });
};

export const action = () => methodNotAllowed(["GET"]);
