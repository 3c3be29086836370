import { formatCents } from "../../app/domain/money";
import { elapsedDays, periodContaining, previousPeriod } from "../../app/domain/roi/roi-report";
import { demoShopId, expect, openDatabase, test } from "./fixtures";
import { screenshotsAt } from "./screens-axe";

/**
 * What the demo store's orders count in [start, end), each order once (docs/product.md#what-the-figures-count):
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
  const flagged = page.getByRole("region", { name: "Flagged", exact: true });
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
  // the chart has a bar per month so far this year, none after this month; shares of saved add up to 100
  const year = periodContaining("this_year", new Date(), zone);
  const months = new Intl.DateTimeFormat("en-US", { timeZone: zone, month: "numeric" }).format(new Date());
  await expect(page.getByTestId("margin-chart-bar")).toHaveCount(Number(months));
  const shares = await page
    .getByRole("region", { name: "Savings by rule type" })
    .getByRole("row")
    .filter({ has: page.getByRole("cell") })
    .evaluateAll((rows) => rows.map((row) => Number(row.children[2]?.textContent?.replace("%", "") ?? 0)));
  expect(shares.reduce((sum, share) => sum + share, 0)).toBe(moneyBetween(year.start, year.end).saved > 0 ? 100 : 0);

  // the flagged figure's orders, in the Audit Log, add up to the figure
  const figure = formatCents(moneyBetween(year.start, year.end).flagged);
  await flagged.getByRole("link", { name: "See the orders" }).click();
  await expect(page).toHaveURL(/\/audit-log\?figure=flagged/);
  await expect(page.getByRole("heading", { name: `Orders behind Flagged: ${figure}` })).toBeVisible();
});

/** Today in the shop's zone as the chart's table names a day: "Wed Nov 25". */
function todayLabel(zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone: zone, weekday: "short", month: "short", day: "numeric" })
      .formatToParts(new Date())
      .map((part) => [part.type, part.value]),
  );
  return `${parts.weekday} ${parts.month} ${parts.day}`;
}

