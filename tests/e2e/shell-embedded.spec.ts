// Inside Shopify's admin the shell uses App Bridge's own loading bar and toasts, not Polaris's, and
// keeps the seed's header (the plan's button, the app's bell) in its page header
// (docs/product.md#admin-header). The admin and App Bridge's script are
// stand-ins served by the test, as in embedded.spec.ts; the stand-in records what the app asks of
// `shopify.loading` and `shopify.toast.show`.
import Database from "better-sqlite3";
import { getJwt } from "@shopify/shopify-api/test-helpers";
import { DEFAULT_SCOPES } from "../../app/env.server";
import { TOAST_DURATION_MS } from "../../app/components/Toasts";
import { startAppServer, type AppServer } from "../helpers/app-server";
import { serveAdminFrame } from "./admin-frame";
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

/**
 * App Bridge's stand-in: signs fetches, and writes down the loading bar's states, the toasts, the
 * save bar's show/hide and each leave confirmation asked (its promise settles when the test says
 * the merchant left: \`window.__leave()\`).
 */
function appBridgeStandIn(token: string): string {
  return `(() => {
    window.__calls = { loading: [], toasts: [], saveBar: [], leaveAsked: 0 };
    const leaving = [];
    window.__leave = () => leaving.splice(0).forEach((resolve) => resolve());
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
      saveBar: {
        show: nothing,
        hide: nothing,
        leaveConfirmation: () => {
          calls.leaveAsked += 1;
          return new Promise((resolve) => leaving.push(resolve));
        },
      },
    }, { get: (target, key) => (key in target ? target[key] : nothing) });
    customElements.define("ui-nav-menu", class extends HTMLElement {});
    customElements.define("ui-save-bar", class extends HTMLElement {
      show() { calls.saveBar.push("show"); }
      hide() { calls.saveBar.push("hide"); }
    });
  })();`;
}

test("embedded, the loading bar and the toasts are App Bridge's", async ({ page }) => {
  const { token } = await getJwt(STORE, API_KEY, SECRET);
  const src = `${server.url}/pricing?embedded=1&shop=${SHOP}&host=${HOST}&id_token=${token}`;
  await serveAdminFrame(page, { src, appBridge: appBridgeStandIn(token) });
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

  // the seed's header inside the admin, in the page header App Bridge allows: the plan badge and
  // its button, and the app's own bell, which opens the app's alerts (docs/product.md#admin-header)
  const header = frame.getByRole("region", { name: "Page header" });
  await expect(header.getByText(/^(Free|Core|Plus) plan$/)).toBeVisible();
  await expect(header.getByRole("button", { name: /^(Upgrade|Downgrade) to / })).toBeVisible();
  await header.getByRole("button", { name: /^Alerts, / }).click();
  await expect(frame.locator("#alerts-bell-menu").getByRole("heading", { name: "Alerts" })).toBeVisible();
  await frame.locator("body").press("Escape");
  await expect(frame.locator("#alerts-bell-menu")).toHaveCount(0);
  // marking them read is an API call with the session token App Bridge's fetch adds
  const readStatus = await app.evaluate(() =>
    fetch("/api/alerts/read", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ upTo: new Date().toISOString() }),
    }).then((response) => response.status),
  );
  expect(readStatus).toBe(200);

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

test("embedded, unsaved changes use App Bridge's save bar, and leaving asks through App Bridge only", async ({
  page,
}) => {
  const { token } = await getJwt(STORE, API_KEY, SECRET);
  const src = `${server.url}/rules/settings?embedded=1&shop=${SHOP}&host=${HOST}&id_token=${token}`;
  await serveAdminFrame(page, { src, appBridge: appBridgeStandIn(token) });
  await page.goto(`https://admin.shopify.com/store/${STORE}/apps/margin-guardrail`);
  const frame = page.frameLocator("iframe");
  await expect(frame.getByRole("heading", { level: 1, name: "Rules" })).toBeVisible();
  const app = page.frames().find((candidate) => candidate.url().startsWith(server.url))!;
  await expect.poll(() => app.evaluate(() => document.documentElement.dataset.hydrated)).toBe("true");
  type Calls = { saveBar: string[]; leaveAsked: number; toasts: { message: string }[] };
  const calls = () => app.evaluate(() => (window as unknown as { __calls: Calls }).__calls);

  // a change opens App Bridge's save bar; Polaris's own bar is not drawn inside the admin
  const pair = frame.getByLabel("Buy X get Y code + Free shipping code");
  await expect(pair).not.toBeChecked();
  await pair.check();
  await expect.poll(async () => (await calls()).saveBar.at(-1)).toBe("show");
  await expect(frame.locator(".Polaris-Frame-ContextualSaveBar")).toHaveCount(0);

  // leaving by one of the app's links asks App Bridge, once, and no dialog of ours asks again
  const rulesTab = frame.getByRole("tab", { name: "Rules", exact: true });
  await rulesTab.click();
  await expect.poll(async () => (await calls()).leaveAsked).toBe(1);
  await expect(frame.getByRole("dialog", { name: "Leave page with unsaved changes?" })).toHaveCount(0);
  await expect(pair).toBeChecked();
  expect(app.url()).toContain("/rules/settings");

  // the merchant stayed (App Bridge's promise never settles): the next link asks again
  await rulesTab.click();
  await expect.poll(async () => (await calls()).leaveAsked).toBe(2);
  expect(app.url()).toContain("/rules/settings");

  // the merchant leaves: the app goes where the link led, and the change was not saved
  await app.evaluate(() => (window as unknown as { __leave: () => void }).__leave());
  await expect.poll(() => new URL(app.url()).pathname).toBe("/rules");
  await expect.poll(async () => (await calls()).saveBar.at(-1)).toBe("hide");
  await app.goto(src);
  await expect(frame.getByLabel("Buy X get Y code + Free shipping code")).not.toBeChecked();

  // Save inside the save bar saves, says so with App Bridge's toast, and closes the bar
  await expect.poll(() => app.evaluate(() => document.documentElement.dataset.hydrated)).toBe("true");
  await frame.getByLabel("Buy X get Y code + Free shipping code").check();
  await expect.poll(async () => (await calls()).saveBar.at(-1)).toBe("show");
  await frame.locator("ui-save-bar").getByRole("button", { name: "Save" }).click();
  await expect
    .poll(async () => (await calls()).toasts.map((toast) => toast.message))
    .toContain("Stacking and blocking settings saved");
  await expect.poll(async () => (await calls()).saveBar.at(-1)).toBe("hide");
  await app.goto(src);
  await expect(frame.getByLabel("Buy X get Y code + Free shipping code")).toBeChecked();
});
