import type { LoaderFunctionArgs } from "@remix-run/node";
import { ONBOARDING_DONE } from "../domain/shops/onboarding";
import { assertOwnShop, requireApiAdmin } from "../http/api.server";

// GET /api/shops/me[?shop=]: the caller's own shop, {id, domain, name, plan, currency,
// timezone, onboardingComplete}.
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const context = await requireApiAdmin(request);
  const shop = new URL(request.url).searchParams.get("shop");
  if (shop) assertOwnShop(context, shop);
  return Response.json(
    {
      id: context.shop.id,
      domain: context.shop.domain,
      name: context.shop.name ?? context.shop.domain,
      plan: context.plan,
      currency: context.shop.currency,
      timezone: context.shop.timezone,
      onboardingComplete: context.shop.onboardingStep >= ONBOARDING_DONE,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
};
