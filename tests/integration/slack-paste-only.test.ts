// Without a Slack app of ours (SLACK_CLIENT_ID empty) the Slack page offers only the pasted
// incoming-webhook URL, and the callback connects nothing (docs/operations.md#slack-app).
import { beforeAll, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { signSlackState } from "../../app/services/alerts/slack-oauth";
import { adminRequest, installedShops, settle } from "../helpers/shopify";
import { TEST_API_SECRET, TEST_APP_URL } from "../helpers/test-env";

const page = await import("../../app/routes/_admin.integration_.slack");
const callback = await import("../../app/routes/api.integrations.slack.callback");
const SHOP = "slack-paste-only.myshopify.com";

describe("the Slack page without a Slack app", () => {
  let shopId: string;
  beforeAll(async () => {
    [shopId] = await installedShops(SHOP);
    await prisma.shop.update({ where: { id: shopId }, data: { plan: "core", planCheckedAt: new Date() } });
  });

  it("has no Add to Slack link, only the pasted URL", async () => {
    const request = await adminRequest("/integration/slack", SHOP);
    const data = await page.loader({ request, params: {}, context: {} });
    expect(data).toMatchObject({ oauth: false, installUrl: null, available: true, connected: false });
  });

  it("a callback with a state the app signed still connects nothing", async () => {
    const state = signSlackState(SHOP, TEST_API_SECRET);
    const url = `${TEST_APP_URL}/api/integrations/slack/callback?code=x&state=${encodeURIComponent(state)}`;
    const result = (await settle(() =>
      Promise.resolve(callback.loader({ request: new Request(url), params: {}, context: {} })),
    )) as Response;
    expect(result.headers.get("location")).toContain("slack=failed");
    const settings = await prisma.alertSettings.findUnique({ where: { shopId } });
    expect(settings?.slackWebhookEncrypted ?? null).toBeNull();
  });
});
