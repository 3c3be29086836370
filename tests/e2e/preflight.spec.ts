// The promotion preflight on the merchant's path (docs/product.md#promotion-preflight): from the
// sidebar to /preflight, run it on the demo store's carts (its discounts come from the stand-in of
// Shopify), see the progress end in the worst stack, the worst carts and the risks, and follow a
// discount's link to its page in Shopify's admin; check one discount as Shopify's discount page's
// action does; plan a promotion before creating it and read the
// discount hygiene audit with its fix links and thresholds. At 375, 800 and 1040 px nothing on the page scrolls
// sideways, neither the page nor a part of it (the worst carts' table included); screenshots at each.
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { demoShopId, expect, hydrated, sidebar, test, toast } from "./fixtures";
import { axeViolations, SCREENSHOTS, screenshotsAt } from "./screens-axe";
import { e2eDatabase } from "./demo-store";

/**
 * What scrolls sideways at the current width: the page itself (its scrollWidth past its clientWidth),
 * and any element of the page's content whose own content is wider than it and may scroll (a table's
 * scroll box), each named.
 */
async function sidewaysScroll(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) found.push(`the page (${root.scrollWidth} > ${root.clientWidth})`);
    for (const element of document.querySelectorAll("#AppFrameMain *")) {
      const overflowX = getComputedStyle(element).overflowX;
      if (overflowX !== "auto" && overflowX !== "scroll") continue;
      if (element.scrollWidth > element.clientWidth + 1) {
        const name = `${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 2).join(".")}`;
        found.push(`${name} (${element.scrollWidth} > ${element.clientWidth})`);
      }
    }
    return found;
  });
}

