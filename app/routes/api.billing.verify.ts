import type { LoaderFunctionArgs } from "@remix-run/node";
import { assertOwnShop, requireApiAdmin } from "../http/api.server";
import { BillingApiUnavailable, verifySubscription } from "../services/billing/verify.server";
import { logger } from "../logger.server";
import { messageOf } from "../domain/result";

/** Seconds after which asking again is worth it when the Billing API could not be reached. */
const RETRY_AFTER_SECONDS = 30;

// GET /api/billing/verify?shop=[&charge_id=]: {active, planType, subscriptions} (docs/product.md#plans);
// 503 with a message when Shopify's Billing API cannot be reached, 502 when its answer cannot be
// read (nothing stored then).
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const context = await requireApiAdmin(request);
  const url = new URL(request.url);
  const shop = url.searchParams.get("shop");
  if (shop) assertOwnShop(context, shop);
  try {
    return Response.json(await verifySubscription(context, url.searchParams.get("charge_id")), {
      headers: { "Cache-Control": "no-store" },
    });
  } catch (error) {
    // the library's own answers (re-authentication) go on untouched
    if (error instanceof Response) throw error;
    const reason = messageOf(error);
    logger.error("Subscription verification failed", { shop: context.shop.domain, reason });
    if (!(error instanceof BillingApiUnavailable)) {
      // Shopify answered, but not with what a subscription query returns
      return Response.json(
        { error: "Shopify's Billing API gave an answer the app could not read.", errorType: "verification_failed" },
        { status: 502, headers: { "Cache-Control": "no-store" } },
      );
    }
    return Response.json(
      {
        error: "Shopify's Billing API could not be reached, so the subscription was not verified. Try again shortly.",
        errorType: "verification_failed",
      },
      { status: 503, headers: { "Cache-Control": "no-store", "Retry-After": String(RETRY_AFTER_SECONDS) } },
    );
  }
};
