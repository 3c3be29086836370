// The demo's second leaked code on the merchant's path (docs/product.md#leaked-codes,
// docs/product.md#leaked-codes): CREATOR15 has no audience size,
// and Shopify stops it after 40 uses; 37 uses in under a day flag it "Probably leaked" for
// "audience exceeded" against that usage limit, below VIP500. Screenshots at 375, 800 and 1040 px
// (tests/.tmp/screens/codes-usage-limit-*.png).
import type { Page } from "@playwright/test";
import { expect, sidebar, tableRows, test } from "./fixtures";
import { screenshotsAt } from "./screens-axe";

const WORDS =
  "audience exceeded: 37 uses in 0.8 days since the first use, 93 % of Shopify's usage limit of 40 (limit 90 % within 3 days)";

/** The code's row in either layout (a table row wide, a list item narrow). */
const codeRow = (page: Page, code: string) =>
  page
    .locator("tr.Polaris-IndexTable__TableRow, li.Polaris-IndexTable__TableRow")
    .filter({ has: page.getByText(code, { exact: true }) });

test("CREATOR15 is flagged for burning through 90 % of Shopify's usage limit in under a day", async ({ page }) => {
  await page.goto("/dashboard");
  await sidebar(page).getByRole("link", { name: "Discount codes", exact: true }).click();
  await expect(page).toHaveURL(/\/codes$/);

  // flagged before VIP500, so listed after it
  await expect(tableRows(page).nth(0)).toContainText("VIP500");
  await expect(tableRows(page).nth(1)).toContainText("CREATOR15");
  const row = codeRow(page, "CREATOR15");
  await expect(row.getByText("Probably leaked")).toBeVisible();
  await expect(row.getByText("Signals that fired")).toBeVisible();
  // that signal alone: the audience is Shopify's usage limit, the merchant set none
  await expect(row.getByRole("listitem")).toHaveCount(1);
  await expect(row.getByText(WORDS, { exact: true })).toBeVisible();
  await expect(row.getByText("usage limit 40", { exact: true })).toBeVisible();
  await screenshotsAt(page, "codes-usage-limit");

  // narrow: the same words in the stacked cell
  await page.setViewportSize({ width: 375, height: 900 });
  await expect(row).toContainText("37 uses by 37 customers · usage limit 40");
  await expect(row).toContainText(/first-time customers \d+ % · 3 countries/);
  await expect(row.getByText(WORDS, { exact: true })).toBeVisible();
});
