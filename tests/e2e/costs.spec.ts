// The cost settings on the merchant's path (docs/product.md#costs): from Rules › Settings
// to /settings/costs, turn the payment fees on and change the percent, save with the save bar,
// and find it kept after a reload; screenshots at 375 and 1040 px.
import { demoShopId, expect, openDatabase, test, toast } from "./fixtures";
import { axeViolations, screenshotsAt } from "./screens-axe";

function storedCosts() {
  const db = openDatabase();
  try {
    return db
      .prepare(`SELECT "paymentFeesEnabled", "paymentFeeBasisPoints" FROM "CostSettings" WHERE "shopId" = ?`)
      .get(demoShopId(db)) as { paymentFeesEnabled: number; paymentFeeBasisPoints: number };
  } finally {
    db.close();
  }
}

test.describe.configure({ mode: "serial" });

test("a merchant sets the payment fee on the Costs page and finds it kept after a reload", async ({ page }) => {
  await page.goto("/rules/settings");
  await expect(page.getByText("The margin floor counts unit costs at the order's date")).toBeVisible();
  await page.getByRole("link", { name: "Cost settings" }).click();
  await expect(page).toHaveURL(/\/settings\/costs/);
  await expect(page.getByRole("heading", { level: 1, name: "Costs" })).toBeVisible();
  await expect(page.getByText("What an order costs you, for the margin floor, the backtest and the ROI")).toBeVisible();
  for (const heading of ["Unit costs", "Payment fees", "Shipping"]) {
    await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  }
  await expect(page.getByLabel("Use the unit cost at the order's date")).toBeChecked();
  await expect(page.getByText("Shopify Payments' online card rate on the Basic plan, 2.9% + 30¢ (USD)")).toBeVisible();
  await expect(page.getByText("Own rates for paypal (3.49% + 0.49)")).toBeVisible();
  await expect(page.getByText("What the customer paid for shipping is not your cost")).toBeVisible();
  const fees = page.getByLabel("Count payment fees in the margin");
  const percent = page.getByLabel("Fee percent");
  await expect(fees).not.toBeChecked();
  await expect(percent).toBeDisabled();
  await expect(percent).toHaveValue("2.9");
  expect(await axeViolations(page)).toEqual([]);
  await screenshotsAt(page, "costs", [375, 1040]);

  // a bad percent: the field says why, nothing is saved
  await fees.check();
  await percent.fill("25");
  const bar = page.locator(".Polaris-Frame-ContextualSaveBar");
  await expect(bar).toContainText("Unsaved changes");
  await bar.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Must be at most 20")).toBeVisible();
  expect(storedCosts()).toMatchObject({ paymentFeesEnabled: 0, paymentFeeBasisPoints: 290 });

  await percent.fill("3.1");
  await bar.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Cost settings saved")).toBeVisible();
  await expect(bar).toHaveCount(0);
  expect(storedCosts()).toMatchObject({ paymentFeesEnabled: 1, paymentFeeBasisPoints: 310 });

  await page.reload();
  await expect(page.getByLabel("Count payment fees in the margin")).toBeChecked();
  await expect(page.getByLabel("Fee percent")).toHaveValue("3.1");
  await expect(page.getByLabel("Fee percent")).toBeEnabled();
  await screenshotsAt(page, "costs-saved", [375, 1040]);

  // back as it was, for the specs after this one
  await page.getByLabel("Fee percent").fill("2.9");
  await page.getByLabel("Count payment fees in the margin").uncheck();
  await bar.getByRole("button", { name: "Save" }).click();
  await expect(bar).toHaveCount(0);
  expect(storedCosts()).toMatchObject({ paymentFeesEnabled: 0, paymentFeeBasisPoints: 290 });
});
