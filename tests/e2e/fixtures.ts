import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { test as base, expect } from "@playwright/test";

/** Reads the e2e server's database (see playwright.config.ts) to check what pages show. */
export function openDatabase() {
  return new Database("tests/.tmp/e2e.sqlite", { readonly: true, fileMustExist: true });
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
export const test = base.extend<{ outsideRequests: string[]; pageErrors: string[] }>({
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
