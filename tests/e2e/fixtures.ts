import path from "node:path";
import type { Page } from "@playwright/test";
import { orderPayload } from "../../app/demo/order-payload-builder";
import Database from "better-sqlite3";
import { test as base, expect } from "@playwright/test";
import { DEMO_SHOP, signedWebhook, startAppServer } from "../helpers/app-server";
import { E2E_SECRET, copySeededDemo, e2eDatabase } from "./demo-store";

export { DEMO_SHOP };

/** Reads this worker's demo store (see demo-store.ts) to check what pages show. */
export function openDatabase() {
  return new Database(e2eDatabase(), { readonly: true, fileMustExist: true });
}

/** Writes to this worker's demo store: only to put the demo shop back where a test starts (onboarding). */
export function setDemoOnboardingStep(step: number) {
  const db = new Database(e2eDatabase(), { fileMustExist: true });
  try {
    db.prepare("UPDATE Shop SET onboardingStep = ? WHERE domain = ?").run(step, DEMO_SHOP);
  } finally {
    db.close();
  }
}

export function demoShopId(db: Database.Database): string {
  const row = db.prepare("SELECT id FROM Shop WHERE domain = ?").get("margin-guardrail-demo.myshopify.com") as
    { id: string } | undefined;
  if (!row) throw new Error("The demo shop was not seeded");
  return row.id;
}

/**
 * Every page is checked for requests leaving this machine: they are aborted and reported,
 * and the test fails if there was any (no outside network in tests, see STACK.md).
 */
/**
 * Waits until the page has hydrated: until then it holds input events
 * (docs/architecture.md#before-hydration). Pages that are not the app's (JSON,
 * files) have nothing to wait for.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(
    () => !("__remixContext" in window) || document.documentElement.dataset.hydrated === "true",
    undefined,
    { timeout: 15_000 },
  );
}

export const test = base.extend<
  { outsideRequests: string[]; pageErrors: string[]; policyViolations: string[] },
  { demoServer: { url: string } }
>({
  // Each worker serves its own copy of the seeded demo store from the production build; every
  // page, request and baseURL of its tests goes there.
  demoServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from its first parameter: none
    async ({}, use, workerInfo) => {
      const { database, outbox } = copySeededDemo(workerInfo.parallelIndex);
      const coverage: Record<string, string> = process.env.COVERAGE_DIR
        ? { NODE_V8_COVERAGE: path.resolve(process.env.COVERAGE_DIR, "e2e-server") }
        : {};
      const server = await startAppServer(
        { SHOPIFY_API_SECRET: E2E_SECRET, MAIL_OUTBOX_DIR: outbox, SMTP_URL: "", RESEND_API_KEY: "", ...coverage },
        { database },
      );
      await use({ url: server.url });
      await server.stop();
      // E2E_SERVER_LOG=1: what the worker's server logged, to see why a test failed
      if (process.env.E2E_SERVER_LOG) process.stdout.write(server.output());
    },
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ demoServer }, provide) => provide(demoServer.url),
  // A merchant's first click lands once the page answers: page loads wait until it has hydrated,
  // except those asked to return at once ({ waitUntil: "commit" }, the hydration test).
  page: [
    async ({ page }, use) => {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        if (options?.waitUntil !== "commit") await hydrated(page);
        return response;
      };
      page.reload = async (options) => {
        const response = await reload(options);
        if (options?.waitUntil !== "commit") await hydrated(page);
        return response;
      };
      await use(page);
    },
    { scope: "test" },
  ],
  // An uncaught error in the page (a hydration mismatch, say) fails the test that saw it.
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(String(error)));
      await use(errors);
      expect(errors, "uncaught errors in the page").toEqual([]);
    },
    { auto: true },
  ],
  // Every page of every test runs under the app's Content-Security-Policy and Permissions-Policy:
  // anything they refuse (Chromium logs each refusal) fails the test. A refused frame is left to
  // the tests that frame pages on purpose.
  policyViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on("console", (message) => {
        const text = message.text();
        if (/Content Security Policy|Permissions policy violation/i.test(text) && !/frame-ancestors/.test(text)) {
          violations.push(text);
        }
      });
      await use(violations);
      expect(violations, "what the page's policies refused").toEqual([]);
    },
    { auto: true },
  ],
  outsideRequests: [
    async ({ page }, use) => {
      const outside: string[] = [];
      await page.route(
        (url) => !["127.0.0.1", "localhost"].includes(url.hostname),
        (route) => {
          outside.push(route.request().url());
          return route.abort();
        },
      );
      await use(outside);
      expect(outside, "requests that left the machine").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** A Polaris toast with this text (modals also announce it in a hidden region). */
