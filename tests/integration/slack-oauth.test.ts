// "Add to Slack" (docs/operations.md#slack-app): the Slack page's link to the consent
// screen, and the callback against a stand-in of Slack's OAuth on 127.0.0.1: a good sign-in,
// one cancelled on Slack's screen, a replayed state, a state for another shop, a failed
// code exchange and a shop on Free. Only the good one changes anything.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_SLACK_CHANNEL } from "../../app/demo/slack-stand-in";
import { TEST_SLACK_CLIENT, startSlackOAuth } from "../helpers/slack-oauth";
import { adminRequest, installedShops, settle } from "../helpers/shopify";
import { TEST_API_SECRET, TEST_APP_URL } from "../helpers/test-env";

const slack = await startSlackOAuth();
Object.assign(process.env, {
  SLACK_CLIENT_ID: TEST_SLACK_CLIENT.clientId,
  SLACK_CLIENT_SECRET: TEST_SLACK_CLIENT.clientSecret,
  SLACK_OAUTH_BASE_URL: slack.url,
});
// the app reads its environment once: the Slack app is configured before its modules load
const { default: prisma } = await import("../../app/db.server");
const { signSlackState } = await import("../../app/services/alerts/slack-oauth");
const { openShopSecret } = await import("../../app/services/alerts/secrets.server");
const page = await import("../../app/routes/_admin.integration_.slack");
const callback = await import("../../app/routes/api.integrations.slack.callback");

const SHOP = "slack-oauth.myshopify.com";
const OTHER = "slack-oauth-other.myshopify.com";
const FREE = "slack-oauth-free.myshopify.com";
const ADMIN = "https://admin.shopify.com/store";

/** The Slack page's loader for `shop`, as the embedded admin loads it. */
async function loadPage(shop: string, query = "") {
  const request = await adminRequest(`/integration/slack${query}`, shop);
  return page.loader({ request, params: {}, context: {} });
}

/** Follows Add to Slack to the stand-in's consent screen, which answers with a redirect to the callback. */
async function consent(installUrl: string): Promise<URL> {
  const response = await fetch(installUrl, { redirect: "manual" });
  expect(response.status).toBe(302);
  return new URL(response.headers.get("location")!);
}

/** The callback as the merchant's browser calls it (top-level, no session token); where it sends them. */
async function callBack(url: URL | string): Promise<{ status: number; location: string | null; body?: unknown }> {
  const result = await settle(() =>
    Promise.resolve(callback.loader({ request: new Request(url), params: {}, context: {} })),
  );
  if (result instanceof Response) return { status: result.status, location: result.headers.get("location") };
  return { status: 200, location: null, body: result };
}

async function settingsOf(shopId: string) {
  return prisma.alertSettings.findUnique({ where: { shopId } });
}

const callbackUrl = (params: Record<string, string>) =>
  `${TEST_APP_URL}/api/integrations/slack/callback?${new URLSearchParams(params).toString()}`;

