import type { LoaderFunctionArgs } from "@remix-run/node";
import { assertOwnShop, requireApiAdmin } from "../http/api.server";
import { verifySubscription } from "../services/billing/verify.server";

// GET /api/billing/verify?shop=[&charge_id=]: {active, planType, subscriptions} (docs/product.md#plans).
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const context = await requireApiAdmin(request);
  const url = new URL(request.url);
  const shop = url.searchParams.get("shop");
  if (shop) assertOwnShop(context, shop);
  return Response.json(await verifySubscription(context, url.searchParams.get("charge_id")), {
    headers: { "Cache-Control": "no-store" },
  });
};
