// The cost settings on the merchant's path (docs/product.md#costs): from Rules › Settings
// to /settings/costs, turn the payment fees on and change the percent, save with the save bar,
// and find it kept after a reload; a gateway's own rate added, refused inline when wrong, saved
// and removed again; the ROI Dashboard names the parts counted; screenshots at 375, 800 and 1040 px.
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
  // the demo's own rate for PayPal, in its row
  const paypal = page.getByRole("group", { name: "Gateway rate 1" });
  await expect(paypal.getByLabel("Gateway", { exact: true })).toHaveValue("paypal");
  await expect(paypal.getByLabel("Percent")).toHaveValue("3.49");
  await expect(paypal.getByLabel("Fixed fee")).toHaveValue("0.49");
  await expect(page.getByText("What the customer paid for shipping is not your cost")).toBeVisible();
  const fees = page.getByLabel("Count payment fees in the margin");
  const percent = page.getByLabel("Fee percent");
  await expect(fees).not.toBeChecked();
  await expect(percent).toBeDisabled();
  await expect(percent).toHaveValue("2.9");
  await screenshotsAt(page, "costs");

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

  // the ROI Dashboard says which parts the margin floor's amounts count
  await page.goto("/roi-dashboard");
  await expect(
    page.getByText("Margin floor amounts count unit costs at the order's date, fees estimated, shipping not counted"),
  ).toBeVisible();
  await screenshotsAt(page, "roi-cost-note");
  await page.getByRole("link", { name: "cost settings" }).click();
  await expect(page).toHaveURL(/\/settings\/costs/);

  // back as it was, for the specs after this one
  await page.getByLabel("Fee percent").fill("2.9");
  await page.getByLabel("Count payment fees in the margin").uncheck();
  await bar.getByRole("button", { name: "Save" }).click();
  await expect(bar).toHaveCount(0);
  expect(storedCosts()).toMatchObject({ paymentFeesEnabled: 0, paymentFeeBasisPoints: 290 });
});

function storedGatewayFees(): unknown {
  const db = openDatabase();
  try {
    const row = db.prepare(`SELECT "gatewayFees" FROM "CostSettings" WHERE "shopId" = ?`).get(demoShopId(db)) as {
      gatewayFees: string;
    };
    return JSON.parse(row.gatewayFees);
  } finally {
    db.close();
  }
}

const PAYPAL = { gateway: "paypal", basisPoints: 349, fixedCents: 49 };

test("a merchant gives a payment gateway its own rate, corrects it inline and removes it", async ({ page }) => {
  await page.goto("/settings/costs");
  await expect(page.getByRole("heading", { level: 3, name: "Rates by payment gateway" })).toBeVisible();
  const add = page.getByRole("button", { name: "Add a gateway rate" });
  // the rates count only with the fees: off, they cannot be edited
  await expect(add).toBeDisabled();
  await page.getByLabel("Count payment fees in the margin").check();
  await add.click();
  const row = page.getByRole("group", { name: "Gateway rate 2" });
  const bar = page.locator(".Polaris-Frame-ContextualSaveBar");

  // the same gateway twice (in other letters): refused, said under the rates, nothing saved
  await row.getByLabel("Gateway", { exact: true }).fill("PayPal");
  await row.getByLabel("Percent").fill("3");
  await row.getByLabel("Fixed fee").fill("0.30");
  await bar.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Names a gateway twice")).toBeVisible();
  expect(storedGatewayFees()).toEqual([PAYPAL]);
  expect(storedCosts()).toMatchObject({ paymentFeesEnabled: 0 });

  // a percent above 20: said on that row's field
  await row.getByLabel("Gateway", { exact: true }).fill("stripe");
  await row.getByLabel("Percent").fill("25");
  await bar.getByRole("button", { name: "Save" }).click();
  await expect(row.getByText("Must be at most 20")).toBeVisible();
  expect(storedGatewayFees()).toEqual([PAYPAL]);
  await screenshotsAt(page, "costs-gateway-error");

  await row.getByLabel("Percent").fill("2.5");
  await bar.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Cost settings saved")).toBeVisible();
  await expect(bar).toHaveCount(0);
  expect(storedGatewayFees()).toEqual([PAYPAL, { gateway: "stripe", basisPoints: 250, fixedCents: 30 }]);

  await page.reload();
  const saved = page.getByRole("group", { name: "Gateway rate 2" });
  await expect(saved.getByLabel("Gateway", { exact: true })).toHaveValue("stripe");
  await expect(saved.getByLabel("Percent")).toHaveValue("2.5");
  await expect(saved.getByLabel("Fixed fee")).toHaveValue("0.30");
  expect(await axeViolations(page)).toEqual([]);
  await screenshotsAt(page, "costs-gateways");

  // an added row left empty is dropped, not refused; removing a rate frees it
  await add.click();
  await saved.getByRole("button", { name: "Remove the rate for stripe" }).click();
  await expect(page.getByRole("group", { name: "Gateway rate 3" })).toHaveCount(0);
  await page.getByLabel("Count payment fees in the margin").uncheck();
  await bar.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Cost settings saved")).toBeVisible();
  await expect(bar).toHaveCount(0);
  expect(storedGatewayFees()).toEqual([PAYPAL]);
  expect(storedCosts()).toMatchObject({ paymentFeesEnabled: 0, paymentFeeBasisPoints: 290 });
});
