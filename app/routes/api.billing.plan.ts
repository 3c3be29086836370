import type { LoaderFunctionArgs } from "@remix-run/node";
import { assertOwnShop, requireApiAdmin } from "../http/api.server";

const NO_STORE = { "Cache-Control": "no-store" };

// GET /api/billing/plan[?shop=]: {plan, status, trialEndsOn, currentPeriodEnd}, the plan as
// detected for this request (docs/product.md#plans), never cached.
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const context = await requireApiAdmin(request);
  const shop = new URL(request.url).searchParams.get("shop");
  if (shop) assertOwnShop(context, shop);
  const paid = context.plan !== "free";
  return Response.json(
    {
      plan: context.plan,
      status: paid ? (context.shop.subscriptionStatus ?? "ACTIVE") : null,
      trialEndsOn: paid ? (context.shop.trialEndsOn?.toISOString() ?? null) : null,
      currentPeriodEnd: paid ? (context.shop.currentPeriodEnd?.toISOString() ?? null) : null,
    },
    { headers: NO_STORE },
  );
};
