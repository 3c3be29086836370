import { expect, sidebar, test } from "./fixtures";

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
