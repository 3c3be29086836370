// The admin's shell (docs/product.md#admin-header):
// Shopify's page header (title, plan badge, the plan's button, the alerts bell, one primary
// action) at 375, 800 and 1040 px, the demo store's top bar and its menu at 375 px, the loading
// bar while the next page loads, and the toasts.
import Database from "better-sqlite3";
import type { Page } from "@playwright/test";
import { PLUS_COMING_SOON_NOTE } from "../../app/domain/billing/plans";
import { DEMO_SHOP, approveCoreAndResume, downgradeToFree, expect, sidebar, tableRows, test, toast } from "./fixtures";
import { e2eDatabase } from "./demo-store";
import { axeViolations, screenshot, screenshotsAt } from "./screens-axe";

const PAGES = [
  { path: "/dashboard", title: "Dashboard" },
  { path: "/rules", title: "Rules" },
  { path: "/alerts", title: "Alerts" },
  { path: "/audit-log", title: "Audit Log" },
  { path: "/roi-dashboard", title: "ROI Dashboard" },
  { path: "/integration", title: "Integration" },
  { path: "/pricing", title: "Pricing" },
];

const header = (page: Page) => page.getByRole("region", { name: "Page header" });
const primaryButtons = (page: Page) => header(page).locator(".Polaris-Button--variantPrimary");
const bell = (page: Page) => header(page).getByRole("button", { name: /^Alerts, / });

/** The seed's header (docs/product.md#admin-header): the plan badge, the plan's button, the bell; no shop menu. */
async function expectSeedHeader(page: Page, plan: "Free" | "Core") {
  await expect(header(page).getByText(`${plan} plan`, { exact: true })).toBeVisible();
  // Core while Plus is not sold offers the downgrade, Free the upgrade; never a bare "Coming Soon"
  const planButton = plan === "Free" ? "Upgrade to Core" : "Downgrade to Free";
  await expect(header(page).getByRole("button", { name: planButton, exact: true })).toBeVisible();
  await expect(bell(page)).toBeVisible();
  await expect(header(page).getByRole("button", { name: "Margin Guardrail Demo" })).toHaveCount(0);
  await expect(header(page).getByText("Coming Soon")).toHaveCount(0);
}

/** Every alert of the demo store unread again, as the seed left it: the marker is the shop's. */
function markAllUnread() {
  const db = new Database(e2eDatabase(), { fileMustExist: true });
  try {
    db.prepare(`UPDATE "Shop" SET "alertsReadAt" = NULL WHERE "domain" = ?`).run(DEMO_SHOP);
  } finally {
    db.close();
  }
}