test("a merchant runs the preflight and follows the worst stack's discount to Shopify's admin", async ({ page }) => {
  await page.goto("/dashboard");
  await sidebar(page).getByRole("link", { name: "Preflight", exact: true }).click();
  await expect(page).toHaveURL(/\/preflight$/);
  await expect(page.getByRole("heading", { level: 1, name: "Preflight" })).toBeVisible();
  await expect(
    page.getByText("The worst discount a customer could reach by stacking your live and scheduled discounts"),
  ).toBeVisible();
  await expect(page.getByLabel("Carts of the last")).toHaveValue("60");

  // a bad number of days is refused, and nothing runs
  await page.getByLabel("Carts of the last").fill("400");
  await page.getByRole("button", { name: "Run preflight" }).click();
  await expect(page.getByText("Days must be a whole number from 1 to 365").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Worst reachable stack" })).toHaveCount(0);

  await page.getByLabel("Carts of the last").fill("60");
  await page.getByRole("button", { name: "Run preflight" }).click();
  const worst = page.getByRole("heading", { level: 2, name: "Worst reachable stack" });
  await expect(worst).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/^\d+(\.\d)?% off \(\$\d+\.\d\d\) on cart #\d+$/)).toBeVisible();
  const stack = page.locator("ul").filter({ hasText: "SUMMER20" });
  for (const label of ["automatic 'Summer Sale 15% off'", "SUMMER20", "automatic 'Spend $150, save $20'", "FREESHIP"]) {
    await expect(stack.getByRole("link", { name: label, exact: true })).toBeVisible();
  }
  await expect(page.getByText("Your rules would catch this")).toBeVisible();
  // the demo's testing rule catches nothing: it is listed apart, with its would-have count
  await expect(
    page.getByText(
      /^Testing rules, which catch nothing, would have flagged it: Trial: max 15% off \(\d+ of the worst carts\)$/,
    ),
  ).toBeVisible();
  await expect(page.locator(".Polaris-Banner").filter({ hasText: "Your rules would catch this" })).not.toContainText(
    "Trial",
  );
  await expect(page.getByRole("heading", { level: 2, name: "Worst carts" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Risks" })).toBeVisible();
  await expect(
    page.getByText("SUMMER20 is open to every customer and has no usage limit: once shared, anyone can use it"),
  ).toBeVisible();
  await expect(page.getByText(/GIFT500 takes \$500\.00 off, more than the typical cart/)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  for (const width of [375, 800, 1040]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.getByRole("heading", { level: 2, name: "Worst carts" })).toBeVisible();
    expect(await sidewaysScroll(page), `sideways scroll at ${width} px`).toEqual([]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
  }
  await screenshotsAt(page, "preflight", [375, 800, 1040]);

  // the discount's link opens its page in Shopify's admin (answered here: nothing leaves the machine)
  const link = stack.getByRole("link", { name: "SUMMER20", exact: true });
  await expect(link).toHaveAttribute("href", "https://admin.shopify.com/store/margin-guardrail-demo/discounts/9401");
  await page
    .context()
    .route("https://admin.shopify.com/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<title>Shopify admin</title>" }),
    );
  const [opened] = await Promise.all([page.waitForEvent("popup"), link.click()]);
  await expect(opened).toHaveURL("https://admin.shopify.com/store/margin-guardrail-demo/discounts/9401");
  await opened.close();

  // the result stays after a reload
  await page.reload();
  await expect(worst).toBeVisible();

  // a run under way (its row as a run writes it, removed after): the progress bar and its count fit too
  const db = new Database(e2eDatabase(), { fileMustExist: true });
  try {
    const now = Date.now();
    db.prepare(
      "INSERT INTO PreflightRun (id, shopId, status, trigger, days, ordersTotal, ordersRead, createdAt, updatedAt) VALUES (?, ?, 'running', 'manual', 60, 265, 120, ?, ?)",
    ).run("e2e-preflight-running", demoShopId(db), now, now);
    await page.reload();
    await expect(page.getByRole("progressbar")).toBeVisible();
    await expect(page.getByText("120 of 265 carts read")).toBeVisible();
    await expect(page.getByRole("button", { name: "Run preflight" })).toBeDisabled();
    for (const width of [375, 800, 1040]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await sidewaysScroll(page), `sideways scroll at ${width} px while running`).toEqual([]);
    }
    await screenshotsAt(page, "preflight-running", [375, 1040]);
  } finally {
    db.prepare("DELETE FROM PreflightRun WHERE id = ?").run("e2e-preflight-running");
    db.close();
  }
});

test("a merchant plans a promotion before creating it, and fixes the discounts the audit flags", async ({ page }) => {
  await page.goto("/preflight");
  await hydrated(page);
  const plan = page.getByRole("region", { name: "Plan a promotion" });
  await expect(plan).toBeVisible();

  // a bad value is refused on the form, and nothing is checked
  await plan.getByLabel("Title", { exact: true }).fill("Flash 30");
  await plan.getByLabel("Code", { exact: true }).fill("FLASH30");
  await plan.getByLabel("Discounts", { exact: true }).selectOption("ORDER");
  await plan.getByLabel("Value", { exact: true }).fill("130");
  await plan.getByRole("button", { name: "Check this promotion" }).click();
  await expect(plan.getByText("A percentage is above 0 and at most 100")).toBeVisible();
  await expect(plan.getByText(/^Worst stack:/)).toHaveCount(0);

  // 30 % off the order, combining with every class: it stacks with SUMMER20 and the automatic discounts
  await plan.getByLabel("Value", { exact: true }).fill("30");
  for (const name of ["Product discounts", "Order discounts", "Shipping discounts"]) {
    await plan.getByLabel(name, { exact: true }).check();
  }
  await plan.getByRole("button", { name: "Check this promotion" }).click();
  await expect(plan.getByText(/^Worst stack: \d+(\.\d)?% off \(\$[\d,]+\.\d\d\) on cart #\d+$/)).toBeVisible({
    timeout: 30_000,
  });
  await expect(plan.getByText(/^\d+ discounts deep; /)).toBeVisible();
  await expect(plan.getByRole("listitem").filter({ hasText: "FLASH30" })).toBeVisible();
  await expect(plan.getByRole("link", { name: "SUMMER20", exact: true })).toBeVisible();
  await expect(plan.getByText("FLASH30 has no end date")).toBeVisible();
  await expect(plan.getByText("FLASH30 combines with product, order and shipping discounts")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // the audit of the live discounts, after a run: each finding with its fix in Shopify's admin
  await page.getByRole("button", { name: "Run preflight" }).click();
  const hygiene = page.getByRole("region", { name: "Discount hygiene" });
  await expect(hygiene).toBeVisible({ timeout: 30_000 });
  await expect(
    hygiene.getByText("BEANIE10 applies to a variant already on sale (a compare-at price above the price)"),
  ).toBeVisible();
  await expect(hygiene.getByText("FREESHIP has no end date")).toBeVisible();
  await expect(hygiene.getByText(/^FREESHIP has been active for \d+ days, more than 42$/)).toBeVisible();
  await expect(hygiene.getByRole("link", { name: "Fix BEANIE10 in Shopify" })).toHaveAttribute(
    "href",
    "https://admin.shopify.com/store/margin-guardrail-demo/discounts/9406",
  );

  for (const width of [375, 800, 1040]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(hygiene).toBeVisible();
    expect(await sidewaysScroll(page), `sideways scroll at ${width} px`).toEqual([]);
  }
  await screenshotsAt(page, "preflight-plan", [375, 800, 1040]);

  // the thresholds are the merchant's: a bad one is refused, a good one kept
  const settings = page.getByRole("region", { name: "Audit thresholds" });
  const days = settings.getByLabel("Flag discounts active for more than");
  await expect(days).toHaveValue("42");
  await days.fill("500");
  await settings.getByRole("button", { name: "Save thresholds" }).click();
  await expect(settings.getByText("Active days must be a whole number from 1 to 365")).toBeVisible();
  await days.fill("70");
  await settings.getByRole("button", { name: "Save thresholds" }).click();
  await expect(toast(page, "Audit thresholds saved")).toBeVisible();
  await page.reload();
  await expect(days).toHaveValue("70");
  // FREESHIP started 60 days ago: not past 70 days once the preflight runs again
  await page.getByRole("button", { name: "Run preflight" }).click();
  await expect(hygiene.getByText(/^FREESHIP has been active for/)).toHaveCount(0, { timeout: 30_000 });
  await expect(hygiene.getByText("FREESHIP has no end date")).toBeVisible({ timeout: 30_000 });
  await expect(hygiene.getByText(/^FREESHIP has been active for/)).toHaveCount(0);
  await days.fill("42");
  await settings.getByRole("button", { name: "Save thresholds" }).click();
  await expect(toast(page, "Audit thresholds saved")).toBeVisible();
});

test("a merchant checks one discount as Shopify's discount page's action does", async ({ page }) => {
  await page.goto("/preflight");
  await hydrated(page);
  const check = page.getByRole("region", { name: "Check a discount" });
  // the demo store keeps its discounts from the start: every live one is offered
  await check.getByLabel("Discount", { exact: true }).selectOption({ label: "SUMMER20" });
  await check.getByRole("button", { name: "Check stacking risk" }).click();
  await expect(check.getByText(/^Worst stack: \d+(\.\d)?% off \(\$[\d,]+\.\d\d\) on cart #\d+$/)).toBeVisible({
    timeout: 30_000,
  });
  await expect(check.getByText(/^\d+ discounts deep; /)).toBeVisible();
  await expect(check.getByRole("link", { name: "SUMMER20", exact: true })).toHaveAttribute(
    "href",
    "https://admin.shopify.com/store/margin-guardrail-demo/discounts/9401",
  );
  await expect(check.getByText("SUMMER20 has no limit on the number of times it can be used")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await screenshotsAt(page, "preflight-check", [375, 800, 1040]);

  // the code the Discount codes page flags as leaked is the same shop's: offered, and checked alone
  // (it combines with no other discount), with its hygiene findings
  await check.getByLabel("Discount", { exact: true }).selectOption({ label: "VIP500" });
  await check.getByRole("button", { name: "Check stacking risk" }).click();
  await expect(check.getByRole("link", { name: "VIP500", exact: true })).toHaveAttribute(
    "href",
    "https://admin.shopify.com/store/margin-guardrail-demo/discounts/9501",
  );
  await expect(check.getByText(/^1 discount deep; /)).toBeVisible();
  await expect(check.getByText("VIP500 has no end date")).toBeVisible();
  for (const code of ["CREATOR15", "SUMMER30", "WELCOME5", "TENOFF", "BACKUP10", "SHIPFREE"]) {
    await expect(check.getByRole("option", { name: code, exact: true })).toBeAttached();
  }
  await screenshotsAt(page, "preflight-check-vip500", [375, 800, 1040]);
  if (SCREENSHOTS) {
    // the card alone, for a person to read at the width of a desktop admin
    await page.setViewportSize({ width: 1040, height: 900 });
    await check.screenshot({ path: "tests/.tmp/screens/preflight-check-vip500-card-1040.png" });
  }
});