export function toast(page: Page, text: string) {
  return page.locator(".Polaris-Frame-Toast", { hasText: text });
}

/** The data rows of the page's table (header rows have column headers, no cells). */
export function tableRows(page: Page) {
  return page
    .getByRole("table")
    .getByRole("row")
    .filter({ has: page.getByRole("cell") });
}

/** The admin's sidebar (outside Shopify's admin, where App Bridge's NavMenu replaces it). */
export function sidebar(page: Page) {
  return page.getByRole("navigation").filter({ has: page.getByRole("link", { name: "ROI Dashboard" }) });
}

/**
 * A $140 order with a $60 code and a $20 automatic discount (57.1% off): it breaches four
 * of the demo store's rules. Signed like Shopify's orders/create webhook.
 */
export function signedOrder(
  number: number,
  options: { topic?: "orders/create" | "orders/updated"; cancelledAt?: string } = {},
) {
  const order = orderPayload({
    id: 9_000_000 + number,
    number,
    createdAt: new Date().toISOString(),
    codes: [{ code: "E2ESTACK", amount: "60.00", type: "fixed_amount" }],
    applications: [
      { type: "discount_code", target: "line_item", valueType: "fixed_amount", value: "60.0", code: "E2ESTACK" },
      {
        type: "automatic",
        target: "line_item",
        valueType: "fixed_amount",
        value: "20.0",
        title: "Spend $150, save $20",
      },
    ],
    lines: [
      {
        variant: 9002,
        product: 8002,
        price: { shop: "140.00" },
        allocations: [
          { index: 0, amount: { shop: "60.00" } },
          { index: 1, amount: { shop: "20.00" } },
        ],
      },
    ],
  });
  const payload = options.cancelledAt ? { ...order, cancelled_at: options.cancelledAt } : order;
  const { body, headers } = signedWebhook(options.topic ?? "orders/create", payload, { secret: E2E_SECRET });
  return { body, headers };
}

/**
 * Clicks 'Upgrade to Core' (`button`) in the demo store, approves the charge on the demo's
 * stand-in of Shopify's confirmation page, then resumes the rules the earlier downgrade
 * paused, so the demo store is as the next test expects it.
 */
export async function approveCoreAndResume(page: Page, button: ReturnType<Page["getByRole"]>) {
  await clickToNavigate(page, button, /\/billing\/confirm\?plan=core$/);
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByRole("heading", { name: "Welcome to Core" })).toBeVisible();
  const resumed = await page.request.post("/rules", { form: { intent: "resumePaused" } });
  expect([200, 409]).toContain(resumed.status());
}

/**
 * Clicks a button that navigates until the page is at `url`: a click that lands before React
 * has hydrated the page does nothing, so it is tried again.
 */
export async function clickToNavigate(page: Page, button: ReturnType<Page["getByRole"]>, url: RegExp) {
  await clickUntil(button, () => expect(page).toHaveURL(url, { timeout: 2_000 }));
}

/** Clicks `button` until `settled` passes (a click before hydration does nothing). */
export async function clickUntil(button: ReturnType<Page["getByRole"]>, settled: () => Promise<void>) {
  await expect(async () => {
    if (await button.isEnabled()) await button.click();
    await settled();
  }).toPass({ timeout: 20_000 });
}

/**
 * Downgrades the demo store to Free from /pricing: 'Downgrade to Free' asks first, and its
 * dialog's 'Downgrade to Free' acts (docs/product.md#dialogs).
 */
export async function downgradeToFree(page: Page) {
  const button = page
    .getByRole("region", { name: "Free", exact: true })
    .getByRole("button", { name: "Downgrade to Free" });
  const dialog = page.getByRole("dialog", { name: "Downgrade to Free?" });
  await clickUntil(button, () => expect(dialog).toBeVisible({ timeout: 2_000 }));
  // what follows is the caller's to check at once: a failure's toast shows only until the error page
  await dialog.getByRole("button", { name: "Downgrade to Free" }).click();
}