test("every admin page's header: its title, the plan badge and button, the bell, at most one primary", async ({
  page,
}) => {
  for (const { path, title } of PAGES) {
    await page.goto(path);
    await expect(header(page).getByRole("heading", { level: 1, name: title, exact: true })).toBeVisible();
    await expectSeedHeader(page, "Core");
    expect(await primaryButtons(page).count(), `${path}'s header`).toBeLessThanOrEqual(1);
  }
  await page.goto("/rules");
  await expect(primaryButtons(page)).toHaveCount(1);
  await expect(primaryButtons(page)).toHaveText("Add Rule");
  // the header's 'Downgrade to Free' asks first, as on Pricing
  await header(page).getByRole("button", { name: "Downgrade to Free" }).click();
  const dialog = page.getByRole("dialog", { name: "Downgrade to Free?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(header(page).getByText("Core plan", { exact: true })).toBeVisible();
});

test("the bell counts the unread alerts and opens the latest, each leading to its order's Audit Log row", async ({
  page,
}) => {
  markAllUnread();
  await page.goto("/dashboard");
  await expect(bell(page)).toHaveAccessibleName(/^Alerts, \d+\+? unread$/);
  await expect(bell(page)).toHaveText(/^\d+\+?$/);
  const unread = Number(/^\d+/.exec((await bell(page).textContent()) ?? "")?.[0]);
  await bell(page).click();
  const menu = page.locator("#alerts-bell-menu");
  await expect(menu.getByRole("heading", { name: "Alerts" })).toBeVisible();
  const alerts = menu.getByRole("link").filter({ hasText: /#\d+|Code / });
  expect(await alerts.count()).toBeGreaterThan(0);
  expect(await alerts.count()).toBeLessThanOrEqual(5);
  await expect(menu.getByText("New").first()).toBeVisible();
  // the unread alerts the five lines leave out are counted, not silently marked read
  const listed = await menu.getByText("New", { exact: true }).count();
  // (every alert marked unread: the demo's last week holds more than five)
  expect(unread).toBeGreaterThan(listed);
  await expect(menu.getByText(new RegExp(`^${unread - listed}\\+? more new alerts?, older than these`))).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, { path: "tests/.tmp/screens/header-bell-open-1280.png" });
  // opened, the alerts are read: the count is gone
  await expect(bell(page)).toHaveAccessibleName("Alerts, none unread");

  // the first alert leads to its order's row in the Audit Log
  const first = alerts.filter({ hasText: /#\d+/ }).first();
  const order = /#\d+/.exec((await first.textContent()) ?? "")?.[0];
  expect(order, "the latest alert names its order").toBeTruthy();
  await first.click();
  await expect(page).toHaveURL(new RegExp(`/audit-log\\?q=${encodeURIComponent(order!)}$`));
  await expect(tableRows(page).first()).toContainText(order!);
  await expect(menu).toHaveCount(0);

  // read for the shop: another page and a reload show none unread
  await page.goto("/rules");
  await expect(bell(page)).toHaveAccessibleName("Alerts, none unread");
  await bell(page).click();
  await expect(page.locator("#alerts-bell-menu").getByText("New")).toHaveCount(0);
  await page.keyboard.press("Escape");
});

test("the plan button and the bell fit the header at 375, 800 and 1040 px", async ({ page }) => {
  // three pages at three widths, with their screenshots when asked for
  test.setTimeout(120_000);
  markAllUnread();
  for (const path of ["/rules", "/dashboard", "/audit-log"]) {
    await page.goto(path);
    for (const width of [375, 800, 1040]) {
      await page.setViewportSize({ width, height: 800 });
      await expect(bell(page)).toBeInViewport({ ratio: 1 });
      await expect(header(page).getByRole("button", { name: "Downgrade to Free" })).toBeInViewport({ ratio: 1 });
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        `${path} at ${width} px`,
      ).toBeLessThanOrEqual(width);
      const box = await header(page).boundingBox();
      expect(box!.x + box!.width, `${path}'s header at ${width} px`).toBeLessThanOrEqual(width);
      await screenshot(page, { path: `tests/.tmp/screens/header${path.replace("/", "-")}-top-${width}.png` });
    }
    await screenshotsAt(page, `header${path.replace("/", "-")}`);
  }
  // the open menu stays on the screen at 375 px
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/rules");
  await bell(page).click();
  const menu = page.locator("#alerts-bell-menu");
  await expect(menu.getByRole("heading", { name: "Alerts" })).toBeVisible();
  const box = await menu.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  await screenshot(page, { path: "tests/.tmp/screens/header-bell-open-375.png" });
});

test("on Free, /rules has one primary button, and Pricing says what Plus is and when", async ({ page }) => {
  await page.goto("/pricing");
  await downgradeToFree(page);
  await expect(toast(page, "Plan Updated: Successfully downgraded to Free plan.")).toBeVisible();
  try {
    await page.goto("/rules");
    await expectSeedHeader(page, "Free");
    await expect(primaryButtons(page)).toHaveCount(1);
    await expect(primaryButtons(page)).toHaveText("Add Rule");

    await page.goto("/pricing");
    await expectSeedHeader(page, "Free");
    const plus = page.getByRole("region", { name: "Plus", exact: true });
    const comingSoon = plus.getByRole("button", { name: "Coming Soon" });
    await expect(comingSoon).toBeDisabled();
    await expect(comingSoon).toHaveAccessibleDescription(PLUS_COMING_SOON_NOTE);
    await expect(plus.getByText(PLUS_COMING_SOON_NOTE)).toBeVisible();
    // the one primary button of the page is the Core card's upgrade
    await expect(page.locator("main .Polaris-Button--variantPrimary")).toHaveText(["Upgrade to Core"]);
  } finally {
    await page.goto("/pricing");
    await approveCoreAndResume(
      page,
      page.getByRole("region", { name: "Core", exact: true }).getByRole("button", { name: "Upgrade to Core" }),
    );
  }
});

test("at 375 px the title has its padding, and the top bar's menu opens the navigation", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/pricing");
  const title = header(page).getByRole("heading", { level: 1, name: "Pricing" });
  const box = await title.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(16);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375 - 16);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // the sidebar is folded away; the top bar's menu button opens it as a drawer
  await expect(sidebar(page)).toBeHidden();
  await page.getByRole("button", { name: "Toggle menu" }).click();
  const drawer = page.getByRole("dialog", { name: "Navigation" });
  await expect(drawer).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await drawer.getByRole("link", { name: "Audit Log", exact: true }).click();
  await expect(page).toHaveURL(/\/audit-log$/);
  await expect(page.getByRole("heading", { level: 1, name: "Audit Log" })).toBeVisible();
  await expect(drawer).toBeHidden();
  await expect(sidebar(page)).toBeHidden();

  // the shop's menu is the top bar's, as Shopify's admin has it
  await page.setViewportSize({ width: 1040, height: 800 });
  await page
    .getByRole("banner")
    .getByRole("button", { name: /Margin Guardrail Demo/ })
    .click();
  await expect(page.getByText("margin-guardrail-demo.myshopify.com · Core plan")).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Plans and pricing" })).toHaveAttribute("href", "/pricing");
  // the top bar and the header pass axe on Pricing at every width: the page matrix checks it
});

test("a sidebar link shows the loading bar until the next page has loaded", async ({ page }) => {
  await page.goto("/dashboard");
  const bar = page.getByRole("progressbar", { name: "Page loading bar" });
  await expect(bar).toHaveCount(0);
  // the next page's data answers late (held here, in the test), so the wait can be seen
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/audit-log.data*", async (route) => {
    await held;
    await route.continue();
  });
  await sidebar(page).getByRole("link", { name: "Audit Log", exact: true }).click();
  await expect(bar).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  release();
  await expect(page.getByRole("heading", { level: 1, name: "Audit Log" })).toBeVisible();
  await expect(bar).toHaveCount(0);
});

test("the Audit Log shows its rows as loading while the next page of them comes", async ({ page }) => {
  await page.goto("/audit-log");
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/audit-log.data*", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("button", { name: "Older" }).click();
  await expect(page.getByText("Loading orders…").first()).toBeVisible();
  await expect(page.locator("[aria-busy=true]")).toHaveCount(1);
  await expect(page.getByRole("progressbar", { name: "Page loading bar" })).toBeVisible();
  release();
  await expect(page).toHaveURL(/cursor=/);
  await expect(page.getByText("Loading orders…").first()).toBeHidden();
  await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
});

test("in the demo store the toasts are Polaris's, with a named close button", async ({ page }) => {
  await page.goto("/pricing");
  await page.getByTestId("plus-coming-soon").click();
  const shown = toast(page, "Plus Plan Coming Soon: Plus plan features will be available soon");
  await expect(shown).toBeVisible();
  await shown.getByRole("button", { name: "Dismiss notification" }).click();
  await expect(shown).toHaveCount(0);
});
