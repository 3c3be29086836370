// The app embedded in Shopify's admin, connected to Shopify (not the demo store): its own
// server with an API key and an installed shop, framed by Shopify's admin (served here by the
// test, never fetched) with a session token Shopify would sign, and App Bridge's script from
// Shopify's CDN (a stand-in served by the test: the real one cannot be fetched offline). The
// page must run under the app's Content-Security-Policy and Permissions-Policy with nothing
// refused (the policyViolations fixture), and only Shopify's admin and the verified shop may
// frame it (docs/security.md#what-is-verified).
import Database from "better-sqlite3";
import { getJwt } from "@shopify/shopify-api/test-helpers";
import { DEFAULT_SCOPES } from "../../app/env.server";
import { startAppServer, type AppServer } from "../helpers/app-server";
import { serveAdminFrame } from "./admin-frame";
import { expect, test } from "./fixtures";

const API_KEY = "e2e-embedded-api-key";
const SECRET = "e2e-embedded-secret-4b7d0c93a1f2";
const STORE = "e2e-embedded";
const SHOP = `${STORE}.myshopify.com`;
const HOST = Buffer.from(`admin.shopify.com/store/${STORE}`).toString("base64url");

let server: AppServer;

// Shopify's library answers 410 to what looks like a bot, and headless Chromium names itself
// HeadlessChrome: the merchant's browser says Chrome.
test.use({
  userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
});

test.beforeAll(async () => {
  server = await startAppServer({ NODE_ENV: "development", SHOPIFY_API_KEY: API_KEY, SHOPIFY_API_SECRET: SECRET });
  // the shop installed the app: the offline session Shopify's token exchange left behind
  const db = new Database(server.database);
  db.prepare(
    `INSERT INTO Session (id, shop, state, isOnline, scope, accessToken) VALUES (?, ?, 'state', 0, ?, 'shpat_e2e_embedded')`,
  ).run(`offline_${SHOP}`, SHOP, DEFAULT_SCOPES);
  db.close();
});

test.afterAll(async () => {
  await server?.stop();
});

/** What App Bridge does that the app relies on: it runs, knows the API key, and signs the app's fetches. */
function appBridgeStandIn(token: string): string {
  return `(() => {
    window.__appBridge = { apiKey: document.currentScript && document.currentScript.dataset.apiKey };
    const fetch = window.fetch.bind(window);
    window.fetch = (input, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set("Authorization", "Bearer ${token}");
      return fetch(input, { ...init, headers });
    };
    const nothing = () => undefined;
    window.shopify = new Proxy({ idToken: async () => "${token}", toast: { show: nothing }, loading: nothing }, {
      get: (target, key) => (key in target ? target[key] : nothing),
    });
    customElements.define("ui-nav-menu", class extends HTMLElement {});
  })();`;
}

test("inside Shopify's admin the app runs with App Bridge under its policies", async ({ page }) => {
  const { token } = await getJwt(STORE, API_KEY, SECRET);
  const src = `${server.url}/dashboard?embedded=1&shop=${SHOP}&host=${HOST}&id_token=${token}`;
  await serveAdminFrame(page, { src, appBridge: appBridgeStandIn(token) });
  // a new shop's dashboard sends it to onboarding first
  const answered = page.waitForResponse((response) => response.url().startsWith(`${server.url}/onboarding`));
  await page.goto(`https://admin.shopify.com/store/${STORE}/apps/margin-guardrail`);
  const policy = (await answered).headers()["content-security-policy"];
  // the shop of the verified session token, besides Shopify's admin; no other site
  expect(policy).toContain(`frame-ancestors https://${SHOP} https://admin.shopify.com;`);
  expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' https:\/\/cdn\.shopify\.com/);

  const frame = page.frameLocator("iframe");
  await expect(frame.getByRole("heading", { name: "Welcome", exact: true })).toBeVisible();
  const app = page.frames().find((candidate) => candidate.url().startsWith(server.url))!;
  // App Bridge's script ran under the policy, with the app's API key
  expect(await app.evaluate(() => (window as unknown as { __appBridge?: { apiKey?: string } }).__appBridge)).toEqual({
    apiKey: API_KEY,
  });
  // the app's own fetches, signed by App Bridge, are allowed by connect-src and answered
  const me = await app.evaluate(async () => {
    const response = await fetch("/api/shops/me");
    return { status: response.status, body: await response.json() };
  });
  expect(me.status).toBe(200);
  expect(me.body).toMatchObject({ domain: SHOP });
  // the page hydrated: Remix's inline scripts carried the nonce
  await expect.poll(() => app.evaluate(() => document.documentElement.dataset.hydrated)).toBe("true");
  // and the app goes on inside the frame: its data requests, signed by App Bridge, are answered
  await frame.getByRole("button", { name: "Skip Setup" }).click();
  await expect(frame.getByRole("heading", { name: "Dashboard", exact: true })).toBeVisible();
});

test("a storefront naming itself in ?shop= cannot frame the app's pages", async ({ page }) => {
  // any *.myshopify.com storefront could frame /support by adding ?shop=
  let path = "";
  await page.route(`https://${SHOP}/**`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<iframe src="${server.url}${path}" style="width:1200px;height:900px"></iframe>`,
    }),
  );
  for (path of [`/support?shop=${SHOP}`, `/support?shop=${SHOP}&embedded=1&host=${HOST}`, `/dashboard?shop=${SHOP}`]) {
    const refused = page.waitForEvent("console", (message) => /frame-ancestors/.test(message.text()));
    await page.goto(`https://${SHOP}/pages/promo`);
    await refused;
    await expect(page.frameLocator("iframe").getByRole("heading", { level: 1 })).toHaveCount(0);
  }
});
