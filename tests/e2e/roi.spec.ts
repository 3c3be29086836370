import { formatCents } from "../../app/domain/money";
import { periodContaining, previousPeriod } from "../../app/domain/roi-report";
import { demoShopId, expect, openDatabase, test } from "./fixtures";

/**
 * What the demo store's orders count in [start, end), each order once (docs/decisions/0025-what-saved-means.md):
 * saved (stopped + recovered) and flagged.
 */
function moneyBetween(start: Date, end: Date): { saved: number; flagged: number } {
  const db = openDatabase();
  try {
    const shopId = demoShopId(db);
    return db
      .prepare(
        `SELECT COALESCE(SUM(stoppedCents + recoveredCents), 0) AS saved, COALESCE(SUM(flaggedCents), 0) AS flagged
         FROM OrderMoney WHERE shopId = ? AND at >= ? AND at < ?`,
      )
      .get(shopId, start.getTime(), end.getTime()) as { saved: number; flagged: number };
  } finally {
    db.close();
  }
}

function shopZone(): string {
  const db = openDatabase();
  try {
    return (db.prepare("SELECT timezone FROM Shop WHERE id = ?").get(demoShopId(db)) as { timezone: string }).timezone;
  } finally {
    db.close();
  }
}

test("the ROI dashboard's figures follow the period, as the orders' money says", async ({ page }) => {
  const zone = shopZone();
  await page.goto("/roi-dashboard");
  await expect(
    page.getByText(`Days and amounts in your store's time zone (${zone}) and currency (USD).`),
  ).toBeVisible();
  const totalSaved = page.getByRole("region", { name: "Total saved" });
  const flagged = page.getByRole("region", { name: "Flagged" });
  // every figure made from the demo's sample orders says so on its own card
  for (const card of [totalSaved, flagged, page.getByRole("region", { name: "Cost analysis" })]) {
    await expect(card.getByText("Sample data")).toBeVisible();
  }

  for (const range of ["this_month", "this_quarter", "this_year"] as const) {
    if (range !== "this_month") {
      await expect(async () => {
        await page.getByLabel("Period").selectOption(range);
        await expect(page).toHaveURL(new RegExp(`range=${range}`), { timeout: 2_000 });
      }).toPass({ timeout: 20_000 });
    }
    const now = new Date();
    const period = periodContaining(range, now, zone);
    const before = previousPeriod(range, now, zone);
    await expect(page.getByLabel("Period")).toHaveValue(range);
    const money = moneyBetween(period.start, period.end);
    await expect(totalSaved.getByText(formatCents(money.saved), { exact: true })).toBeVisible();
    await expect(totalSaved).toContainText(`: ${formatCents(moneyBetween(before.start, before.end).saved)}`);
    await expect(flagged.getByText(formatCents(money.flagged), { exact: true })).toBeVisible();
    await expect(flagged).toContainText(`: ${formatCents(moneyBetween(before.start, before.end).flagged)}`);
    await expect(page.getByRole("region", { name: "Cost analysis" })).toContainText(
      `Core at $29.00 per 30 days × ${period.days} days in this period`,
    );
  }
  // the chart draws in the browser; the table beside it has one row per month of the year
  await expect(page.getByRole("region", { name: "Saved over time" }).locator("svg").first()).toBeVisible();
  await expect(page.getByRole("table").nth(1).getByText("Dec", { exact: true })).toBeVisible();
  // shares of saved add up to 100, or are all 0 when nothing was saved
  const shares = await page
    .getByRole("table")
    .first()
    .getByRole("row")
    .filter({ has: page.getByRole("cell") })
    .evaluateAll((rows) => rows.map((row) => Number(row.children[2]?.textContent?.replace("%", "") ?? 0)));
  const year = periodContaining("this_year", new Date(), zone);
  expect(shares.reduce((sum, share) => sum + share, 0)).toBe(moneyBetween(year.start, year.end).saved > 0 ? 100 : 0);

  // the flagged figure's orders, in the Audit Log, add up to the figure
  const figure = formatCents(moneyBetween(year.start, year.end).flagged);
  await flagged.getByRole("link", { name: "See the orders" }).click();
  await expect(page).toHaveURL(/\/audit-log\?figure=flagged/);
  await expect(page.getByRole("heading", { name: `Orders behind Flagged: ${figure}` })).toBeVisible();
});
