// The promotion preflight on the merchant's path (docs/product.md#promotion-preflight): from the
// sidebar to /preflight, run it on the demo store's carts (its discounts come from the stand-in of
// Shopify), see the progress end in the worst stack, the worst carts and the risks, and follow a
// discount's link to its page in Shopify's admin. At 375, 800 and 1040 px nothing on the page scrolls
// sideways, neither the page nor a part of it (the worst carts' table included); screenshots at each.
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { demoShopId, expect, sidebar, test } from "./fixtures";
import { axeViolations, screenshotsAt } from "./screens-axe";
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
  await expect(page.getByText("days must be a whole number from 1 to 365").first()).toBeVisible();
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
