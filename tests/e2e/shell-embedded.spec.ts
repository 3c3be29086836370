// Inside Shopify's admin the shell uses App Bridge's own loading bar and toasts, not Polaris's
// (docs/decisions/0051-admin-header-and-loading.md). The admin and App Bridge's script are
// stand-ins served by the test, as in embedded.spec.ts; the stand-in records what the app asks of
// `shopify.loading` and `shopify.toast.show`.
import Database from "better-sqlite3";
import { getJwt } from "@shopify/shopify-api/test-helpers";
import { DEFAULT_SCOPES } from "../../app/env.server";
import { TOAST_DURATION_MS } from "../../app/components/Toasts";
import { startAppServer, type AppServer } from "../helpers/app-server";
import { expect, test } from "./fixtures";

const API_KEY = "e2e-shell-api-key";
const SECRET = "e2e-shell-secret-7c1e52b9d04a";
const STORE = "e2e-shell";
const SHOP = `${STORE}.myshopify.com`;
const HOST = Buffer.from(`admin.shopify.com/store/${STORE}`).toString("base64url");

let server: AppServer;

test.use({
  userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
});

test.beforeAll(async () => {
  server = await startAppServer({ NODE_ENV: "development", SHOPIFY_API_KEY: API_KEY, SHOPIFY_API_SECRET: SECRET });
  const db = new Database(server.database);
  db.prepare(
    `INSERT INTO Session (id, shop, state, isOnline, scope, accessToken) VALUES (?, ?, 'state', 0, ?, 'shpat_e2e_shell')`,
  ).run(`offline_${SHOP}`, SHOP, DEFAULT_SCOPES);
  db.close();
});

test.afterAll(async () => {
  await server?.stop();
});

/** App Bridge's stand-in: signs fetches, and writes down the loading bar's states and the toasts. */
function appBridgeStandIn(token: string): string {
  return `(() => {
    window.__calls = { loading: [], toasts: [] };
    const fetch = window.fetch.bind(window);
    window.fetch = (input, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set("Authorization", "Bearer ${token}");
      return fetch(input, { ...init, headers });
    };
    const nothing = () => undefined;
    const calls = window.__calls;
    window.shopify = new Proxy({
      idToken: async () => "${token}",
      loading: (on) => { calls.loading.push(on); },
      toast: { show: (message, options) => { calls.toasts.push({ message, options }); return "t"; }, hide: nothing },
    }, { get: (target, key) => (key in target ? target[key] : nothing) });
    customElements.define("ui-nav-menu", class extends HTMLElement {});
  })();`;
}

test("embedded, the loading bar and the toasts are App Bridge's", async ({ page }) => {
  const { token } = await getJwt(STORE, API_KEY, SECRET);
  const src = `${server.url}/pricing?embedded=1&shop=${SHOP}&host=${HOST}&id_token=${token}`;
  await page.route("https://cdn.shopify.com/shopifycloud/app-bridge.js", (route) =>
    route.fulfill({ contentType: "text/javascript", body: appBridgeStandIn(token) }),
  );
  await page.route("https://admin.shopify.com/**", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<iframe src="${src}" style="width:1200px;height:900px"></iframe>`,
    }),
  );
  await page.goto(`https://admin.shopify.com/store/${STORE}/apps/margin-guardrail`);
  const frame = page.frameLocator("iframe");
  await expect(frame.getByRole("heading", { level: 1, name: "Pricing" })).toBeVisible();
  const app = page.frames().find((candidate) => candidate.url().startsWith(server.url))!;
  await expect.poll(() => app.evaluate(() => document.documentElement.dataset.hydrated)).toBe("true");
  type Calls = { loading: boolean[]; toasts: { message: string; options: { duration: number; isError: boolean } }[] };
  const calls = () => app.evaluate(() => (window as unknown as { __calls: Calls }).__calls);

  // Shopify's admin has the chrome: no top bar, no sidebar of the app's own
  await expect(frame.getByRole("button", { name: "Toggle menu" })).toHaveCount(0);
  await expect(frame.getByRole("banner")).toHaveCount(0);

  // a toast: Plus, which cannot be bought yet, says so when its button is clicked
  await frame.getByTestId("plus-coming-soon").click();
  await expect.poll(async () => (await calls()).toasts.length).toBe(1);
  const [shown] = (await calls()).toasts;
  expect(shown.message).toBe(
    "Plus Plan Coming Soon: Plus plan features will be available soon with Shopify Plus integration",
  );
  expect(shown.options).toEqual({ duration: TOAST_DURATION_MS, isError: false });
  await expect(frame.locator(".Polaris-Frame-Toast")).toHaveCount(0);

  // a navigation: the loading bar goes on while the next page loads, and off once it has
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`${server.url}/support.data*`, async (route) => {
    await held;
    await route.continue();
  });
  await frame.getByRole("navigation", { name: "Legal and support" }).getByRole("link", { name: "Support" }).click();
  await expect.poll(async () => (await calls()).loading.at(-1)).toBe(true);
  await expect(frame.getByRole("progressbar", { name: "Page loading bar" })).toHaveCount(0);
  release();
  await expect(frame.getByRole("heading", { level: 1, name: "Support" })).toBeVisible();
  await expect.poll(async () => (await calls()).loading.at(-1)).toBe(false);
});