describe("Add to Slack", () => {
  let shopId: string;
  let otherId: string;
  let freeId: string;
  beforeAll(async () => {
    [shopId, otherId, freeId] = await installedShops(SHOP, OTHER, FREE);
    const checked = { planCheckedAt: new Date() };
    await prisma.shop.update({ where: { id: shopId }, data: { plan: "core", ...checked } });
    await prisma.shop.update({ where: { id: otherId }, data: { plan: "core", ...checked } });
    await prisma.shop.update({ where: { id: freeId }, data: { plan: "free", ...checked } });
  });
  afterAll(() => slack.close());

  it("links to Slack's consent screen with the incoming-webhook scope and a state for the shop", async () => {
    const data = await loadPage(SHOP);
    expect(data.oauth).toBe(true);
    const url = new URL(data.installUrl!);
    expect(`${url.origin}${url.pathname}`).toBe(`${slack.url}/oauth/v2/authorize`);
    expect(url.searchParams.get("client_id")).toBe(TEST_SLACK_CLIENT.clientId);
    expect(url.searchParams.get("scope")).toBe("incoming-webhook");
    expect(url.searchParams.get("redirect_uri")).toBe(`${TEST_APP_URL}/api/integrations/slack/callback`);
    const payload = JSON.parse(Buffer.from(url.searchParams.get("state")!.split(".")[0], "base64url").toString());
    expect(payload.shop).toBe(SHOP);
    // a shop on Free has no link: Slack alerts come with Core
    expect((await loadPage(FREE)).installUrl).toBeNull();
  });

  it("a cancelled consent changes nothing and says so", async () => {
    const back = await consent((await loadPage(SHOP)).installUrl!);
    const denied = new URL(back);
    denied.searchParams.delete("code");
    denied.searchParams.set("error", "access_denied");
    const result = await callBack(denied);
    expect(result.location).toBe(`${ADMIN}/slack-oauth/apps/margin-guardrail/integration/slack?slack=denied`);
    const settings = await settingsOf(shopId);
    expect(settings?.slackWebhookEncrypted ?? null).toBeNull();
    expect(settings?.slackEnabled ?? false).toBe(false);
    // the page explains it
    expect((await loadPage(SHOP, "?slack=denied")).outcome).toBe("denied");
  });

  it("connects the channel picked on Slack's screen, sealed, and the state works once", async () => {
    const back = await consent((await loadPage(SHOP)).installUrl!);
    expect(back.href.startsWith(`${TEST_APP_URL}/api/integrations/slack/callback?`)).toBe(true);
    const result = await callBack(back);
    expect(result.location).toBe(`${ADMIN}/slack-oauth/apps/margin-guardrail/integration/slack?slack=connected`);
    const settings = (await settingsOf(shopId))!;
    expect(settings.slackEnabled).toBe(true);
    expect(settings.slackChannel).toBe(DEMO_SLACK_CHANNEL);
    const hook = openShopSecret(shopId, settings.slackWebhookEncrypted!);
    expect(hook.startsWith(`${slack.url}/services/TDEMO0001/`)).toBe(true);
    expect(JSON.stringify(settings)).not.toContain(hook);
    const data = await loadPage(SHOP, "?slack=connected");
    expect(data).toMatchObject({ connected: true, channel: DEMO_SLACK_CHANNEL, outcome: "connected" });

    // the same state again, with a code of the attacker's own: refused, nothing changed
    await prisma.alertSettings.update({ where: { shopId }, data: { slackChannel: "#kept" } });
    const again = await consent(
      `${slack.url}/oauth/v2/authorize?${new URLSearchParams({
        client_id: TEST_SLACK_CLIENT.clientId,
        scope: "incoming-webhook",
        redirect_uri: `${TEST_APP_URL}/api/integrations/slack/callback`,
        state: back.searchParams.get("state")!,
      }).toString()}`,
    );
    const replay = await callBack(again);
    expect(replay.location).toBe(`${ADMIN}/slack-oauth/apps/margin-guardrail/integration/slack?slack=invalid`);
    const after = (await settingsOf(shopId))!;
    expect(after.slackChannel).toBe("#kept");
    expect(openShopSecret(shopId, after.slackWebhookEncrypted!)).toBe(hook);
  });

  it("refuses a state for another shop, or one it did not sign, without knowing where to send the merchant", async () => {
    const back = await consent((await loadPage(OTHER)).installUrl!);
    const [payload, signature] = back.searchParams.get("state")!.split(".");
    const edited = { ...JSON.parse(Buffer.from(payload, "base64url").toString()), shop: SHOP };
    const forged = `${Buffer.from(JSON.stringify(edited)).toString("base64url")}.${signature}`;
    for (const state of [forged, signSlackState(SHOP, "not-the-app-secret"), "not-a-state"]) {
      const result = await callBack(callbackUrl({ code: back.searchParams.get("code")!, state }));
      expect(result.location).toBeNull();
      expect(result.body).toEqual({ message: expect.stringContaining("could not be verified") });
    }
    expect((await settingsOf(otherId))?.slackWebhookEncrypted ?? null).toBeNull();
    // a state signed by the app for a shop that is not installed
    const stranger = await callBack(
      callbackUrl({ code: "x", state: signSlackState("not-installed.myshopify.com", TEST_API_SECRET) }),
    );
    expect(stranger.location).toContain("slack=invalid");
  });

  it("an expired state is refused as expired", async () => {
    const old = signSlackState(OTHER, TEST_API_SECRET, Date.now() - 31 * 60_000);
    const result = await callBack(callbackUrl({ code: "x", state: old }));
    expect(result.location).toBe(`${ADMIN}/slack-oauth-other/apps/margin-guardrail/integration/slack?slack=expired`);
  });

  it("a failed code exchange changes nothing", async () => {
    for (const failure of [{ error: "invalid_code" }, { status: 500 }]) {
      slack.state.failExchange = failure;
      try {
        const back = await consent((await loadPage(OTHER)).installUrl!);
        const result = await callBack(back);
        expect(result.location).toBe(`${ADMIN}/slack-oauth-other/apps/margin-guardrail/integration/slack?slack=failed`);
      } finally {
        delete slack.state.failExchange;
      }
    }
    // Slack refusing the code (used, or for another redirect URL) is the same failure
    const back = await consent((await loadPage(OTHER)).installUrl!);
    const result = await callBack(callbackUrl({ code: "made-up-code", state: back.searchParams.get("state")! }));
    expect(result.location).toContain("slack=failed");
    const settings = await settingsOf(otherId);
    expect(settings?.slackWebhookEncrypted ?? null).toBeNull();
    expect(settings?.slackEnabled ?? false).toBe(false);
  });

  it("a shop on Free is not connected", async () => {
    const result = await callBack(callbackUrl({ code: "x", state: signSlackState(FREE, TEST_API_SECRET) }));
    expect(result.location).toContain("slack=plan");
    expect((await settingsOf(freeId))?.slackWebhookEncrypted ?? null).toBeNull();
  });
});
