import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { fieldErrors, jsonError, methodNotAllowed, requireApiAdmin } from "../http/api.server";
import { codesQuery, listCodes } from "../services/leaks/codes.server";

// GET /api/codes?flagged=true|false&limit=1..500: every discount code seen in orders with its
// counts, `leakSuspected` and `signals` ({name, figure, limit}) (docs/product.md#leaked-codes).
// A bad or unknown query field is a 400 naming it.
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const context = await requireApiAdmin(request);
  const parsed = codesQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error, "not a query field of /api/codes");
    delete errors.form;
    return jsonError(400, "Invalid query", errors);
  }
  const codes = await listCodes({ id: context.shop.id, plan: context.plan }, parsed.data);
  return Response.json({ codes });
};

export const action = async (_args: ActionFunctionArgs) => methodNotAllowed(["GET"]);
