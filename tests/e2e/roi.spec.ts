import { formatCents } from "../../app/domain/money";
import { periodContaining, previousPeriod } from "../../app/domain/roi-report";
import { demoShopId, expect, openDatabase, test } from "./fixtures";

/** What the demo store's events say was saved in [start, end): breaches and blocked checkouts. */
function savedBetween(start: Date, end: Date): number {
  const db = openDatabase();
  try {
    const shopId = demoShopId(db);
    const row = db
      .prepare(
        `SELECT COALESCE(SUM(marginSavedCents), 0) AS cents FROM AuditEvent
         WHERE shopId = ? AND eventType IN ('rule_triggered', 'checkout_blocked') AND createdAt >= ? AND createdAt < ?`,
      )
      .get(shopId, start.getTime(), end.getTime()) as { cents: number };
    return row.cents;
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

test("the ROI dashboard's figures follow the period, as the recorded events say", async ({ page }) => {
  const zone = shopZone();
  await page.goto("/roi-dashboard");
  await expect(
    page.getByText(`Days and amounts in your store's time zone (${zone}) and currency (USD).`),
  ).toBeVisible();
  const totalSaved = page.getByRole("region", { name: "Total saved" });

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
    await expect(
      totalSaved.getByText(formatCents(savedBetween(period.start, period.end)), { exact: true }),
    ).toBeVisible();
    await expect(totalSaved).toContainText(`: ${formatCents(savedBetween(before.start, before.end))}`);
    await expect(page.getByRole("region", { name: "Cost analysis" })).toContainText(
      `Core at $29.00 per 30 days × ${period.days} days in this period`,
    );
  }
  // the chart draws in the browser; the table beside it has one row per month of the year
  await expect(page.getByRole("region", { name: "Margin protected over time" }).locator("svg").first()).toBeVisible();
  await expect(page.getByRole("table").nth(1).getByText("Dec", { exact: true })).toBeVisible();
  const shares = await page
    .getByRole("table")
    .first()
    .getByRole("row")
    .filter({ has: page.getByRole("cell") })
    .evaluateAll((rows) => rows.map((row) => Number(row.lastElementChild?.textContent?.replace("%", "") ?? 0)));
  expect(shares.reduce((sum, share) => sum + share, 0)).toBe(100);
});
