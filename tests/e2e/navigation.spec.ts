import { expect, sidebar, test } from "./fixtures";

const SIDEBAR = [
  "Dashboard",
  "Rules",
  "Preflight",
  "Discount codes",
  "Costs",
  "Alerts",
  "Audit Log",
  "ROI Dashboard",
  "Integration",
  "Pricing",
];
const PATHS = [
  "/dashboard",
  "/rules",
  "/preflight",
  "/codes",
  "/settings/costs",
  "/alerts",
  "/audit-log",
  "/roi-dashboard",
  "/integration",
  "/pricing",
];

test("the sidebar has its links in the product's order, and each navigates", async ({ page }) => {
  await page.goto("/dashboard");
  const nav = sidebar(page);
  // the links shown (the logo link of the drawer shows below 768 px only)
  await expect(nav.getByRole("link")).toHaveText(SIDEBAR);
  for (const [index, label] of SIDEBAR.entries()) {
    await nav.getByRole("link", { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${PATHS[index]}$`));
    await expect(page.getByRole("heading", { level: 1, name: label, exact: true })).toBeVisible();
  }
});

test("the footer links to the legal pages and support", async ({ page }) => {
  await page.goto("/dashboard");
  for (const [label, href] of [
    ["Privacy Policy", "/privacy-policy"],
    ["Terms of Service", "/terms-of-service"],
    ["Data Deletion", "/data-deletion"],
    ["Support", "/support"],
  ]) {
    await expect(
      page.getByRole("navigation", { name: "Legal and support" }).getByRole("link", { name: label }),
    ).toHaveAttribute("href", href);
  }
});

test("embedded query parameters are kept on the sidebar links", async ({ page }) => {
  await page.goto("/dashboard?shop=margin-guardrail-demo.myshopify.com&host=YWRtaW4");
  await sidebar(page).getByRole("link", { name: "Rules" }).click();
  await expect(page).toHaveURL(/\/rules\?shop=margin-guardrail-demo\.myshopify\.com&host=YWRtaW4$/);
});

test("embedded query parameters are kept on the bell's alerts and the header's plan button", async ({ page }) => {
  await page.goto("/rules?shop=margin-guardrail-demo.myshopify.com&host=YWRtaW4");
  const header = page.getByRole("region", { name: "Page header" });
  await header.getByRole("button", { name: /^Alerts, / }).click();
  const menu = page.locator("#alerts-bell-menu");
  const alert = menu.getByRole("link").filter({ hasText: /#\d+/ }).first();
  await expect(alert).toHaveAttribute(
    "href",
    /^\/audit-log\?q=%23\d+&shop=margin-guardrail-demo\.myshopify\.com&host=YWRtaW4$/,
  );
  await alert.click();
  await expect(page).toHaveURL(/\/audit-log\?q=%23\d+&shop=margin-guardrail-demo\.myshopify\.com&host=YWRtaW4$/);
  await expect(page.getByRole("heading", { level: 1, name: "Audit Log" })).toBeVisible();
});

test("/billing/success confirms the active plan", async ({ page }) => {
  await page.goto("/billing/success?shop=margin-guardrail-demo.myshopify.com");
  await expect(page.getByRole("heading", { name: "Welcome to Core" })).toBeVisible();
  await expect(page.getByText("Plan Updated: Your Core plan is active.")).toBeVisible();
});
