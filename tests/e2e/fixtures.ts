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
export const test = base.extend<{ outsideRequests: string[] }>({
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
