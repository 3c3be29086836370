import type { LoaderFunctionArgs } from "@remix-run/node";
import { assertOwnShop, requireApiAdmin } from "../http/api.server";
import { recentDeliveries } from "../services/alerts/delivery.server";

// GET /api/shops/{shopId}/alerts: the latest alert deliveries with their status; shopId (id or
// domain) must be the caller's.
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const context = await requireApiAdmin(request);
  assertOwnShop(context, params.shopId);
  return Response.json({ deliveries: await recentDeliveries(context.shop.id) });
};
