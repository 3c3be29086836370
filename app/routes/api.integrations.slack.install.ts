import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";

/**
 * GET /api/integrations/slack/install: where the Integration Center's "Connect Slack" leads,
 * the Slack page (/integration/slack): "Add to Slack" there opens Slack's consent screen, where
 * the merchant picks the channel, and Slack sends them back to /api/integrations/slack/callback
 * (docs/operations.md#slack-app); pasting an incoming-webhook URL stays as the fallback.
 * The page signs the merchant in like every admin page, keeping the embedded query (shop, host);
 * it makes the OAuth state then, for the signed-in shop.
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const url = new URL(request.url);
  return redirect(`/integration/slack${url.search}`);
};