test("each ROI card names its period, and ROI is one measure: the return in percent", async ({ page }) => {
  await page.goto("/roi-dashboard");
  const zone = shopZone();
  for (const name of [
    "Total saved",
    "Blocked checkouts",
    "Alerts sent",
    "Return on subscription",
    "Flagged",
    "Cost analysis",
  ]) {
    await expect(
      page.getByRole("region", { name, exact: true }).getByText("This month", { exact: true }),
    ).toBeVisible();
  }
  await expect(page.getByRole("region", { name: "Annual projection" })).toContainText("at this month's rate");
  const period = periodContaining("this_month", new Date(), zone);
  const days = elapsedDays(period, new Date(), zone);
  await expect(page.getByText(/^This month: [A-Z][a-z]{2} 1, \d{4} – [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
  // the return in percent (or words when nothing was saved or counted this month), the same on both cards
  const card = page.getByRole("region", { name: "Return on subscription" });
  const value = (await card.locator("p").nth(1).innerText()).trim();
  expect(value).toMatch(/^(-?[\d,]+%|Nothing saved yet: [\d,]+ orders? flagged|No orders counted this month)$/);
  await expect(page.getByRole("region", { name: "Cost analysis" })).toContainText(`Return on subscription: ${value}`);
  // no multiple anywhere ("79.9× the cost"): one measure
  await expect(page.getByText(/\d×/)).toHaveCount(0);
  expect(days).toBeGreaterThan(0);
});

test("the chart: one tab stop, arrow keys, money tooltips, no days after today, and its table", async ({ page }) => {
  const zone = shopZone();
  await page.goto("/roi-dashboard");
  const card = page.getByRole("region", { name: "Saved and flagged over time" });
  const chart = card.getByRole("group", { name: "Saved and flagged by day, this month" });
  await expect(chart).toBeVisible();
  // one keyboard stop for the whole chart (the bars are not tab stops), then the table's button
  const stops = await card.evaluate(
    (element) =>
      [...element.querySelectorAll<HTMLElement>("*")].filter(
        (node) => node.tabIndex >= 0 && !node.hasAttribute("disabled"),
      ).length,
  );
  expect(stops).toBe(2);
  await chart.focus();
  await expect(chart).toBeFocused();
  const tooltip = card.getByTestId("margin-chart-tooltip");
  // focus shows today's bar, the last one: days after today are not drawn
  const today = todayLabel(zone);
  await expect(tooltip).toContainText(today);
  await expect(tooltip).toContainText(/Saved \$[\d,]+\.\d{2}/);
  await expect(tooltip).toContainText(/Flagged \$[\d,]+\.\d{2}/);
  await page.keyboard.press("Home");
  await expect(tooltip).toContainText(/^\w{3} \w{3} 1(?!\d)/);
  await page.keyboard.press("ArrowRight");
  await expect(tooltip).toContainText(/^\w{3} \w{3} 2(?!\d)/);
  // what the tooltip shows is read aloud too
  await expect(card.locator("[aria-live]")).toContainText(/: saved \$[\d,]+\.\d{2}, flagged \$[\d,]+\.\d{2}$/);
  await page.keyboard.press("Tab");
  await expect(card.getByRole("button", { name: "View as table" })).toBeFocused();

  // the mouse: a tooltip with the day's money in the store's currency
  const bars = card.getByTestId("margin-chart-bar");
  const period = periodContaining("this_month", new Date(), zone);
  const days = elapsedDays(period, new Date(), zone);
  await expect(bars).toHaveCount(days);
  await bars.nth(0).hover();
  await expect(tooltip).toContainText(/Flagged \$[\d,]+\.\d{2}/);

  // the same figures as a table, a row per day so far, today last
  await card.getByRole("button", { name: "View as table" }).click();
  const table = card.getByRole("table", { name: "Saved and flagged by day, this month" });
  await expect(table).toBeVisible();
  const rows = table.getByRole("row").filter({ has: page.getByRole("cell") });
  await expect(rows).toHaveCount(days);
  await expect(rows.last().getByRole("rowheader")).toHaveText(today);

  // axis labels whole, inside the chart, at every width; no sideways scroll
  for (const width of [375, 800, 1040]) {
    await page.setViewportSize({ width, height: 900 });
    const box = (await chart.boundingBox())!;
    const labels = chart.locator("span").filter({ hasText: /^[A-Z][a-z]{2} \d{1,2}$/ });
    expect(await labels.count()).toBeGreaterThanOrEqual(3);
    for (const label of await labels.all()) {
      const own = (await label.boundingBox())!;
      expect(own.x, `${await label.innerText()} at ${width} px`).toBeGreaterThanOrEqual(box.x);
      expect(own.x + own.width, `${await label.innerText()} at ${width} px`).toBeLessThanOrEqual(
        box.x + box.width + 0.5,
      );
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  await card.getByRole("button", { name: "Hide table" }).click();
  await screenshotsAt(page, "numbers-roi-seeded");
  await page.goto("/dashboard");
  await screenshotsAt(page, "numbers-dashboard-seeded");
});

const STAT_CARDS = [
  "Total saved",
  "Blocked checkouts",
  "Alerts sent",
  "Return on subscription",
  "Flagged",
  "Annual projection",
  "Cost analysis",
];

test("the stat cards are an even grid at every width, and the legend names only series with bars", async ({ page }) => {
  await page.goto("/roi-dashboard");
  for (const [width, columns] of [
    [375, 1],
    [800, 2],
    [1040, 4],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    const boxes = await Promise.all(
      STAT_CARDS.map(async (name) => (await page.getByRole("region", { name, exact: true }).boundingBox())!),
    );
    // the cards by row: every row full (as wide as the first), its cards as tall as each other
    const rows = new Map<number, typeof boxes>();
    for (const box of boxes) rows.set(Math.round(box.y), [...(rows.get(Math.round(box.y)) ?? []), box]);
    const span = (row: typeof boxes) =>
      Math.max(...row.map((box) => box.x + box.width)) - Math.min(...row.map((box) => box.x));
    const [first] = [...rows.values()];
    expect(first, `${width} px`).toHaveLength(columns);
    for (const row of rows.values()) {
      expect(Math.abs(span(row) - span(first)), `a row's width at ${width} px`).toBeLessThanOrEqual(1);
      const heights = row.map((box) => box.height);
      expect(Math.max(...heights) - Math.min(...heights), `a row's heights at ${width} px`).toBeLessThanOrEqual(1);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
  await page.setViewportSize({ width: 1280, height: 720 });

  // each period's chart: a legend key only for a series with money in one of its bars
  for (const range of ["this_week", "this_month", "this_year"]) {
    await page.goto(`/roi-dashboard?range=${range}`);
    const card = page.getByRole("region", { name: "Saved and flagged over time" });
    if ((await card.getByTestId("margin-chart").count()) === 0) continue;
    await card.getByRole("button", { name: "View as table" }).click();
    const column = async (index: number) =>
      (await card
        .getByRole("row")
        .filter({ has: page.getByRole("cell") })
        .evaluateAll((rows, at) => rows.map((row) => row.children[at]?.textContent ?? ""), index)) as string[];
    const some = (values: string[]) => values.some((value) => /[1-9]/.test(value));
    const legend = card.getByTestId("margin-chart-legend");
    await expect(legend.getByText("Saved", { exact: true })).toHaveCount(some(await column(1)) ? 1 : 0);
    await expect(legend.getByText("Flagged", { exact: true })).toHaveCount(some(await column(2)) ? 1 : 0);
  }
  await page.goto("/roi-dashboard");
  await screenshotsAt(page, "roi-grid-seeded");
});
