// The admin's shell (docs/product.md#admin-header):
// Shopify's page header (title, plan badge, one primary action), the demo store's top bar and
// its menu at 375 px, the loading bar while the next page loads, and the toasts.
import type { Page } from "@playwright/test";
import { PLUS_COMING_SOON_NOTE } from "../../app/domain/billing/plans";
import { approveCoreAndResume, downgradeToFree, expect, sidebar, test, toast } from "./fixtures";
import { axeViolations } from "./screens-axe";

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

/** What the header must not hold any more: the bell, the shop's menu, a bare "Coming Soon". */
async function expectPlainHeader(page: Page, plan: "Free" | "Core") {
  await expect(header(page).getByText(`${plan} plan`, { exact: true })).toBeVisible();
  await expect(header(page).getByRole("link", { name: /Notifications/ })).toHaveCount(0);
  await expect(header(page).getByRole("button", { name: "Margin Guardrail Demo" })).toHaveCount(0);
  await expect(header(page).getByText("Coming Soon")).toHaveCount(0);
  await expect(header(page).getByRole("button", { name: /Upgrade to/ })).toHaveCount(0);
}

test("every admin page's header: its title, the plan as a badge, at most one primary button", async ({ page }) => {
  for (const { path, title } of PAGES) {
    await page.goto(path);
    await expect(header(page).getByRole("heading", { level: 1, name: title, exact: true })).toBeVisible();
    await expectPlainHeader(page, "Core");
    expect(await primaryButtons(page).count(), `${path}'s header`).toBeLessThanOrEqual(1);
  }
  await page.goto("/rules");
  await expect(primaryButtons(page)).toHaveCount(1);
  await expect(primaryButtons(page)).toHaveText("Add Rule");
});

test("on Free, /rules has one primary button, and Pricing says what Plus is and when", async ({ page }) => {
  await page.goto("/pricing");
  await downgradeToFree(page);
  await expect(toast(page, "Plan Updated: Successfully downgraded to Free plan.")).toBeVisible();
  try {
    await page.goto("/rules");
    await expectPlainHeader(page, "Free");
    await expect(primaryButtons(page)).toHaveCount(1);
    await expect(primaryButtons(page)).toHaveText("Add Rule");

    await page.goto("/pricing");
    await expectPlainHeader(page, "Free");
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
