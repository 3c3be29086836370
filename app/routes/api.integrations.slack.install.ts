import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";

/**
 * GET /api/integrations/slack/install: where the Integration Center's "Connect Slack" leads,
 * the guided page that connects Slack through an incoming webhook (create it in Slack, paste
 * its URL, send a test). Slack's incoming webhooks need no OAuth app of ours; the page signs
 * the merchant in like every admin page, keeping the embedded query (shop, host).
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const url = new URL(request.url);
  return redirect(`/integration/slack${url.search}`);
};
