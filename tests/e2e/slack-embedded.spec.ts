// "Add to Slack" inside Shopify's admin (docs/operations.md#slack-app): Slack's consent
// screen cannot be framed, so the app opens it at the top of the admin; Slack's redirect brings
// the merchant through the callback back to the Slack page in the admin, which then shows the
// connection, a Disconnect and the way back to the Integration Center. Shopify's admin and App
// Bridge are stand-ins served by the test (as in embedded.spec.ts); Slack is the stand-in on
// 127.0.0.1 (tests/helpers/slack-oauth.ts).
import Database from "better-sqlite3";
import { getJwt } from "@shopify/shopify-api/test-helpers";
import { DEFAULT_SCOPES } from "../../app/env.server";
import { startAppServer, type AppServer } from "../helpers/app-server";
import { TEST_SLACK_CLIENT, startSlackOAuth } from "../helpers/slack-oauth";
import type { Route } from "@playwright/test";
import { expect, test } from "./fixtures";

const API_KEY = "e2e-slack-api-key";
const SECRET = "e2e-slack-secret-7c1e94b2d0a3";
const STORE = "e2e-slack";
const SHOP = `${STORE}.myshopify.com`;
const HOST = Buffer.from(`admin.shopify.com/store/${STORE}`).toString("base64url");
const ADMIN_APP = `https://admin.shopify.com/store/${STORE}/apps/margin-guardrail`;

let server: AppServer;
let slack: Awaited<ReturnType<typeof startSlackOAuth>>;

test.use({
  userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
});

test.beforeAll(async () => {
  slack = await startSlackOAuth();
  server = await startAppServer({
    NODE_ENV: "development",
    SHOPIFY_API_KEY: API_KEY,
    SHOPIFY_API_SECRET: SECRET,
    SLACK_CLIENT_ID: TEST_SLACK_CLIENT.clientId,
    SLACK_CLIENT_SECRET: TEST_SLACK_CLIENT.clientSecret,
    SLACK_OAUTH_BASE_URL: slack.url,
  });
  // an installed shop on Core, whose plan Shopify told recently (it is not asked again here)
  const db = new Database(server.database);
  db.prepare(
    `INSERT INTO Session (id, shop, state, isOnline, scope, accessToken) VALUES (?, ?, 'state', 0, ?, 'shpat_e2e_slack')`,
  ).run(`offline_${SHOP}`, SHOP, DEFAULT_SCOPES);
  const now = Date.now();
  db.prepare(
    `INSERT INTO Shop (id, domain, plan, planCheckedAt, onboardingStep, onboardingCompletedAt, installedAt, createdAt, updatedAt)
     VALUES ('e2e-slack-shop', ?, 'core', ?, 5, ?, ?, ?, ?)`,
  ).run(SHOP, now, now, now, now, now);
  db.close();
});

test.afterAll(async () => {
  await server?.stop();
  await slack?.close();
});

/** App Bridge, as far as the page uses it: it runs and signs the app's fetches. */
function appBridgeStandIn(token: string): string {
  return `(() => {
    const fetch = window.fetch.bind(window);
    window.fetch = (input, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set("Authorization", "Bearer ${token}");
      return fetch(input, { ...init, headers });
    };
    const nothing = () => undefined;
    window.__toasts = [];
    const toast = { show: (message) => { window.__toasts.push(message); } };
    window.shopify = new Proxy({ idToken: async () => "${token}", toast, loading: nothing }, {
      get: (target, key) => (key in target ? target[key] : nothing),
    });
    customElements.define("ui-nav-menu", class extends HTMLElement {});
  })();`;
}

/** Fetches a top-level navigation's answer; a redirect becomes a page going on to its Location, its cookies kept. */
async function redirectAsNavigation(route: Route) {
  const response = await route.fetch({ maxRedirects: 0 });
  const location = response.headers().location;
  if (response.status() < 300 || response.status() >= 400 || !location) return route.fulfill({ response });
  const headers: Record<string, string> = { ...response.headers(), "content-type": "text/html" };
  delete headers.location;
  delete headers["content-length"];
  const target = new URL(location, route.request().url()).toString();
  return route.fulfill({
    status: 200,
    headers,
    body: `<script>location.replace(${JSON.stringify(target)})</script>`,
  });
}

