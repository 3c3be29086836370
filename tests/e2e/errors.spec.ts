import { expect, sidebar, test } from "./fixtures";
import { axeViolations, screenshotsAt } from "./screens-axe";

test("unknown paths get the 404 page, in both modes", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");

  const embedded = await page.goto("/no-such-page?shop=margin-guardrail-demo.myshopify.com");
  expect(embedded?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await page.getByRole("link", { name: "Go to Dashboard" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
});

test("a failing page shows 'Something went wrong' and recovers with 'Try Again'", async ({ page }) => {
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  // The next page's data request fails on the server.
  await page.route("**/rules.data*", (route) => route.fulfill({ status: 500, body: "Internal Server Error" }));
  await sidebar(page).getByRole("link", { name: "Rules" }).click();
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Refresh Page" })).toBeVisible();
  await page.unroute("**/rules.data*");
  await page.getByRole("button", { name: "Try Again" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Rules" })).toBeVisible();
});

test("'Refresh Page' reloads the page", async ({ page }) => {
  await page.goto("/dashboard");
  await page.route("**/audit-log.data*", (route) => route.fulfill({ status: 500, body: "boom" }));
  await sidebar(page).getByRole("link", { name: "Audit Log" }).click();
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
  await page.unroute("**/audit-log.data*");
  await page.getByRole("button", { name: "Refresh Page" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Audit Log" })).toBeVisible();
});

// The standalone screens are a `<main>` landmark and pass axe; a page that
// fails inside the admin keeps the admin's navigation, so the merchant can leave it.
test("the 404 page is the page's main landmark and passes axe, at the admin's widths", async ({ page }) => {
  for (const url of ["/no-such-page", "/no-such-page?shop=margin-guardrail-demo.myshopify.com"]) {
    await page.goto(url);
    const main = page.getByRole("main");
    await expect(main).toHaveCount(1);
    await expect(main.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
    expect(await axeViolations(page), url).toEqual([]);
  }
  await screenshotsAt(page, "404");
});

test("a page that fails inside the admin keeps the sidebar, has one main landmark and passes axe", async ({ page }) => {
  await page.goto("/dashboard");
  await page.route("**/rules.data*", (route) => route.fulfill({ status: 500, body: "Internal Server Error" }));
  await sidebar(page).getByRole("link", { name: "Rules" }).click();
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Something went wrong" })).toBeVisible();
  await expect(main).toHaveCount(1);
  // the admin's navigation is still there, every link of it
  for (const name of ["Dashboard", "Rules", "Alerts", "Audit Log", "ROI Dashboard", "Integration", "Pricing"]) {
    await expect(sidebar(page).getByRole("link", { name, exact: true })).toBeVisible();
  }
  expect(await axeViolations(page)).toEqual([]);
  await screenshotsAt(page, "error-boundary");
  // and it leads out: the merchant goes to another page of the app
  await sidebar(page).getByRole("link", { name: "Audit Log" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Audit Log" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);
});