test("embedded, Add to Slack opens Slack's screen at the top of the admin and comes back connected", async ({
  page,
}) => {
  const { token } = await getJwt(STORE, API_KEY, SECRET);
  await page.route("https://cdn.shopify.com/shopifycloud/app-bridge.js", (route) =>
    route.fulfill({ contentType: "text/javascript", body: appBridgeStandIn(token) }),
  );
  // Shopify's admin frames the app's page at the path after the app's address, as Shopify does
  await page.route("https://admin.shopify.com/**", (route) => {
    const url = new URL(route.request().url());
    const path = url.pathname.slice(new URL(ADMIN_APP).pathname.length) || "/";
    const query = new URLSearchParams(url.search);
    for (const [key, value] of Object.entries({ embedded: "1", shop: SHOP, host: HOST, id_token: token })) {
      query.set(key, value);
    }
    return route.fulfill({
      contentType: "text/html",
      body: `<iframe src="${server.url}${path}?${query.toString()}" style="width:1040px;height:900px"></iframe>`,
    });
  });

  // Playwright routes no request a redirect made, so the 302s on the way back (Slack's to the app's
  // callback, the callback's to the admin) become pages that go on by navigating: the admin's
  // stand-in above then serves the last one
  await page.route(`${slack.url}/oauth/v2/authorize**`, redirectAsNavigation);
  await page.route("**/api/integrations/slack/callback**", redirectAsNavigation);

  await page.goto(`${ADMIN_APP}/integration/slack`);
  const frame = page.frameLocator("iframe");
  const add = frame.getByRole("button", { name: "Add to Slack" });
  await expect(add).toBeVisible();
  const app = page.frames().find((candidate) => candidate.url().startsWith(server.url))!;
  await expect.poll(() => app.evaluate(() => document.documentElement.dataset.hydrated)).toBe("true");

  // the whole admin goes to Slack (not the frame: Slack refuses to be framed), then back
  const toSlack = page.waitForRequest((request) => request.url().startsWith(`${slack.url}/oauth/v2/authorize`));
  await add.click();
  const consent = new URL((await toSlack).url());
  expect(consent.searchParams.get("scope")).toBe("incoming-webhook");
  expect((await toSlack).frame()).toBe(page.mainFrame());
  await expect(page).toHaveURL(`${ADMIN_APP}/integration/slack?slack=connected`);
  await expect(
    frame.getByText("Alerts post to #margin-alerts. Add to Slack again to pick another channel."),
  ).toBeVisible();
  await expect(frame.getByRole("button", { name: "Send test Slack message" })).toBeEnabled();
  // the toast: App Bridge's where the app uses it, else Polaris's in the page
  const back = page.frames().find((candidate) => candidate.url().startsWith(server.url))!;
  await expect
    .poll(() =>
      back.evaluate(() =>
        [
          ...((window as unknown as { __toasts?: string[] }).__toasts ?? []),
          ...Array.from(document.querySelectorAll(".Polaris-Frame-Toast"), (toast) => toast.textContent ?? ""),
        ].join("\n"),
      ),
    )
    .toContain("Slack connected to #margin-alerts");
  const db = new Database(server.database, { readonly: true });
  const row = db
    .prepare(`SELECT "slackEnabled", "slackChannel" FROM "AlertSettings" WHERE "shopId" = 'e2e-slack-shop'`)
    .get() as { slackEnabled: number; slackChannel: string };
  db.close();
  expect(row).toEqual({ slackEnabled: 1, slackChannel: "#margin-alerts" });

  // the page shows the connection, a Disconnect and the way back
  await expect(frame.getByRole("heading", { level: 1, name: "Slack", exact: true })).toBeVisible();
  await expect(frame.getByText("Slack is connected")).toBeVisible();
  await expect(frame.getByText(/^Alerts post to #margin-alerts through the incoming webhook/)).toBeVisible();
  await expect(frame.getByRole("link", { name: "Back to Integration Center" })).toBeVisible();
  await frame.getByRole("button", { name: "Disconnect" }).click();
  await expect(frame.getByRole("heading", { level: 1, name: "Connect Slack" })).toBeVisible();
  await expect(frame.getByRole("button", { name: "Add to Slack" })).toBeVisible();
  await expect(frame.getByRole("button", { name: "Disconnect" })).toHaveCount(0);
  const after = new Database(server.database, { readonly: true });
  const disconnected = after
    .prepare(`SELECT "slackEnabled", "slackWebhookEncrypted" FROM "AlertSettings" WHERE "shopId" = 'e2e-slack-shop'`)
    .get();
  after.close();
  expect(disconnected).toEqual({ slackEnabled: 0, slackWebhookEncrypted: null });
});
